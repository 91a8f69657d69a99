import { type ReactNode, useEffect } from "react";
import { useLocation } from "react-router";
import { SiteHeader } from "../../../components/site-header";
import { SiteFooter } from "./site-footer";
import "../styles/public-page.css";

/**
 * A page opens at its top, or at `#fragment` once rendered (the browser looked for it before it existed).
 * Each route mounts its own PublicPage, so a new page runs this on mount.
 */
function useScrollOnNavigate() {
  const { hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [hash]);
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
      <SiteHeader>{headerContent}</SiteHeader>
      <main id="content" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
