import { type ReactNode, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { Logo } from "../../../components/logo";
import { managerSession } from "../../../lib/session";

/**
 * The stored manager session, read once the page is the browser's: the prerendered HTML (and so the
 * hydrating render) has no session, and a stored one swaps the buttons right after hydration.
 */
const useStoredSession = () => useSyncExternalStore(managerSession.subscribe, managerSession.get, () => null);

/**
 * Public pages' header: Dashboard when a manager session is stored, otherwise Sign in and Start Free
 * Trial. `children` sit between the logo and those buttons (the landing page's Home/Demo tabs).
 */
export function PublicHeader({ children }: { children?: ReactNode }) {
  const session = useStoredSession();
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
