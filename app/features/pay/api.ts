import type { PayRulesRequest } from "@contracts/pay";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, data } from "../../lib/api";
import { queryKeys } from "../../lib/server-state";

// A location's pay schedule (issue 17) and the pay periods it makes: the Hours tab's Pay schedule card
// reads and changes it (Pro and Business), and the Timesheets view offers its pay periods.

const payRules = api.manager["pay-rules"][":locationId"];

const payRulesKey = (locationId: string) => [...queryKeys.location(locationId), "pay-rules"] as const;

/** The schedule, and its pay periods: the current one first, then back to September 2025. */
export const payRulesQuery = (locationId: string) =>
  queryOptions({
    queryKey: payRulesKey(locationId),
    queryFn: ({ signal }) => data(payRules.$get({ param: { locationId } }, { init: { signal } })),
  });

/**
 * Saves a new schedule. A refusal is not toasted: the card shows the server's detail. The answer holds the
 * new pay periods, so it replaces the cached one at once.
 */
export function useSavePaySchedule(locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayRulesRequest) => data(payRules.$put({ param: { locationId }, json: body })),
    meta: {},
    onSuccess: (answer) => queryClient.setQueryData(payRulesKey(locationId), answer),
  });
}
