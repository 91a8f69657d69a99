import { Link } from "react-router";
import { useManagerSession } from "../lib/session";
import { Logo } from "./logo";

/** Public pages' header: Dashboard when a manager session is stored, otherwise Sign in and Start Free Trial. */
export function SiteHeader() {
  const session = useManagerSession();
  return (
    <header className="site-header">
      <Logo />
      <nav aria-label="Account">
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
