import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import type {
  AutomatedReport,
  MonthOption,
  StaffHoursRow,
  WeeklyReportStatus,
} from "../../../../worker/contracts/hours";
import type { Location } from "../../../../worker/contracts/locations";
import type { BreakSettingsRequest, Customization } from "../../../../worker/contracts/settings";
import { hasFeature } from "../../../../worker/domain/plans";
import { detailOr } from "../../../lib/api";
import { locationSettingsApi } from "../../location-settings/api";
import { hoursApi } from "../api";
import { useStaffHours } from "../use-staff-hours";
import { AutomatedReportsView } from "./automated-reports-view";
import { BreakSettingsCard, SAVE_CUSTOMIZATION_FAILED } from "./break-settings-card";
import { PeriodSelect } from "./period-select";
import { StaffHoursView } from "./staff-hours-view";

type Props = { location: Location; plan: string };

export function HoursTab({ location, plan }: Props) {
  const [period, setPeriod] = useState("this_week");
  const [search, setSearch] = useState("");
  const [months, setMonths] = useState<MonthOption[]>([]);
  const [settings, setSettings] = useState<Customization | null>(null);
  const [reports, setReports] = useState<AutomatedReport[]>([]);
  const [status, setStatus] = useState<WeeklyReportStatus | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const hours = useStaffHours(location.id, period, search);
  const csvLocked = !hasFeature({ plan }, "csvExport");

  const loadSideCards = useCallback(async () => {
    const [monthList, customization, list, weekly] = await Promise.allSettled([
      hoursApi.availableMonths(),
      locationSettingsApi.get(location.id),
      hoursApi.reports(location.id),
      hoursApi.reportStatus(location.id),
    ]);
    if (monthList.status === "fulfilled") setMonths(monthList.value.available_months);
    if (customization.status === "fulfilled") setSettings(customization.value.customization);
    if (list.status === "fulfilled") setReports(list.value.reports);
    if (weekly.status === "fulfilled") setStatus(weekly.value);
  }, [location.id]);

  useEffect(() => {
    void loadSideCards();
  }, [loadSideCards]);

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
      setSettings((await locationSettingsApi.saveBreakSettings(location.id, next)).customization);
      toast.success("Break settings saved: hours are recounted with them");
      void hours.reload();
      return true;
    } catch (error) {
      toast.error(detailOr(error, SAVE_CUSTOMIZATION_FAILED));
      return false;
    }
  }

  const breakLocked = !hasFeature({ plan }, "dailyBreakSettings");
  return (
    <div className="hours">
      <div className="hours__toolbar">
        <PeriodSelect value={period} months={months} onChange={setPeriod} />
      </div>
      <StaffHoursView
        rows={hours.data?.staff_hours ?? []}
        periodInfo={hours.data?.period_info}
        search={search}
        onSearch={setSearch}
        csvLocked={csvLocked}
        downloading={downloading}
        loading={hours.loading}
        failed={hours.failed}
        onRetry={hours.reload}
        onDownload={(row: StaffHoursRow) =>
          download(
            row.employee_id,
            () => hoursApi.downloadEmployeeCsv(location.id, row.employee_id, period),
            "Error downloading employee report",
          )
        }
        onDownloadAll={() =>
          download(
            "all",
            () => hoursApi.downloadAllCsv(location.id, period),
            "Error downloading all employees report",
          )
        }
      />
      <div className="hours__cards">
        {settings && <BreakSettingsCard settings={settings} locked={breakLocked} onSave={saveBreaks} />}
        <AutomatedReportsView
          reports={reports}
          status={status}
          timeZone={location.timezone}
          plan={plan}
          downloading={downloading}
          onDownload={(report) =>
            download(
              report.id,
              () => hoursApi.downloadReport(location.id, report.id, report.period),
              "Error downloading report",
            )
          }
        />
      </div>
    </div>
  );
}
