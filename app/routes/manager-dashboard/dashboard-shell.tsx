import { hasFeature } from "@domain/plans";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect, useState } from "react";
import { ActionsMenu } from "../../components/actions-menu";
import { Logo } from "../../components/logo";
import { AssistantChat } from "../../features/assistant";
import { signOut } from "../../features/auth";
import {
  loadManageSubscriptionDialog,
  PlanBillingButton,
  subscriptionDialog,
  useBillingReturn,
  useSubscription,
  useSubscriptionDialogOpen,
} from "../../features/billing";
import { loadEmailPreferencesDialog } from "../../features/email-preferences";
import { IntegrationsButton } from "../../features/integrations";
import { FirstLocation, LocationActions, LocationPicker, locationsQuery } from "../../features/locations";
import { SetupChecklist } from "../../features/setup";
import { TeamButton } from "../../features/team";
import { lazyComponent } from "../../lib/lazy";
import { sessionCan } from "../../lib/permissions";
import { managerSession, useManagerSession } from "../../lib/session";
import { toast } from "../../lib/toast";
import { DashboardTabs } from "./dashboard-tabs";
import { openDashboardTab } from "./open-tab";

const SELECTED_KEY = "clocked.selected_location";
const ManageSubscriptionDialog = lazyComponent(loadManageSubscriptionDialog);
const EmailPreferencesDialog = lazyComponent(loadEmailPreferencesDialog);

export function DashboardShell() {
  const session = useManagerSession();
  const queryClient = useQueryClient();
  const locations = useQuery(locationsQuery).data?.locations ?? null;
  const [selectedId, setSelectedId] = useState<string | null>(() => localStorage.getItem(SELECTED_KEY));
  const subscription = useSubscription();
  const dialogOpen = useSubscriptionDialogOpen();
  const [emailsOpen, setEmailsOpen] = useState(false);
  useBillingReturn();
  // The chosen location while it is on the list; otherwise the first.
  const selected = locations?.find((l) => l.id === selectedId) ?? locations?.[0] ?? null;
  const selectedKey = selected?.id;

  useEffect(() => {
    if (selectedKey) localStorage.setItem(SELECTED_KEY, selectedKey);
  }, [selectedKey]);

  async function logout() {
    try {
      await signOut();
    } catch {
      // Signing out locally matters more than the server's answer.
    }
    managerSession.clear();
    toast.success("Logged out");
  }

  if (!session) return null;
  // The same gate the API enforces: shown only if the plan has it (worker/domain/plans.ts; VIP included).
  // And only for a role that may use it: it answers from every location's data (docs/team.md).
  const hasAssistant =
    hasFeature({ plan: session.user.plan, isVip: session.user.is_vip }, "aiAssistant") &&
    sessionCan(session, "assistant:use");
  const canEditLocations = sessionCan(session, "locations:edit");

  // On a phone or a portrait tablet the button sits in the location's bar, never over the figures.
  const assistant = hasAssistant ? <AssistantChat /> : null;

  return (
    <div className="dashboard">
      {/* One bar on a phone: the location picker, and the rest of the account behind "Menu". */}
      <header className="dashboard__header">
        <Logo to="/manager-dashboard" />
        {locations && locations.length > 0 && (
          <LocationPicker locations={locations} selectedId={selected?.id ?? null} onSelect={setSelectedId} />
        )}
        <ActionsMenu label="Menu" className="dashboard__menu">
          {locations && locations.length > 0 && canEditLocations && (
            <LocationActions
              locations={locations}
              selectedId={selected?.id ?? null}
              onAdded={setSelectedId}
            />
          )}
          <div className="dashboard__account">
            {/* Who is signed in: shown in the folded menu only. */}
            <span className="dashboard__who">{session.user.name}</span>
            {sessionCan(session, "team:manage") && <TeamButton />}
            {sessionCan(session, "integrations:manage") && <IntegrationsButton />}
            <PlanBillingButton user={session.user} status={subscription.status} />
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setEmailsOpen(true)}
            >
              E-mails
            </button>
            <button type="button" className="button button--ghost button--small" onClick={logout}>
              Logout
            </button>
          </div>
        </ActionsMenu>
      </header>
      <main className="dashboard__main">
        {locations === null ? (
          <p className="muted">Loading your locations…</p>
        ) : selected ? (
          <>
            {/* A new location's checklist, until it is set up: above the tabs its steps lead to. */}
            {/* Its steps run from staff and kiosks to pay rules: for the owner and admins, who may do them all. */}
            {sessionCan(session, "pay-terms:edit") && (
              <SetupChecklist key={selected.id} location={selected} onOpen={openDashboardTab} />
            )}
            <DashboardTabs location={selected} assistant={assistant} />
          </>
        ) : (
          <>
            {canEditLocations ? (
              <FirstLocation onCreated={setSelectedId} />
            ) : (
              <p className="muted">
                No locations are assigned to you yet. Ask the account's owner or an admin.
              </p>
            )}
            {assistant}
          </>
        )}
      </main>
      {emailsOpen && (
        <Suspense fallback={null}>
          <EmailPreferencesDialog onClose={() => setEmailsOpen(false)} />
        </Suspense>
      )}
      {dialogOpen && (
        <Suspense fallback={null}>
          <ManageSubscriptionDialog
            subscription={subscription}
            onClose={() => {
              subscriptionDialog.close();
              void queryClient.invalidateQueries({ queryKey: locationsQuery.queryKey });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
