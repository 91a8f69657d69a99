import type { Location } from "../contracts/locations";
import type { RotaWarning } from "../contracts/rota";
import { SHIFT_NOT_FOUND } from "../contracts/rota";
import {
  CLAIM_ALREADY,
  CLAIM_DECIDED,
  CLAIM_NOT_FOUND,
  CLAIM_STARTED,
  CLAIM_TAKEN,
} from "../contracts/staff-shifts";
import type { Db } from "../db/client";
import { readLocationSettings } from "../db/location-settings";
import { safeTimeZone } from "../domain/local-time";
import { type PlannedShift, weekOf } from "../domain/rota";
import { formatDateAt, formatTimeAt, localDateOf, weekdayOf } from "../domain/time-zone";
import type { ClaimRefusal } from "../durable/client";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { claimDecisionNotice } from "./claim-email";
import { rotaWarnings } from "./rota-checks";
import { readRotaWeek } from "./rota-week";
import { notifyStaff } from "./staff-notify";

// Claims on open shifts (docs/staff-app.md, "My shifts, availability and open shifts"): the rota's
// working-time checks on the week with the shift given to the claimant, the refusals as the API answers them,
// and telling the claimant the decision.

/** The week's warnings that giving this shift to this employee would raise for them. */
export async function claimWarnings(
  env: Env,
  db: Db,
  location: Location,
  shift: PlannedShift,
  employeeId: string,
  now: number,
): Promise<RotaWarning[]> {
  const zone = safeTimeZone(location.timezone);
  const week = weekOf(shift.start, zone);
  const read = await readRotaWeek(env, location, week);
  const given = { ...shift, employeeId };
  const planned = [...read.planned.filter((s) => s.id !== shift.id), given];
  const warnings = await rotaWarnings(env, db, location, week, planned, now);
  return warnings.filter((w) => w.employee_id === employeeId);
}

const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** "Tue 03/11/2026", 09:00, 17:00: a shift in the location's time, for the overlap refusals. */
export const shiftWhen = (shift: PlannedShift, zone: string) =>
  [
    `${DAYS[weekdayOf(localDateOf(shift.start, zone)) - 1]} ${formatDateAt(shift.start, zone)}`,
    formatTimeAt(shift.start, zone),
    formatTimeAt(shift.end, zone),
  ] as const;

/** A refusal the hub gave, as the API answers it; `overlap` is worded by the caller. */
export function claimRefused(refusal: Exclude<ClaimRefusal, "overlap">, claim = false): ApiError {
  switch (refusal) {
    case "not_found":
      return notFound(claim ? CLAIM_NOT_FOUND : SHIFT_NOT_FOUND);
    case "taken":
      return new ApiError(409, CLAIM_TAKEN);
    case "started":
      return badRequest(CLAIM_STARTED);
    case "already_claimed":
      return new ApiError(409, CLAIM_ALREADY);
    case "not_pending":
      return new ApiError(409, CLAIM_DECIDED);
  }
}

export const autoApprovesClaims = async (db: Db, locationId: string) =>
  (await readLocationSettings(db, locationId)).autoApproveClaims;

/** Tells the claimant (and anyone whose claim on the same shift was declined with it) what was decided. */
export async function tellClaimants(
  env: Env,
  db: Db,
  location: { id: string; name: string; timezone: string },
  shift: PlannedShift,
  decision: { employeeId: string; approved: boolean; declined: readonly string[] },
) {
  const zone = safeTimeZone(location.timezone);
  await notifyStaff(
    env,
    db,
    location.id,
    [decision.employeeId],
    claimDecisionNotice(shift, location.name, zone, decision.approved),
  );
  if (decision.declined.length > 0) {
    await notifyStaff(
      env,
      db,
      location.id,
      decision.declined,
      claimDecisionNotice(shift, location.name, zone, false),
    );
  }
}
