import type { Context } from "hono";
import { Hono } from "hono";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKey, type KioskAction } from "../../contracts/kiosk";
import { LEAVE_TODAY } from "../../contracts/kiosk-notices";
import {
  PHONE_CLOCK_IN_NOT_ON_PLAN,
  PHONE_CLOCK_IN_OFF,
  type StaffClockResponse,
  type StaffClockState,
  staffClockRequest,
  TOO_VAGUE,
  tooFar,
} from "../../contracts/staff-phone";
import { roundedDistance } from "../../domain/geofence";
import { hasFeature } from "../../domain/plans";
import { punchMessages } from "../../domain/punch-rules";
import { hubFor, type PhoneRefusal, type PhoneState } from "../../durable/client";

import { ApiError, forbidden, notFound } from "../../lib/errors";
import { jsonBody, parseOrThrow } from "../../lib/validate";
import type { AppEnv } from "../../types";
import { staffPushRoutes } from "./push";

// The staff app: clocking in from the phone, and Web Push (docs/staff-app.md). Mounted at /api/staff/me behind the staff session guard.

export const staffClockRoutes = new Hono<AppEnv>()
  .get("/clock", async (c) => {
    const staff = c.var.staff;
    return c.json<StaffClockState>(toClockState(await stateOf(c), hasFeature(staff, "phoneClockIn")));
  })

  /**
   * A punch from the phone, decided by the location's hub exactly as a kiosk's is (the same refusals, the
   * same Idempotency-Key rule, the same live push), once the phone's position is inside the site's circle.
   */
  .post("/clock", jsonBody(staffClockRequest), async (c) => {
    const staff = c.var.staff;
    if (!hasFeature(staff, "phoneClockIn")) throw forbidden(PHONE_CLOCK_IN_NOT_ON_PLAN);
    const body = c.req.valid("json");
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
    const answer = await hubFor(c.env, staff.location.id, punchMessages.unavailable).phonePunch({
      employeeId: staff.employeeId,
      action: body.action,
      position: { latitude: body.latitude, longitude: body.longitude, accuracy: body.accuracy },
      idempotencyKey: key === undefined ? undefined : parseOrThrow(idempotencyKey, key),
      confirmLeave: body.confirm_leave === true,
    });
    switch (answer.kind) {
      case "recorded":
        return c.json<StaffClockResponse>({
          ...toClockState(await stateOf(c), true),
          message: answer.body.message,
        });
      case "phone_refused":
        throw phoneRefused(answer, body.action);
      case "refused":
        throw new ApiError(400, answer.detail);
      case "ask_leave":
        throw new ApiError(409, answer.detail, undefined, { [LEAVE_TODAY]: answer.leave });
      // No PIN is typed, so neither a lock nor a throttle can come of it; answered as a kiosk's would be.
      case "locked":
        throw new ApiError(423, answer.detail, answer.retryAfter);
      case "throttled":
        throw new ApiError(429, answer.detail, answer.retryAfter);
    }
  })

  .route("/", staffPushRoutes);

function phoneRefused(answer: PhoneRefusal, action: KioskAction): ApiError {
  if (!("distance" in answer)) return answer.refusal === "off" ? forbidden(PHONE_CLOCK_IN_OFF) : notFound();
  if (answer.refusal === "too_vague") return forbidden(TOO_VAGUE);
  return forbidden(tooFar(roundedDistance(answer.distance), answer.place, action));
}

async function stateOf(c: Context<AppEnv>): Promise<PhoneState> {
  const staff = c.var.staff;
  const state = await hubFor(c.env, staff.location.id).phoneState(staff.employeeId);
  if (!state) throw notFound();
  return state;
}

const iso = (at: number) => new Date(at).toISOString();

function toClockState(state: PhoneState, onPlan: boolean): StaffClockState {
  const { status } = state;
  return {
    enabled: state.enabled && onPlan,
    location: { name: state.name, radius_metres: state.radiusMetres },
    record_breaks: state.recordBreaks,
    state: status.status === "out" ? status : { status: status.status, since: iso(status.since) },
  };
}
