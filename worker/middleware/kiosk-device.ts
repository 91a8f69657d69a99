import { createMiddleware } from "hono/factory";
import { pairedDevice } from "../db/kiosk-devices";
import { appSecret } from "../lib/config";
import { unauthorized } from "../lib/errors";
import { readKioskToken } from "../lib/tickets";
import type { AppEnv } from "../types";

export const NOT_PAIRED =
  "This kiosk is not paired with a location. Ask a manager to pair it from the dashboard.";

/** A paired kiosk (variant B): a signed device token whose device row is neither revoked nor orphaned. */
export const requireKioskDevice = createMiddleware<AppEnv>(async (c, next) => {
  const token = /^Bearer ([A-Za-z0-9_.-]{20,2048})$/.exec(c.req.header("Authorization") ?? "")?.[1];
  const claims = token ? await readKioskToken(appSecret(c.env), token) : null;
  const device = claims ? await pairedDevice(c.get("db"), claims.deviceId, claims.locationId) : undefined;
  if (!device) throw unauthorized(NOT_PAIRED);
  c.set("kioskDevice", device);
  await next();
});
