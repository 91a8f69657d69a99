import { eq } from "drizzle-orm";
import type { KioskLocation } from "../contracts/kiosk";
import { forbidden, notFound } from "../lib/errors";
import type { Db } from "./client";
import { defaultLocationSettings, toKioskAppearance } from "./location-settings";
import { openLocation } from "./locations";
import { locationSettings, locations } from "./schema";

export const ONLY_PAIRED_KIOSKS =
  "This kiosk must be paired with the location by a manager before staff can clock in here.";

/** An open location (not archived, account not closed) with its settings (the defaults if none are saved), in one read. 404 when it is not live. */
async function liveLocation(db: Db, locationId: string) {
  const [row] = await db
    .select({
      id: locations.id,
      name: locations.name,
      timezone: locations.timezone,
      settings: locationSettings,
    })
    .from(locations)
    .leftJoin(locationSettings, eq(locationSettings.locationId, locations.id))
    .where(openLocation(locationId));
  if (!row) throw notFound("Location not found");
  return { ...row, settings: row.settings ?? defaultLocationSettings(row.id) };
}

/** The location's name and look, as every kiosk (public or paired) loads it. 404 when it is not live. */
export async function kioskLocationView(
  db: Db,
  locationId: string,
): Promise<KioskLocation & { onlyPaired: boolean }> {
  const { id, name, settings } = await liveLocation(db, locationId);
  return { id, name, ...toKioskAppearance(settings), onlyPaired: settings.onlyPairedKiosks };
}

/**
 * The public (variant A) kiosk calls: 404 for a location that is not live, 403 when its manager has
 * switched on "only paired kiosks" (then only a paired device, variant B, may list staff or clock in).
 */
export async function publicKioskLocation(db: Db, locationId: string): Promise<KioskLocation> {
  const { onlyPaired, ...view } = await kioskLocationView(db, locationId);
  if (onlyPaired) throw forbidden(ONLY_PAIRED_KIOSKS);
  return view;
}

/** What a public (variant A) submit needs of its location, with the same checks: id and time zone. */
export async function publicPunchLocation(db: Db, locationId: string) {
  const { id, timezone, settings } = await liveLocation(db, locationId);
  if (settings.onlyPairedKiosks) throw forbidden(ONLY_PAIRED_KIOSKS);
  return { id, timezone };
}
