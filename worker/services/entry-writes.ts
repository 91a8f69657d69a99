import type { AddEntryRequest } from "../contracts/timesheets";
import type { Actor } from "../db/audit";
import type { Entry } from "../domain/timesheet";
import { type Correction, type CorrectionRefusal, hubFor } from "../durable/client";
import { ApiError } from "../lib/errors";
import { v1Entry } from "./public-records";
import { publishEvent } from "./webhook-events";

// A manager's correction of the attendance record, from the Timesheets tab or the public API (docs/hours.md,
// "Timesheets and corrections"): checked and recorded by the location's hub, layered over what was recorded.

/** How the hub's refusal of a correction (or of an overtime approval or a query's answer) is answered. */
export const CORRECTION_REFUSED = { invalid: 400, not_found: 404, conflict: 409 } as const satisfies Record<
  CorrectionRefusal,
  number
>;

/** The correction that adds an entry nobody punched, with its reason. */
export const entryAdded = (body: AddEntryRequest): Correction => ({
  kind: "add",
  employeeId: body.employee_id,
  checkIn: Date.parse(body.check_in_at),
  checkOut: Date.parse(body.check_out_at),
  breaks: body.breaks?.map((b) => ({ start: Date.parse(b.start_at), end: Date.parse(b.end_at) })),
  reason: body.reason,
});

/**
 * Sends a correction to the location's hub; its refusal becomes the answer. The account's webhooks hear of it
 * (timesheet.corrected) with the entry as it now stands.
 */
export async function correctEntry(
  env: Env,
  at: { accountId: string; locationId: string },
  change: Correction,
  by: Actor,
): Promise<Entry> {
  const result = await hubFor(env, at.locationId).correct(change, by);
  if (!result.ok) throw new ApiError(CORRECTION_REFUSED[result.refusal], result.detail);
  await publishEvent(env, at.accountId, {
    type: "timesheet.corrected",
    data: { location_id: at.locationId, entry: v1Entry(result.entry, false), reason: change.reason },
  });
  return result.entry;
}
