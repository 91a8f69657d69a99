import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferRequestType } from "hono/client";
import { api, data } from "../../lib/api";
import { queryKeys } from "../../lib/server-state";

// Timesheets: each employee's entries day by day, and the manager's corrections (add, edit, void). All of
// it is the location's `staff` data: a kiosk punch or a correction pushed by the location's hub fetches an
// open timesheet again, which is how punches and other managers' edits appear live.

export const TIMESHEET_FAILED = "Failed to load the timesheet. Please try again.";

const timesheets = api.manager.timesheets[":locationId"];
const entry = timesheets.entries[":entryId"];

const timesheetsKey = (locationId: string) => [...queryKeys.staff(locationId), "timesheets"] as const;

/** Every timesheet of a location, and the entries' histories: what a new pay schedule makes stale. */
export const allTimesheets = (locationId: string) => ({ queryKey: timesheetsKey(locationId) });

/** One period's timesheet (`this_week`, `week_YYYY-MM-DD`, `month_YYYY_M`, `pay_YYYY-MM-DD`). */
export const timesheetQuery = (locationId: string, period: string) =>
  queryOptions({
    queryKey: [...timesheetsKey(locationId), "period", period],
    queryFn: ({ signal }) =>
      data(timesheets.$get({ param: { locationId }, query: { period } }, { init: { signal } })),
    meta: { errorToast: TIMESHEET_FAILED },
  });

/** An entry as it stands, and every version of it: what was recorded, then each correction. */
export const entryHistoryQuery = (locationId: string, entryId: string) =>
  queryOptions({
    queryKey: [...timesheetsKey(locationId), "history", entryId],
    queryFn: () => data(entry.history.$get({ param: { locationId, entryId } })),
  });

export type NewEntry = InferRequestType<typeof timesheets.entries.$post>["json"];
export type EntryEdit = InferRequestType<typeof entry.$put>["json"];
export type Approval = InferRequestType<typeof timesheets.approve.$post>["json"];

/** The corrections a manager makes, each as a call; `useTimesheetChange` runs them. */
export const timesheetChanges = {
  add: (locationId: string, body: NewEntry) =>
    data(timesheets.entries.$post({ param: { locationId }, json: body })),
  /** New times or breaks; with only a reason, a review that leaves the entry as it is. */
  edit: (locationId: string, entryId: string, body: EntryEdit) =>
    data(entry.$put({ param: { locationId, entryId }, json: body })),
  void: (locationId: string, entryId: string, reason: string) =>
    data(entry.void.$post({ param: { locationId, entryId }, json: { reason } })),
  /** Approves a pay period (Pro and Business), for everyone or the chosen employees, and locks it. */
  approve: (locationId: string, body: Approval) =>
    data(timesheets.approve.$post({ param: { locationId }, json: body })),
  /** Pays an entry's time past its shift (pay to the rota), or stops doing so. */
  overtime: (locationId: string, entryId: string, approved: boolean) =>
    data(entry.overtime.$post({ param: { locationId, entryId }, json: { approved } })),
  /** Answers a staff member's query about their hours (docs/staff-app.md); they are told. */
  answerQuery: (locationId: string, queryId: string, answer: string) =>
    data(timesheets.queries[":queryId"].answer.$post({ param: { locationId, queryId }, json: { answer } })),
  /** Lifts the lock of an approved pay period, for everyone approved in it. */
  unlock: (locationId: string, period: string, reason: string) =>
    data(timesheets.unlock.$post({ param: { locationId }, json: { period, reason } })),
};

/**
 * Runs one correction (or an approval, or an unlock). It is not toasted when it fails: the dialog shows the
 * server's detail and stays open. After a success the timesheets (and their histories) are fetched again, then `onChanged` says so
 * to whoever shows the same hours elsewhere (the Hours tab's staff hours and its review badge).
 */
export function useTimesheetChange<Input, Answer>(
  locationId: string,
  change: (input: Input) => Promise<Answer>,
  onChanged?: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    meta: {},
    onSuccess: async () => {
      onChanged?.();
      await queryClient.invalidateQueries({ queryKey: timesheetsKey(locationId) });
    },
  });
}
