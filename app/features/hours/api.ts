import type {
  AutomatedReportsResponse,
  AvailableMonthsResponse,
  StaffHoursResponse,
  WeeklyReportStatus,
} from "../../../worker/contracts/hours";
import { apiRequest, downloadFile } from "../../lib/api";

const enc = encodeURIComponent;
const auth = { auth: true } as const;

export const hoursApi = {
  staffHours: (locationId: string, period: string, search: string, signal?: AbortSignal) => {
    const query = new URLSearchParams({ period });
    if (search.trim()) query.set("search", search.trim());
    return apiRequest<StaffHoursResponse>("GET", `/manager/staff-hours/${enc(locationId)}?${query}`, {
      ...auth,
      signal,
    });
  },
  availableMonths: () =>
    apiRequest<AvailableMonthsResponse>("GET", "/manager/reports/available-months", auth),
  reports: (locationId: string) =>
    apiRequest<AutomatedReportsResponse>("GET", `/manager/automated-reports/list/${enc(locationId)}`, auth),
  reportStatus: (locationId: string) =>
    apiRequest<WeeklyReportStatus>("GET", `/manager/weekly-reports/status/${enc(locationId)}`, auth),

  downloadEmployeeCsv: (locationId: string, employeeId: string, period: string) =>
    downloadFile(
      `/manager/staff-hours/${enc(locationId)}/employee/${enc(employeeId)}/csv?period=${enc(period)}`,
      `clocked-${period}.csv`,
    ),
  downloadAllCsv: (locationId: string, period: string) =>
    downloadFile(
      `/manager/staff-hours/${enc(locationId)}/all-employees-csv?period=${enc(period)}`,
      `clocked-${period}.csv`,
    ),
  downloadReport: (locationId: string, reportId: string, period: string) =>
    downloadFile(
      `/manager/automated-reports/${enc(locationId)}/${enc(reportId)}/download`,
      `clocked-${period}.csv`,
    ),
};
