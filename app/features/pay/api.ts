import type { PayRulesRequest, PayrollFormat } from "@contracts/pay";
import type { PayrollSettingsRequest } from "@contracts/payroll-settings";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, data, downloadFile } from "../../lib/api";
import { queryKeys } from "../../lib/server-state";

// A location's pay rules (docs/payroll-exports.md): its schedule and the pay periods it makes (the Hours tab's Pay schedule
// card, and the Timesheets view's pay periods), its overtime, premium-day, rounding rules and pay codes (the
// Overtime and pay codes card), and a pay period's payroll export (the Timesheets pay-period bar).

const payRules = api.manager["pay-rules"][":locationId"];

const payRulesKey = (locationId: string) => [...queryKeys.location(locationId), "pay-rules"] as const;

/** The rules, and their pay periods: the current one first, then back to September 2025. */
export const payRulesQuery = (locationId: string) =>
  queryOptions({
    queryKey: payRulesKey(locationId),
    queryFn: ({ signal }) => data(payRules.$get({ param: { locationId } }, { init: { signal } })),
  });

/**
 * Saves the rules: the schedule always, and whichever other fields the body holds (the rest keep their saved
 * value). A refusal is not toasted: the card shows the server's detail. The answer holds the new rules and
 * pay periods, so it replaces the cached one at once.
 */
export function useSavePayRules(locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayRulesRequest) => data(payRules.$put({ param: { locationId }, json: body })),
    meta: {},
    onSuccess: (answer) => queryClient.setQueryData(payRulesKey(locationId), answer),
  });
}

/**
 * Saves an approved pay period's pay as the file a payroll product imports. The server refuses (409) a
 * period not approved for everyone, employees without a payroll ID, and what the format cannot hold.
 */
export const payrollDownload = (locationId: string, period: string, format: PayrollFormat) =>
  downloadFile(
    api.manager["payroll-export"][":locationId"].$get({ param: { locationId }, query: { period, format } }),
    `clocked-${format}-${period}.csv`,
  );

// The account's payroll settings (docs/payroll-exports.md): each format's codes and rolled-up holiday pay.
const payrollSettings = api.manager["payroll-settings"];
const payrollSettingsKey = [...queryKeys.user, "payroll-settings"] as const;

export const payrollSettingsQuery = () =>
  queryOptions({
    queryKey: payrollSettingsKey,
    queryFn: ({ signal }) => data(payrollSettings.$get({}, { init: { signal } })),
  });

/** Saves the settings; a refusal is shown by the card (it names the element and the format). */
export function useSavePayrollSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayrollSettingsRequest) => data(payrollSettings.$put({ json: body })),
    meta: {},
    onSuccess: (answer) => queryClient.setQueryData(payrollSettingsKey, answer),
  });
}
