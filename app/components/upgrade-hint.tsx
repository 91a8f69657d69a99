import { cheapestPlanWith, type Feature, featureDeniedMessage } from "@domain/plans";

/** The small plan name ("Pro") on a feature the current plan does not include. */
export function PlanTag({ feature }: { feature: Feature }) {
  const plan = cheapestPlanWith(feature);
  return plan ? <span className="plan-tag">{plan.name}</span> : null;
}

/**
 * A disabled button with the plan that unlocks it; the tooltip says which plans include it. Its name starts
 * with the text it shows ("Download All Pro"), as speech input expects (WCAG 2.5.3), then `name` if given
 * (what the short label is about: "Pay terms for Ivy Marsh" for "Pay"), then why it is locked.
 */
export function LockedButton({ feature, label, name }: { feature: Feature; label: string; name?: string }) {
  const tip = featureDeniedMessage(feature);
  const plan = cheapestPlanWith(feature);
  return (
    <span className="locked" title={tip}>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled
        aria-label={`${label}${plan ? ` ${plan.name}` : ""}: ${name ? `${name}. ` : ""}${tip}`}
      >
        {label} <PlanTag feature={feature} />
      </button>
    </span>
  );
}

/** A line in a card saying what the plan would add. */
export function UpgradeNote({ feature, children }: { feature: Feature; children?: React.ReactNode }) {
  return (
    <p className="upgrade-note">
      <PlanTag feature={feature} /> {children ?? featureDeniedMessage(feature)}
    </p>
  );
}
