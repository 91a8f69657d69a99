import { z } from "zod";
import { idParam } from "./params";
import { payPeriod } from "./timesheets";

// Xero Payroll UK (docs/xero.md): the connection's status, the employee and earnings-rate mappings, and the
// timesheets sent for each approved pay period.

const xeroId = (label: string) =>
  z.string({ error: `${label} is required` }).regex(/^[A-Za-z0-9-]{1,64}$/, `${label} is not valid`);

export type XeroOrganisation = { id: string; name: string };
export type XeroStatusResponse = {
  /** False when this server has no Xero configuration: the SPA says the integration is not set up. */
  set_up: boolean;
  connected: boolean;
  /** The organisation chosen, or null while one of `organisations` must be picked. */
  organisation: XeroOrganisation | null;
  organisations: XeroOrganisation[];
};
export type XeroConnectResponse = { authorize_url: string };

export const xeroOrganisationRequest = z.strictObject({ tenant_id: xeroId("Organisation") });

export type XeroEmployeeMapping = {
  employee_id: string;
  name: string;
  payroll_id: string | null;
  xero_employee_id: string | null;
  /** Clocked's suggestion for a manager to confirm, by payroll ID first, then name and date of birth. */
  suggestion: { xero_employee_id: string; by: "payroll_id" | "name_and_birth" } | null;
};
export type XeroEmployeesResponse = {
  employees: XeroEmployeeMapping[];
  xero_employees: { id: string; name: string; employee_number: string | null }[];
};
export const xeroEmployeeLinksRequest = z.strictObject({
  links: z
    .array(
      z.strictObject({
        employee_id: idParam("Employee id"),
        /** null: no longer matched. */
        xero_employee_id: xeroId("Xero employee").nullable(),
      }),
    )
    .min(1, "Match at least one employee")
    .max(90, "Match at most 90 employees at a time"),
});
export type XeroEmployeeLinksRequest = z.infer<typeof xeroEmployeeLinksRequest>;

/** The pay elements Xero is sent (unpaid break is not paid, so not sent). */
export const XERO_PAY_ELEMENTS = ["basic", "overtime", "premium"] as const;
export const xeroEarningsRatesRequest = z.strictObject({
  basic: xeroId("Earnings rate").nullable(),
  overtime: xeroId("Earnings rate").nullable(),
  premium: xeroId("Earnings rate").nullable(),
});
export type XeroEarningsRatesRequest = z.infer<typeof xeroEarningsRatesRequest>;
export type XeroEarningsRatesResponse = {
  earnings_rates: { id: string; name: string; earnings_type: string }[];
  mapping: XeroEarningsRatesRequest;
};

export const xeroSendRequest = z.strictObject({ period: payPeriod });
export type XeroSend = {
  period: string;
  employee_id: string;
  name: string;
  status: "queued" | "sent" | "failed";
  /** Why it was not sent, in words ("Xero says: the employee has no pay calendar"). */
  error: string | null;
  xero_timesheet_id: string | null;
  updated_at: string;
};
export type XeroSendsResponse = { sends: XeroSend[] };

export const xeroCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

export const XERO_NOT_CONNECTED = "Connect Xero in Settings → Integrations first.";
export const XERO_PICK_ORGANISATION = "Choose the Xero organisation to send to first.";
export const XERO_PERIOD_NOT_APPROVED = "Approve the pay period before sending it to Xero.";
export const XERO_ORGANISATION_UNKNOWN = "That organisation is not one Xero connected.";
/** The unlock's warning when the period's timesheets are already in Xero. */
export const xeroUnlockWarning = (sent: number) =>
  `${sent} ${sent === 1 ? "timesheet was" : "timesheets were"} already sent to Xero: once the period is approved again, send it to Xero again (or redo the timesheets in Xero).`;
