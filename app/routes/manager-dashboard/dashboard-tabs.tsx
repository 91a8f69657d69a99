import type { Location } from "@contracts/locations";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ActionsMenu } from "../../components/actions-menu";
import { ScrollHints } from "../../components/scroll-hints";
import { linkedEmployees, withoutEmployeesLink } from "../../features/employees";
import { ReviewBadge, reviewTabName, useSessionsNeedingReview } from "../../features/hours";
import {
  KioskOverlayButton,
  OpenKioskLink,
  PairKioskButton,
  PairTabletButton,
} from "../../features/kiosk-settings";
import { useLiveStatus } from "../../features/live-status";
import { sessionCan } from "../../lib/permissions";
import { useManagerSession } from "../../lib/session";
import { prefetchTab, TABS, type TabId, TabPanel } from "./tab-panel";

type Tab = (typeof TABS)[number];

/** The tab row's keys, as ARIA tabs have them: arrows to the next or previous (round), Home and End. */
function tabAfterKey(key: string, active: TabId, tabs: readonly Tab[]): TabId | null {
  const index = tabs.findIndex((tab) => tab.id === active);
  const to: Record<string, number> = {
    ArrowRight: index + 1,
    ArrowLeft: index - 1,
    Home: 0,
    End: tabs.length - 1,
  };
  const next = to[key];
  return next === undefined ? null : (tabs[(next + tabs.length) % tabs.length]?.id ?? null);
}

/** `?timesheets=pay_YYYY-MM-DD`: the Monday e-mail's link to a pay period waiting for approval. */
const linkedPayPeriod = () => {
  const key = new URLSearchParams(window.location.search).get("timesheets");
  return key && /^pay_\d{4}-\d{2}-\d{2}$/.test(key) ? key : undefined;
};

type Props = {
  location: Location;
  /** The assistant's button: floating on a wide screen, in the location's bar on a phone or tablet. */
  assistant?: ReactNode;
};

export function DashboardTabs({ location, assistant }: Props) {
  const session = useManagerSession();
  // A team member sees the tabs their role can use; the server refuses the rest anyway.
  const tabs = TABS.filter((tab) => sessionCan(session, tab.permission));
  const [linked] = useState(linkedPayPeriod);
  const [chosen, setActive] = useState<TabId>(linked ? "hours" : "live");
  const active = tabs.some((tab) => tab.id === chosen) ? chosen : "live";
  const canEditKiosk = sessionCan(session, "kiosk:edit");
  // `?tab=employees&employees=<id,id>` (the payroll export's link): the Employees tab showing just them.
  const [onlyEmployees, setOnlyEmployees] = useState<string[] | null>(null);
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const link = linkedEmployees(search);
    if (!link) return;
    setActive("employees");
    setOnlyEmployees(link.ids.length > 0 ? link.ids : null);
    navigate({ search: withoutEmployeesLink(search) }, { replace: true });
  }, [search, navigate]);
  const tabList = useRef<HTMLDivElement>(null);
  // On a phone the tabs scroll sideways in one line: the open one is brought into view.
  useEffect(() => {
    const list = tabList.current;
    const tab = list?.querySelector<HTMLElement>(`#tab-${active}`);
    if (!list || !tab) return;
    const left = tab.offsetLeft;
    const right = left + tab.offsetWidth;
    if (left >= list.scrollLeft && right <= list.scrollLeft + list.clientWidth) return;
    list.scrollTo({ left: left - (list.clientWidth - tab.offsetWidth) / 2, behavior: "smooth" });
  }, [active]);
  // The link has done its work once the tab opens: a reload shows the dashboard as usual.
  useEffect(() => {
    if (!linked) return;
    const url = new URL(window.location.href);
    url.searchParams.delete("timesheets");
    window.history.replaceState(window.history.state, "", url);
  }, [linked]);
  // One socket per location serves every tab: Live Status and Employees both change when it pushes.
  const live = useLiveStatus(location.id);
  // The Hours tab's badge: sessions closed after a forgotten clock-out that await review.
  const needingReview = useSessionsNeedingReview(location.id);
  // Gates come from the plan table in worker/domain/plans.ts, read from the signed-in user's plan.
  const plan = session?.user.plan ?? "starter";

  return (
    <section aria-label={`Dashboard for ${location.name}`}>
      <div className="dashboard__toolbar">
        <h1 className="dashboard__title">{location.name}</h1>
        <div className="dashboard__toolbar-actions">
          {assistant}
          {/* The kiosk is run by those who run the shop: Payroll reads hours and has no use for it. */}
          {canEditKiosk && (
            <ActionsMenu label="Kiosk">
              <KioskOverlayButton location={location} />
              <PairTabletButton location={location} />
              <PairKioskButton location={location} />
              <OpenKioskLink location={location} label="Open kiosk ↗" />
            </ActionsMenu>
          )}
        </div>
      </div>
      {/* On a phone the row scrolls sideways: a fade and an arrow show where there is more. */}
      <ScrollHints className="tabs-row">
        <div
          role="tablist"
          className="tabs"
          ref={tabList}
          onKeyDown={(event) => {
            const next = tabAfterKey(event.key, active, tabs);
            if (!next) return;
            event.preventDefault();
            setActive(next);
            tabList.current?.querySelector<HTMLElement>(`#tab-${next}`)?.focus();
          }}
        >
          {tabs.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={t.id === active}
              aria-controls={`panel-${t.id}`}
              aria-label={t.id === "hours" ? reviewTabName(t.label, needingReview) : undefined}
              tabIndex={t.id === active ? 0 : -1}
              className="tabs__tab"
              onClick={() => setActive(t.id)}
              onPointerEnter={() => prefetchTab(t.id)}
              onFocus={() => prefetchTab(t.id)}
            >
              {t.label}
              {t.id === "hours" && <ReviewBadge count={needingReview} />}
            </button>
          ))}
        </div>
      </ScrollHints>
      <div role="tabpanel" id={`panel-${active}`} aria-labelledby={`tab-${active}`} className="tab-panel">
        <TabPanel
          active={active}
          location={location}
          live={live}
          plan={plan}
          onlyEmployees={onlyEmployees}
          onShowAll={() => setOnlyEmployees(null)}
          openPayPeriod={linked}
        />
      </div>
    </section>
  );
}
