/** "2 sessions need review", "1 session needs review". */
const needReviewText = (count: number) =>
  count === 1 ? "1 session needs review" : `${count} sessions need review`;

/**
 * The Hours tab's name when sessions need review, "Hours, 2 sessions need review"; undefined (the tab's own
 * text) when none do. Set as the tab's aria-label, since the pill beside the name is for the eye only.
 */
export const reviewTabName = (tab: string, count: number) =>
  count > 0 ? `${tab}, ${needReviewText(count)}` : undefined;

/** The Hours tab's badge: a small pill with the number of sessions needing review; nothing when none do. */
export function ReviewBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="tabs__badge" aria-hidden="true">
      {count}
    </span>
  );
}
