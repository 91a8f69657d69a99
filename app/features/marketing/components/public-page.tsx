import { type ReactNode, useEffect } from "react";
import { useLocation } from "react-router";
import { PublicHeader } from "./public-header";
import { SiteFooter } from "./site-footer";
import "../styles/public-page.css";

/** Whether this document has shown a public page yet. */
let shownPage = false;

/**
 * A page opens at its top, or at `#fragment` once rendered (the browser looked for it before it existed).
 * Each route mounts its own PublicPage, so a new page runs this on mount. Except the page the document
 * was loaded with (the history entry React Router keys "default"): it arrived prerendered, so the browser
 * has placed it already (at its top, at the fragment, or where a reload left it), and the reader may have
 * scrolled before it was hydrated.
 */
function useScrollOnNavigate() {
  const { hash, key } = useLocation();
  useEffect(() => {
    const placedByBrowser = !shownPage && key === "default";
    shownPage = true;
    if (placedByBrowser) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [hash, key]);
}

type Props = { headerContent?: ReactNode; children: ReactNode };

/** The frame of every public page: header, a skip link to the content, the page, the footer. */
export function PublicPage({ headerContent, children }: Props) {
  useScrollOnNavigate();
  return (
    <div className="public-page">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <PublicHeader>{headerContent}</PublicHeader>
      <main id="content" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
