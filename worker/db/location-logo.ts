import { type Actor, auditStatement } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { type LocationSettingsRow, readLocationSettings } from "./location-settings";
import { locationSettings } from "./schema";

export type StoredLogo = { key: string; filename: string; contentType: string };

/**
 * Points the location at a new logo (or none), with an audit row of before and after in the same batch.
 * Answers the settings as they now are and the R2 key the location used before, which the caller deletes
 * once this has committed (so a failed write never leaves a location pointing at a deleted object).
 */
export async function setLocationLogo(
  db: Db,
  userId: string,
  actor: Actor,
  locationId: string,
  logo: StoredLogo | null,
  now = Date.now(),
): Promise<{ settings: LocationSettingsRow; previousKey: string | null }> {
  const current = await readLocationSettings(db, locationId);
  const set = {
    logoKey: logo?.key ?? null,
    logoFilename: logo?.filename ?? null,
    logoContentType: logo?.contentType ?? null,
    updatedAt: now,
  };
  const updated = { ...current, ...set };
  await runBatch(db, [
    db
      .insert(locationSettings)
      .values(updated)
      .onConflictDoUpdate({ target: locationSettings.locationId, set }),
    auditStatement(
      {
        userId,
        actor,
        locationId,
        entity: "location",
        entityId: locationId,
        action: logo ? "logo_uploaded" : "logo_removed",
        before: { logo_filename: current.logoFilename, logo_content_type: current.logoContentType },
        after: { logo_filename: set.logoFilename, logo_content_type: set.logoContentType },
      },
      undefined,
      now,
    ),
  ]);
  return { settings: updated, previousKey: current.logoKey };
}
