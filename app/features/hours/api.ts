import { queryOptions } from "@tanstack/react-query";
import { api, data, downloadFile } from "../../lib/api";
import { queryKeys } from "../../lib/server-state";
import { STAFF_HOURS_FAILED } from "./messages";

// The Hours tab: staff hours, the months to choose from, the automated reports, and the CSV downloads.

/** The period the Hours tab opens on. */
export const DEFAULT_PERIOD = "this_week";

const staffHoursKey = (locationId: string) => [...queryKeys.location(locationId), "staff-hours"] as const;

/** Staff hours for a period; a newer query cancels the one it replaces (the signal). */
export const staffHoursQuery = (locationId: string, period: string, search: string) =>
  queryOptions({
    queryKey: [...staffHoursKey(locationId), period, search],
    queryFn: ({ signal }) =>
      data(
        api.manager["staff-hours"][":locationId"].$get(
          { param: { locationId }, query: { period, ...(search ? { search } : {}) } },
          { init: { signal } },
        ),
      ),
    meta: { errorToast: STAFF_HOURS_FAILED },
  });

/** Every period's staff hours of a location: what a change of its break settings makes stale. */
export const allStaffHours = (locationId: string) => ({ queryKey: staffHoursKey(locationId) });

export const availableMonthsQuery = queryOptions({
  queryKey: ["available-months"],
  queryFn: () => data(api.manager.reports["available-months"].$get()),
});

export const reportsQuery = (locationId: string) =>
  queryOptions({
    queryKey: [...queryKeys.location(locationId), "automated-reports"],
    queryFn: () => data(api.manager["automated-reports"].list[":locationId"].$get({ param: { locationId } })),
  });

export const reportStatusQuery = (locationId: string) =>
  queryOptions({
    queryKey: [...queryKeys.location(locationId), "weekly-report-status"],
    queryFn: () => data(api.manager["weekly-reports"].status[":locationId"].$get({ param: { locationId } })),
  });

export const hoursDownloads = {
  employeeCsv: (locationId: string, employeeId: string, period: string) =>
    downloadFile(
      api.manager["staff-hours"][":locationId"].employee[":employeeId"].csv.$get({
        param: { locationId, employeeId },
        query: { period },
      }),
      `clocked-${period}.csv`,
    ),
  allCsv: (locationId: string, period: string) =>
    downloadFile(
      api.manager["staff-hours"][":locationId"]["all-employees-csv"].$get({
        param: { locationId },
        query: { period },
      }),
      `clocked-${period}.csv`,
    ),
  report: (locationId: string, reportId: string, period: string) =>
    downloadFile(
      api.manager["automated-reports"][":locationId"][":reportId"].download.$get({
        param: { locationId, reportId },
      }),
      `clocked-${period}.csv`,
    ),
};
