import type { Context } from "hono";
import { Hono } from "hono";
import type { z } from "zod";
import {
  IDEMPOTENCY_KEY_HEADER,
  type InitialsResponse,
  idempotencyKey,
  initialParams,
  type KioskEmployeesResponse,
  type KioskLocation,
  type KioskSubmitResponse,
  kioskSubmitRequest,
  locationInitialParams,
  type PairedLocationResponse,
} from "../contracts/kiosk";
import { LOCATION_NOT_FOUND } from "../contracts/locations";
import { locationParams } from "../contracts/params";
import type { Db } from "../db/client";
import { findKioskLocation, kioskLocationView } from "../db/kiosk-access";
import { touchDevice } from "../db/kiosk-devices";
import { kioskEmployees } from "../db/kiosk-directory";
import { deviceSource, PUBLIC_KIOSK, punchMessages } from "../domain/punch-rules";
import { initialOf } from "../domain/usernames";
import { appSecret } from "../lib/config";
import { ApiError, badRequest, describeError, notFound } from "../lib/errors";
import { hubFor } from "../lib/hub";
import { jsonBody, params, parseOrThrow } from "../lib/validate";
import { requireKioskDevice } from "../middleware/kiosk-device";
import { publicKiosk } from "../middleware/public-kiosk";
import type { AppEnv } from "../types";

// The kiosk's calls, mounted under /api (spec §7 kiosk). Variant A names the location in the path and
// needs no credentials; variant B is a paired device whose token says which location it serves.

export const kioskRoutes = new Hono<AppEnv>()
  // Variant A. Each answers 403 while the location accepts only paired kiosks (publicKiosk).
  .get("/locations/:locationId", params(locationParams), publicKiosk, (c) =>
    c.json<KioskLocation>(kioskLocationView(c.var.kiosk)),
  )
  .get("/employees/initials/:locationId", params(locationParams), publicKiosk, async (c) =>
    c.json<InitialsResponse>(await initials(c.var.db, c.var.kiosk.id)),
  )
  .get("/employees/by-initial/:locationId/:initial", params(locationInitialParams), publicKiosk, async (c) =>
    c.json<KioskEmployeesResponse>(await byInitial(c.var.db, c.var.kiosk.id, c.req.valid("param").initial)),
  )
  .post(
    "/kiosk/submit/:locationId",
    params(locationParams),
    jsonBody(kioskSubmitRequest),
    publicKiosk,
    async (c) => c.json<KioskSubmitResponse>(await submit(c, c.var.kiosk, PUBLIC_KIOSK, c.req.valid("json"))),
  )

  // Variant B: Authorization: Bearer <kiosk token>. The device's location is live (requireKioskDevice).
  .get("/kiosk/location", requireKioskDevice, async (c) => {
    const device = c.var.kioskDevice;
    const kiosk = await findKioskLocation(c.var.db, device.locationId);
    if (!kiosk) throw notFound(LOCATION_NOT_FOUND);
    return c.json<PairedLocationResponse>({ ...kioskLocationView(kiosk), device_id: device.id });
  })
  .get("/employees/initials", requireKioskDevice, async (c) =>
    c.json<InitialsResponse>(await initials(c.var.db, c.var.kioskDevice.locationId)),
  )
  .get("/employees/by-initial/:initial", requireKioskDevice, params(initialParams), async (c) => {
    const { locationId } = c.var.kioskDevice;
    return c.json<KioskEmployeesResponse>(
      await byInitial(c.var.db, locationId, c.req.valid("param").initial),
    );
  })
  .post("/kiosk/submit", requireKioskDevice, jsonBody(kioskSubmitRequest), async (c) => {
    const device = c.var.kioskDevice;
    const location = { id: device.locationId, timezone: device.timezone };
    const answer = await submit(c, location, deviceSource(device.id), c.req.valid("json"));
    await touchDevice(c.var.db, device.id);
    return c.json<KioskSubmitResponse>(answer);
  });

async function initials(db: Db, locationId: string): Promise<InitialsResponse> {
  const letters = new Set((await kioskEmployees(db, locationId)).map((e) => initialOf(e.first_name)));
  return { initials: [...letters].filter(Boolean).sort((a, b) => a.localeCompare(b, "en-GB")) };
}

async function byInitial(db: Db, locationId: string, initial: string): Promise<KioskEmployeesResponse> {
  const wanted = initial.toLocaleUpperCase("en-GB");
  const employees = await kioskEmployees(db, locationId);
  return { employees: employees.filter((e) => initialOf(e.first_name) === wanted) };
}

type Submit = z.output<typeof kioskSubmitRequest>;

/**
 * Hands the punch to the location's hub, which decides it; its refusals leave as {detail} errors. The
 * location was loaded (and its kiosk access checked) by the caller: no second read on the hot path.
 * `source` says which kiosk it came from: each has its own wrong-PIN budget.
 */
async function submit<E extends AppEnv>(
  c: Context<E>,
  location: { id: string; timezone: string },
  source: string,
  body: Submit,
): Promise<KioskSubmitResponse> {
  if (body.location_id !== undefined && body.location_id !== location.id) {
    throw badRequest("location_id does not match this kiosk's location");
  }
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
  // Checked here so a missing secret is a clear 503 rather than an error inside the hub.
  appSecret(c.env);
  const request = {
    locationId: location.id,
    timeZone: location.timezone,
    source,
    employee: body.employee,
    pin: body.pin,
    action: body.action,
    idempotencyKey: key === undefined ? undefined : parseOrThrow(idempotencyKey, key),
  };
  const outcome = await hubFor(c.env, location.id)
    .submit(request)
    .catch((error: unknown) => {
      // The hub went away mid-submit (a restart, a deploy): the punch may or may not have been recorded,
      // so the kiosk is told to retry, with the same Idempotency-Key, rather than that the server broke.
      console.error(
        `[${c.get("requestId")}] location hub ${location.id} unavailable: ${describeError(error)}`,
      );
      throw new ApiError(503, punchMessages.unavailable, 1);
    });
  if (outcome.status !== 200) throw new ApiError(outcome.status, outcome.detail, outcome.retryAfter);
  return outcome.body;
}
