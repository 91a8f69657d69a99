import { createMiddleware } from "hono/factory";
import { appSecret } from "../lib/config";
import { unauthorized } from "../lib/errors";
import { readKioskToken } from "../lib/tickets";
import type { AppEnv } from "../types";

export const NOT_PAIRED =
  "This kiosk is not paired with a location. Ask a manager to pair it from the dashboard.";

/**
 * A paired kiosk (variant B): a device token signed by this server. Whether the device is still paired (not
 * revoked) and its location still open is the location's hub's to say, so no D1 read happens here.
 */
export const requireKioskDevice = createMiddleware<AppEnv>(async (c, next) => {
  const token = /^Bearer ([A-Za-z0-9_.-]{20,2048})$/.exec(c.req.header("Authorization") ?? "")?.[1];
  const claims = token ? await readKioskToken(appSecret(c.env), token) : null;
  if (!claims) throw unauthorized(NOT_PAIRED);
  c.set("kioskDevice", { id: claims.deviceId, locationId: claims.locationId });
  await next();
});
