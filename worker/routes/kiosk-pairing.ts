import { Hono } from "hono";
import { type PairDeviceResponse, pairWithCodeRequest } from "../contracts/kiosk";
import { type PairingOutcome, pairWithCode } from "../db/kiosk-pairing";
import { limitStore, refund } from "../db/rate-limits";
import { deviceLabel } from "../domain/device-label";
import { notifyHub } from "../durable/client";
import { appSecret, clientAddress } from "../lib/config";
import { ApiError, badRequest } from "../lib/errors";
import { countAttempt } from "../lib/rate-limit";
import { issueKioskToken } from "../lib/tickets";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../types";

// A tablet pairs itself with the one-time code a manager made in the dashboard (docs/kiosk.md), mounted at
// /api/kiosk in the kiosk's own API: no session, so the manager never signs in on the tablet.

/**
 * Tries per client address: counted atomically before the code is looked up, so parallel guesses cannot slip
 * past, and given back when the code was right. At 10 tries per 15 minutes an address needs thousands of
 * years to find one live code among 31^8.
 */
const PAIRING_TRIES = { limit: 10, windowMs: 15 * 60_000 };
export const PAIRING_THROTTLED = "Too many pairing attempts from this device. Please wait a few minutes.";

const REFUSED: Record<Exclude<PairingOutcome, { paired: true }>["reason"], ApiError> = {
  unknown: badRequest("That pairing code is not right. Check it against the dashboard and try again."),
  used: new ApiError(410, "That pairing code has already been used. Make a new one in the dashboard."),
  expired: new ApiError(410, "That pairing code has expired. Make a new one in the dashboard."),
  closed: new ApiError(410, "That pairing code can no longer be used. Make a new one in the dashboard."),
};

export const kioskPairingRoutes = new Hono<AppEnv>().post(
  "/pair",
  jsonBody(pairWithCodeRequest),
  async (c) => {
    const { db } = c.var;
    const { code, label } = c.req.valid("json");
    const secret = appSecret(c.env);
    const key = `kiosk-pairing:${clientAddress(c.req.raw.headers)}`;
    await countAttempt(limitStore(db), [{ key, window: PAIRING_TRIES }], PAIRING_THROTTLED);
    const named = label ?? deviceLabel(c.req.header("User-Agent") ?? "", Date.now()) ?? "Kiosk";
    const outcome = await pairWithCode(db, secret, code, named);
    if (!outcome.paired) throw REFUSED[outcome.reason];
    await refund(db, key);
    await notifyHub(c.env, outcome.locationId, "devices");
    const token = await issueKioskToken(secret, {
      deviceId: outcome.deviceId,
      locationId: outcome.locationId,
    });
    return c.json<PairDeviceResponse>(
      { device_id: outcome.deviceId, token, label: outcome.label, location_id: outcome.locationId },
      201,
    );
  },
);
