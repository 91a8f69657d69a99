import { PLAN_IDS, type PlanId } from "@contracts/auth";
import { useEffect, useRef } from "react";
import { useNavigate, useParams } from "react-router";
import { changePlan } from "../features/billing";
import { detailOr } from "../lib/api";
import { managerSession } from "../lib/session";

// /purchase/{starter|pro|business}: the links on public pages that start a purchase. They need a stored
// manager session; without one the visitor is told to create an account first.
export const NO_SESSION_ALERTS: Record<PlanId, string> = {
  pro: "Please create an account first to start your free trial.",
  starter: "Please create an account first to subscribe to the Starter plan.",
  business: "Please create an account first to subscribe to the Business plan.",
};

const isPlan = (value: string | undefined): value is PlanId => PLAN_IDS.some((id) => id === value);

export default function PurchaseRoute() {
  const { plan } = useParams();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development: one purchase only
    started.current = true;
    if (!isPlan(plan)) return void navigate("/manager-dashboard", { replace: true });
    if (!managerSession.get()) {
      window.alert(NO_SESSION_ALERTS[plan]);
      return void navigate("/manager-dashboard", { replace: true });
    }
    changePlan(plan)
      .then((answer) => {
        // This page is the purchase: the payment page replaces it rather than opening a tab.
        if (answer.url) window.location.replace(new URL(answer.url, window.location.origin).href);
        else navigate(`/manager-dashboard?billing=changed`, { replace: true });
      })
      .catch((error: unknown) => {
        window.alert(detailOr(error, "Error changing subscription"));
        navigate("/manager-dashboard", { replace: true });
      });
  }, [plan, navigate]);

  return <p className="muted centre">Opening the payment page…</p>;
}
