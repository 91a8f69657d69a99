import type { ReactNode } from "react";

export type InfoItem = { title: string; text: ReactNode };

/** A titled section of short cards: the building block of the marketing pages' copy. */
export function InfoSection({
  id,
  title,
  intro,
  items,
  layout = "grid",
}: {
  id: string;
  title: string;
  intro?: string;
  items: readonly InfoItem[];
  /** grid: as many columns as fit; pairs: two per row (long text); row: all on one row (short steps). */
  layout?: "grid" | "pairs" | "row";
}) {
  return (
    <section className="section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {intro && <p className="section__intro">{intro}</p>}
      <ul className={`feature-grid feature-grid--${layout}`}>
        {items.map((item) => (
          <li key={item.title} className="feature-card">
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
