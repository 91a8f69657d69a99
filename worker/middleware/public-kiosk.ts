import { createMiddleware } from "hono/factory";
import { ONLY_PAIRED_KIOSKS } from "../contracts/kiosk";
import { LOCATION_NOT_FOUND } from "../contracts/locations";
import { findKioskLocation, type KioskSite } from "../db/kiosk-access";
import { forbidden, notFound } from "../lib/errors";
import type { AppEnv } from "../types";

/**
 * A public kiosk (variant A) names its location in the path, `:locationId`, loaded as `c.var.kiosk`: 404 for a
 * location that is not live (archived, or its account closed), 403 while its manager accepts only paired
 * kiosks (then only a paired device, variant B, may list staff or clock in).
 */
export const publicKiosk = createMiddleware<AppEnv & { Variables: { kiosk: KioskSite } }>(async (c, next) => {
  const kiosk = await findKioskLocation(c.var.db, c.req.param("locationId") ?? "");
  if (!kiosk) throw notFound(LOCATION_NOT_FOUND);
  if (kiosk.onlyPaired) throw forbidden(ONLY_PAIRED_KIOSKS);
  c.set("kiosk", kiosk);
  await next();
});
