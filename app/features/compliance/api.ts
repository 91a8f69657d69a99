import type { EVIDENCE_FORMATS } from "@contracts/compliance";
import type {
  AccountHolidayRequest,
  AccountWorkingTimeRequest,
  LocationWorkingTimePatch,
} from "@contracts/working-time-settings";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, data, downloadFile } from "../../lib/api";
import { queryKeys } from "../../lib/server-state";

// UK working time and holiday (docs/compliance.md), Pro and Business: every location's traffic light, a week's findings
// per employee at one location, irregular-hours workers' holiday balances, and the evidence pack. What a
// location finds follows its punches and corrections, so its queries sit under the location's `staff` data:
// a push from the location's hub, or a change to pay terms, fetches them again.

export type EvidenceFormat = (typeof EVIDENCE_FORMATS)[number];

const compliance = api.manager.compliance;
const location = compliance[":locationId"];

export const COMPLIANCE_FAILED = "Could not load the working-time checks. Please try again.";
export const HOLIDAY_FAILED = "Could not load the holiday balances. Please try again.";

/** This week's light for each of the account's locations. */
export const complianceSummaryQuery = queryOptions({
  queryKey: ["compliance-summary"] as const,
  queryFn: ({ signal }) => data(compliance.$get(undefined, { init: { signal } })),
});

/** One week's findings at a location (the week given by its Monday), with its 17-week reference period. */
export const complianceQuery = (locationId: string, week: string) =>
  queryOptions({
    queryKey: [...queryKeys.staff(locationId), "compliance", week] as const,
    queryFn: ({ signal }) =>
      data(location.$get({ param: { locationId }, query: { week } }, { init: { signal } })),
    // Moving between weeks keeps the last one on screen until the next arrives.
    placeholderData: keepPreviousData,
  });

/** Holiday accrued, taken and left this leave year by each irregular-hours or part-year worker. */
export const holidayBalancesQuery = (locationId: string) =>
  queryOptions({
    queryKey: [...queryKeys.staff(locationId), "holiday-balances"] as const,
    queryFn: ({ signal }) => data(location.holiday.$get({ param: { locationId } }, { init: { signal } })),
  });

/** Every worker's holiday for their leave year: entitlement, accrued, carried over, taken, booked and left. */
export const workerHolidayQuery = (locationId: string) =>
  queryOptions({
    queryKey: [...queryKeys.staff(locationId), "worker-holiday"] as const,
    queryFn: ({ signal }) =>
      data(location.holiday.workers.$get({ param: { locationId } }, { init: { signal } })),
  });

/** Saves the evidence pack of a date range (YYYY-MM-DD, both included) as a PDF or a CSV file. */
export const evidenceDownload = (locationId: string, from: string, to: string, format: EvidenceFormat) =>
  downloadFile(
    location.evidence.$get({ param: { locationId }, query: { from, to, format } }),
    `clocked-working-time-${from}-to-${to}.${format}`,
  );

// What the employer decides for the checks (docs/compliance.md, "What the employer decides"): a location's
// weekly rest and young workers' night work, and the account's 48-hour average periods. Saving one changes the
// findings, so every compliance query is fetched again.

export const workingTimeQuery = (locationId: string) =>
  queryOptions({
    queryKey: [...queryKeys.location(locationId), "working-time"] as const,
    queryFn: ({ signal }) =>
      data(location["working-time"].$get({ param: { locationId } }, { init: { signal } })),
  });

export const accountWorkingTimeQuery = queryOptions({
  queryKey: ["compliance-settings"] as const,
  queryFn: ({ signal }) => data(compliance.settings.$get(undefined, { init: { signal } })),
});

export const SAVE_WORKING_TIME_FAILED = "Could not save the working-time settings. Please try again.";

const isComplianceQuery = (key: readonly unknown[]) =>
  key.includes("compliance") || key[0] === "compliance-summary";

export function useSaveWorkingTime(locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      location?: LocationWorkingTimePatch;
      account?: AccountWorkingTimeRequest;
    }) => {
      if (input.location) {
        const saved = await data(
          location["working-time"].$put({ param: { locationId }, json: input.location }),
        );
        queryClient.setQueryData(workingTimeQuery(locationId).queryKey, saved);
      }
      if (input.account) {
        const saved = await data(compliance.settings.$put({ json: input.account }));
        queryClient.setQueryData(accountWorkingTimeQuery.queryKey, saved);
      }
    },
    meta: { errorToast: SAVE_WORKING_TIME_FAILED },
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => isComplianceQuery(q.queryKey) }),
  });
}

// The holiday choices (docs/compliance.md, "Holiday for every worker"): the account's leave year and carry-over,
// and whether this location's bank holidays come out of holiday. Saving changes every worker's figures.

export const accountHolidayQuery = queryOptions({
  queryKey: ["holiday-settings"] as const,
  queryFn: ({ signal }) => data(compliance["holiday-settings"].$get(undefined, { init: { signal } })),
});

export const SAVE_HOLIDAY_FAILED = "Could not save the holiday settings. Please try again.";

const isHolidayQuery = (key: readonly unknown[]) =>
  key.includes("worker-holiday") || key.includes("holiday-balances");

export function useSaveHolidaySettings(locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { bankHolidaysFromLeave?: boolean; account?: AccountHolidayRequest }) => {
      if (input.bankHolidaysFromLeave !== undefined) {
        const saved = await data(
          location["working-time"].$put({
            param: { locationId },
            json: { bank_holidays_from_leave: input.bankHolidaysFromLeave },
          }),
        );
        queryClient.setQueryData(workingTimeQuery(locationId).queryKey, saved);
      }
      if (input.account) {
        const saved = await data(compliance["holiday-settings"].$put({ json: input.account }));
        queryClient.setQueryData(accountHolidayQuery.queryKey, saved);
      }
    },
    meta: { errorToast: SAVE_HOLIDAY_FAILED },
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => isHolidayQuery(q.queryKey) }),
  });
}
