import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import type { Location } from "../../../../worker/contracts/locations";
import { hasFeature } from "../../../../worker/domain/plans";
import { Logo } from "../../../components/logo";
import { detailOr } from "../../../lib/api";
import { managerSession, useManagerSession } from "../../../lib/session";
import { AssistantChat } from "../../assistant/components/assistant-chat";
import { authApi } from "../../auth/api";
import {
  ManageSubscriptionDialog,
  PlanBadge,
  subscriptionDialog,
  useSubscription,
  useSubscriptionDialogOpen,
} from "../../billing";
import { useBillingReturn } from "../../billing/use-billing-return";
import "../../billing/billing.css";
import { locationsApi } from "../../locations/api";
import { FirstLocation } from "../../locations/components/first-location";
import { LocationPicker } from "../../locations/components/location-picker";
import { DashboardTabs } from "./dashboard-tabs";

const SELECTED_KEY = "clocked.selected_location";

export function DashboardShell() {
  const session = useManagerSession();
  const [locations, setLocations] = useState<Location[] | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(() => localStorage.getItem(SELECTED_KEY));
  const subscription = useSubscription();
  const dialogOpen = useSubscriptionDialogOpen();
  useBillingReturn();

  const load = useCallback(async (preferId?: string) => {
    try {
      const { locations: list } = await locationsApi.list();
      setLocations(list);
      setSelectedId((current) => {
        const wanted = preferId ?? current;
        return list.some((l) => l.id === wanted) ? (wanted ?? null) : (list[0]?.id ?? null);
      });
    } catch (error) {
      toast.error(detailOr(error, "Could not load your locations"));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (selectedId) localStorage.setItem(SELECTED_KEY, selectedId);
  }, [selectedId]);

  async function logout() {
    try {
      await authApi.logout();
    } catch {
      // Signing out locally matters more than the server's answer.
    }
    managerSession.clear();
    toast.success("Logged out");
  }

  if (!session) return null;
  const selected = locations?.find((l) => l.id === selectedId) ?? null;
  // The same gate the API enforces (spec §2: shown only if the plan has it; VIP included).
  const hasAssistant = hasFeature({ plan: session.user.plan, isVip: session.user.is_vip }, "aiAssistant");

  return (
    <div className="dashboard">
      <header className="dashboard__header">
        <Logo to="/manager-dashboard" />
        {locations && locations.length > 0 && (
          <LocationPicker
            locations={locations}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onChanged={load}
          />
        )}
        <div className="dashboard__account">
          <PlanBadge user={session.user} status={subscription.status} />
          <button type="button" className="button button--ghost button--small" onClick={logout}>
            Logout
          </button>
        </div>
      </header>
      <main className="dashboard__main">
        {locations === null ? (
          <p className="muted">Loading your locations…</p>
        ) : selected ? (
          <DashboardTabs location={selected} />
        ) : (
          <FirstLocation onCreated={(id) => load(id)} />
        )}
      </main>
      {hasAssistant && <AssistantChat />}
      {dialogOpen && (
        <ManageSubscriptionDialog
          subscription={subscription}
          onClose={() => {
            subscriptionDialog.close();
            void load();
          }}
        />
      )}
    </div>
  );
}
