import { eq } from "drizzle-orm";
import type { KioskLocation } from "../contracts/kiosk";
import type { Db } from "./client";
import { defaultLocationSettings, toKioskAppearance } from "./location-settings";
import { openLocation } from "./locations";
import { locationSettings, locations } from "./schema";

/** What every kiosk (public or paired) loads of its location: its name and look, and what a punch needs. */
export type KioskSite = KioskLocation & { timezone: string; onlyPaired: boolean };

/**
 * An open location (not archived, account not closed) as kiosks see it, its settings (the defaults if none
 * are saved) read in the same query; null when it is not live.
 */
export async function findKioskLocation(db: Db, locationId: string): Promise<KioskSite | null> {
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
  if (!row) return null;
  const settings = row.settings ?? defaultLocationSettings(row.id);
  return {
    id: row.id,
    name: row.name,
    ...toKioskAppearance(settings),
    timezone: row.timezone,
    onlyPaired: settings.onlyPairedKiosks,
  };
}

/** The location as a kiosk shows it (GET /api/locations/{id}, /api/kiosk/location). */
export const kioskLocationView = ({ id, name, button_shape, background_theme, logo_url }: KioskSite) =>
  ({ id, name, button_shape, background_theme, logo_url }) satisfies KioskLocation;
