import { useEffect } from "react";
import { Navigate, useSearchParams } from "react-router";
import { Logo } from "../components/logo";
import { Toasts } from "../components/toasts";
import { SandboxCheckoutPage } from "../features/billing";
import "../features/billing/billing.css";
import { ServerState } from "../lib/server-state";

/** /billing/sandbox?checkout=<id>: the offline billing sandbox's payment page. */
export default function BillingSandboxRoute() {
  const [params] = useSearchParams();
  const checkoutId = params.get("checkout");
  useEffect(() => {
    document.title = "Billing sandbox — Clocked";
  }, []);
  if (!checkoutId) return <Navigate to="/manager-dashboard" replace />;
  return (
    <ServerState>
      <Toasts />
      <div className="auth-page">
        <header className="auth-page__header">
          <Logo />
        </header>
        <SandboxCheckoutPage checkoutId={checkoutId} />
      </div>
    </ServerState>
  );
}
