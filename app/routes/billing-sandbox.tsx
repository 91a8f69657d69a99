import { Suspense, useEffect } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { Logo } from "../components/logo";
import { Toasts } from "../components/toasts";
import { loadSandboxCheckoutPage } from "../features/billing";
import "../features/billing/billing.css";
import { lazyComponent } from "../lib/lazy";
import { ServerState } from "../lib/server-state";

const SandboxCheckoutPage = lazyComponent(loadSandboxCheckoutPage);

/** /billing/sandbox?checkout=<id>: the offline billing sandbox's payment page. */
export default function BillingSandboxRoute() {
  const [params] = useSearchParams();
  const checkoutId = params.get("checkout");
  const navigate = useNavigate();
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
        <Suspense fallback={null}>
          <SandboxCheckoutPage
            checkoutId={checkoutId}
            onReturn={(outcome) => navigate(`/manager-dashboard?billing=${outcome}`, { replace: true })}
          />
        </Suspense>
      </div>
    </ServerState>
  );
}
