import type { Location } from "@contracts/locations";
import type { BreakSettingsRequest, CustomizationPatch } from "@contracts/settings";
import { hasFeature } from "@domain/plans";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SegmentedToggle } from "../../../components/segmented-toggle";
import { detailOr } from "../../../lib/api";
import { useCan } from "../../../lib/permissions";
import { toast } from "../../../lib/toast";
import { customizationQuery, useSaveBreakSettings, useUpdateCustomization } from "../../location-settings";
import { OvertimeCard, PayrollCodesCard, PayScheduleCard, payRulesQuery } from "../../pay";
import { allTimesheets, TimesheetsView } from "../../timesheets";
import {
  allStaffHours,
  availableMonthsQuery,
  DEFAULT_PERIOD,
  hoursDownloads,
  reportStatusQuery,
  reportsQuery,
} from "../api";
import { useStaffHours } from "../use-staff-hours";
import { AutomatedReportsView } from "./automated-reports-view";
import { BreakSettingsCard } from "./break-settings-card";
import { ClaimSettingsCard } from "./claim-settings-card";
import { PeriodSelect } from "./period-select";
import { RotaSettingsCard } from "./rota-settings-card";
import { StaffHoursView } from "./staff-hours-view";

type Props = {
  location: Location;
  plan: string;
  /** A pay period to open in Timesheets (a link from the Monday e-mail), `pay_YYYY-MM-DD`. */
  openPayPeriod?: string;
};

/** The two views of the tab: the period's totals, and a week's (or pay period's) entries to check and correct. */
const VIEWS = [
  { id: "staff-hours", label: "Staff hours" },
  { id: "timesheets", label: "Timesheets" },
] as const;
type View = (typeof VIEWS)[number]["id"];

export function HoursTab({ location, plan, openPayPeriod }: Props) {
  const queryClient = useQueryClient();
  const can = useCan();
  const [view, setView] = useState<View>(openPayPeriod ? "timesheets" : "staff-hours");
  // Opened from the notice of sessions needing review: the timesheet opens on the week that has them.
  const [reviewing, setReviewing] = useState(false);
  const [period, setPeriod] = useState<string>(DEFAULT_PERIOD);
  const [search, setSearch] = useState("");
  const [downloading, setDownloading] = useState<string | null>(null);
  const hours = useStaffHours(location.id, period, search);
  const csvLocked = !hasFeature({ plan }, "csvExport");
  // The side cards: each shows what it has; a failed read leaves it empty.
  const months = useQuery(availableMonthsQuery).data?.available_months ?? [];
  const payPeriods = useQuery(payRulesQuery(location.id)).data?.pay_periods ?? [];
  const settings = useQuery(customizationQuery(location.id)).data?.customization ?? null;
  const reports = useQuery(reportsQuery(location.id)).data?.reports ?? [];
  const status = useQuery(reportStatusQuery(location.id)).data ?? null;
  const saveBreakSettings = useSaveBreakSettings(location.id);
  const updateCustomization = useUpdateCustomization(location.id);

  async function download(key: string, run: () => Promise<void>, fallback: string) {
    setDownloading(key);
    try {
      await run();
    } catch (error) {
      toast.error(detailOr(error, fallback));
    } finally {
      setDownloading(null);
    }
  }

  async function saveBreaks(next: BreakSettingsRequest) {
    try {
      await saveBreakSettings.mutateAsync(next);
    } catch {
      return false; // toasted by the mutation
    }
    toast.success("Break settings saved: hours are recounted with them");
    void queryClient.invalidateQueries(allStaffHours(location.id));
    return true;
  }

  async function saveRota(patch: CustomizationPatch) {
    try {
      await updateCustomization.mutateAsync(patch);
    } catch {
      return false; // toasted by the mutation
    }
    toast.success("Rota settings saved");
    return true;
  }

  const breakLocked = !hasFeature({ plan }, "dailyBreakSettings");
  return (
    <div className="hours">
      <div className="hours__toolbar">
        <SegmentedToggle
          legend="Hours view"
          options={VIEWS}
          value={view}
          onChange={(next) => {
            setReviewing(false);
            setView(next);
          }}
        />
        {view === "staff-hours" && (
          <PeriodSelect value={period} months={months} payPeriods={payPeriods} onChange={setPeriod} />
        )}
      </div>
      {view === "timesheets" ? (
        <TimesheetsView
          location={location}
          plan={plan}
          findReview={reviewing}
          initialPayPeriod={openPayPeriod}
          onChanged={() => void queryClient.invalidateQueries(allStaffHours(location.id))}
        />
      ) : (
        <StaffHoursView
          rows={hours.data?.staff_hours ?? []}
          periodInfo={hours.data?.period_info}
          needingReview={hours.data?.sessions_needing_review ?? 0}
          onReview={() => {
            setReviewing(true);
            setView("timesheets");
          }}
          search={search}
          onSearch={setSearch}
          csvLocked={csvLocked}
          downloading={downloading}
          loading={hours.loading}
          failed={hours.failed}
          onRetry={hours.reload}
          onDownload={(row) =>
            download(
              row.employee_id,
              () => hoursDownloads.employeeCsv(location.id, row.employee_id, period),
              "Error downloading employee report",
            )
          }
          onDownloadAll={() =>
            download(
              "all",
              () => hoursDownloads.allCsv(location.id, period),
              "Error downloading all employees report",
            )
          }
        />
      )}
      <div className="hours__cards">
        {settings && can("breaks:edit") && (
          <BreakSettingsCard settings={settings} locked={breakLocked} onSave={saveBreaks} />
        )}
        {/* The rota's thresholds are on every plan; they ride on the customization call (kiosk:edit). */}
        {settings && can("rota:edit") && can("kiosk:edit") && (
          <RotaSettingsCard settings={settings} onSave={saveRota} />
        )}
        {can("rota:edit") && <ClaimSettingsCard locationId={location.id} />}
        {/* The account's pay settings: only for the roles that may change them (docs/team.md). */}
        {can("pay-terms:edit") && (
          <>
            <PayScheduleCard
              locationId={location.id}
              plan={plan}
              // A timesheet of a pay period was counted by the old schedule.
              onSaved={() => void queryClient.invalidateQueries(allTimesheets(location.id))}
            />
            <OvertimeCard locationId={location.id} plan={plan} />
          </>
        )}
        {can("settings:edit") && <PayrollCodesCard plan={plan} />}
        <AutomatedReportsView
          reports={reports}
          status={status}
          timeZone={location.timezone}
          plan={plan}
          downloading={downloading}
          onDownload={(report) =>
            download(
              report.id,
              () => hoursDownloads.report(location.id, report.id, report.period),
              "Error downloading report",
            )
          }
        />
      </div>
    </div>
  );
}
