import type { ReactNode } from "react";
import { Link } from "react-router";
import { useManagerSession } from "../lib/session";
import { Logo } from "./logo";

/**
 * Public pages' header: Dashboard when a manager session is stored, otherwise Sign in and Start Free
 * Trial. `children` sit between the logo and those buttons (the landing page's Home/Demo tabs).
 */
export function SiteHeader({ children }: { children?: ReactNode }) {
  const session = useManagerSession();
  return (
    <header className="site-header">
      <Logo />
      {children}
      <nav aria-label="Account" className="site-header__account">
        {session ? (
          <Link className="button" to="/manager-dashboard">
            Dashboard
          </Link>
        ) : (
          <>
            <Link className="button button--ghost" to="/manager-dashboard">
              Sign in
            </Link>
            <Link className="button" to="/manager-dashboard">
              Start Free Trial
            </Link>
          </>
        )}
      </nav>
    </header>
  );
}
