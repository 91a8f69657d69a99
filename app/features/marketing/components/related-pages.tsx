import { Link } from "react-router";

export type RelatedPage = { to: string; title: string; text: string };

/** The links each marketing page carries to the others and to the plans. */
export function RelatedPages({ pages }: { pages: readonly RelatedPage[] }) {
  return (
    <nav className="section" aria-labelledby="related-heading">
      <h2 id="related-heading">Read next</h2>
      <ul className="guide-grid">
        {pages.map((page) => (
          <li key={page.to}>
            <Link className="guide-card" to={page.to}>
              <strong>{page.title}</strong>
              <span>{page.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
