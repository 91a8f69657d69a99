import type { Context } from "hono";
import { Hono } from "hono";
import type { z } from "zod";
import {
  IDEMPOTENCY_KEY_HEADER,
  type InitialsResponse,
  idempotencyKey,
  initialParams,
  type KioskEmployee,
  type KioskEmployeesResponse,
  type KioskLocation,
  type KioskSubmitResponse,
  kioskSubmitRequest,
  locationInitialParams,
  type OfflinePunchesResponse,
  offlinePunchesRequest,
  type PairedLocationResponse,
  type SealKeyResponse,
} from "../contracts/kiosk";
import { LEAVE_TODAY } from "../contracts/kiosk-notices";
import { locationParams } from "../contracts/params";
import { deviceSource, PUBLIC_KIOSK, punchMessages } from "../domain/punch-rules";
import { initialOf } from "../domain/usernames";
import { hubFor, type KioskCaller } from "../durable/client";
import { appSecret } from "../lib/config";
import { ApiError, badRequest } from "../lib/errors";
import { jsonBody, params, parseOrThrow } from "../lib/validate";
import { requireKioskDevice } from "../middleware/kiosk-device";
import type { AppEnv } from "../types";
import { kioskRefused } from "./kiosk-refusal";

// The kiosk's calls, mounted under /api (docs/kiosk.md). Variant A names the location in the path and
// needs no credentials; variant B is a paired device whose token says which location it serves.

export const kioskRoutes = new Hono<AppEnv>()
  // Variant A. Each answers 403 while the location accepts only paired kiosks. None reads D1: the
  // location's hub keeps what a kiosk needs.
  .get("/locations/:locationId", params(locationParams), async (c) => {
    const { location } = await kioskView(c.env, c.req.valid("param").locationId, PUBLIC_CALLER);
    return c.json<KioskLocation>(location);
  })
  .get("/employees/initials/:locationId", params(locationParams), async (c) => {
    const { staff } = await kioskView(c.env, c.req.valid("param").locationId, PUBLIC_CALLER);
    return c.json<InitialsResponse>(initials(staff));
  })
  .get("/employees/by-initial/:locationId/:initial", params(locationInitialParams), async (c) => {
    const { locationId, initial } = c.req.valid("param");
    const { staff } = await kioskView(c.env, locationId, PUBLIC_CALLER);
    return c.json<KioskEmployeesResponse>(byInitial(staff, initial));
  })
  .post("/kiosk/submit/:locationId", params(locationParams), jsonBody(kioskSubmitRequest), async (c) => {
    const locationId = c.req.valid("param").locationId;
    return c.json<KioskSubmitResponse>(await submit(c, locationId, PUBLIC_CALLER, c.req.valid("json")));
  })

  // Variant B: Authorization: Bearer <kiosk token>. The hub says whether the device is still paired.
  .get("/kiosk/location", requireKioskDevice, async (c) => {
    const device = c.var.kioskDevice;
    const { location } = await kioskView(c.env, device.locationId, pairedCaller(device.id));
    return c.json<PairedLocationResponse>({ ...location, device_id: device.id });
  })
  .get("/employees/initials", requireKioskDevice, async (c) => {
    const device = c.var.kioskDevice;
    const { staff } = await kioskView(c.env, device.locationId, pairedCaller(device.id));
    return c.json<InitialsResponse>(initials(staff));
  })
  .get("/employees/by-initial/:initial", requireKioskDevice, params(initialParams), async (c) => {
    const device = c.var.kioskDevice;
    const { staff } = await kioskView(c.env, device.locationId, pairedCaller(device.id));
    return c.json<KioskEmployeesResponse>(byInitial(staff, c.req.valid("param").initial));
  })
  .post("/kiosk/submit", requireKioskDevice, jsonBody(kioskSubmitRequest), async (c) => {
    const device = c.var.kioskDevice;
    const answer = await submit(c, device.locationId, pairedCaller(device.id), c.req.valid("json"));
    return c.json<KioskSubmitResponse>(answer);
  })

  // Offline punches, paired kiosks only: the key their PINs are sealed to, then the queue itself.
  .get("/kiosk/seal-key", requireKioskDevice, async (c) => {
    const device = c.var.kioskDevice;
    const caller = pairedCaller(device.id);
    const answer = await hubFor(c.env, device.locationId, punchMessages.unavailable).sealKey(caller);
    if (!answer.ok) throw kioskRefused(answer.refusal, caller);
    return c.json<SealKeyResponse>({ public_key: JSON.parse(answer.key) as JsonWebKey });
  })
  .post("/kiosk/offline-punches", requireKioskDevice, jsonBody(offlinePunchesRequest), async (c) => {
    const device = c.var.kioskDevice;
    const caller = { ...pairedCaller(device.id), deviceId: device.id };
    appSecret(c.env);
    const { punches } = c.req.valid("json");
    // An unreachable hub is a 503 the kiosk retries (its queue keeps the punches), never a 500.
    const answer = await hubFor(c.env, device.locationId, punchMessages.unavailable).offlinePunches(
      caller,
      punches,
    );
    if (!answer.ok) throw kioskRefused(answer.refusal, caller);
    return c.json<OfflinePunchesResponse>({ results: answer.results });
  });

const PUBLIC_CALLER: KioskCaller = { source: PUBLIC_KIOSK, deviceId: null };
const pairedCaller = (deviceId: string): KioskCaller => ({ source: deviceSource(deviceId), deviceId });

const KIOSK_UNREACHABLE = "This kiosk cannot reach its location just now. Please try again.";

/** The location and its active staff, from its hub; a refusal leaves as the kiosk's error. */
async function kioskView(env: Env, locationId: string, caller: KioskCaller) {
  const view = await hubFor(env, locationId, KIOSK_UNREACHABLE).kiosk(caller);
  if (!view.ok) throw kioskRefused(view.refusal, caller);
  return view;
}

function initials(staff: readonly KioskEmployee[]): InitialsResponse {
  const letters = new Set(staff.map((e) => initialOf(e.first_name)));
  return { initials: [...letters].filter(Boolean).sort((a, b) => a.localeCompare(b, "en-GB")) };
}

function byInitial(staff: readonly KioskEmployee[], initial: string): KioskEmployeesResponse {
  const wanted = initial.toLocaleUpperCase("en-GB");
  return { employees: staff.filter((e) => initialOf(e.first_name) === wanted) };
}

type Submit = z.output<typeof kioskSubmitRequest>;

/**
 * Hands the punch to the location's hub, which checks the kiosk may use the location, decides the punch and
 * records it; its refusals leave as {detail} errors. `caller` says which kiosk it came from: each has its own
 * wrong-PIN budget.
 */
async function submit<E extends AppEnv>(
  c: Context<E>,
  locationId: string,
  caller: KioskCaller,
  body: Submit,
): Promise<KioskSubmitResponse> {
  if (body.location_id !== undefined && body.location_id !== locationId) {
    throw badRequest("location_id does not match this kiosk's location");
  }
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
  // Checked here so a missing secret is a clear 503 rather than an error inside the hub.
  appSecret(c.env);
  const request = {
    ...caller,
    employee: body.employee,
    pin: body.pin,
    action: body.action,
    confirmLeave: body.confirm_leave === true,
    idempotencyKey: key === undefined ? undefined : parseOrThrow(idempotencyKey, key),
  };
  // Should the hub go away mid-submit (a restart, a deploy), the punch may or may not have been recorded,
  // so the kiosk is told to retry, with the same Idempotency-Key, rather than that the server broke.
  const outcome = await hubFor(c.env, locationId, punchMessages.unavailable).submit(request);
  switch (outcome.kind) {
    case "recorded":
      return outcome.body;
    case "kiosk_refused":
      throw kioskRefused(outcome.refusal, caller);
    case "refused":
      throw new ApiError(outcome.refusal === "wrong_pin" ? 401 : 400, outcome.detail);
    case "locked":
      throw new ApiError(423, outcome.detail, outcome.retryAfter);
    case "throttled":
      throw new ApiError(429, outcome.detail, outcome.retryAfter);
    case "ask_leave":
      throw new ApiError(409, outcome.detail, undefined, { [LEAVE_TODAY]: outcome.leave });
  }
}
