import type { HubChange } from "../durable/location-hub";

/** The location's LocationHub (one Durable Object per location id). */
export const hubFor = (env: Env, locationId: string) =>
  env.LOCATION_HUB.get(env.LOCATION_HUB.idFromName(locationId));

/**
 * Tells the hub that D1 changed so dashboards update. The change itself is already committed, so a hub
 * that cannot be reached is logged rather than turned into an error for the manager.
 */
export async function notifyHub(env: Env, locationId: string, change: HubChange) {
  try {
    await hubFor(env, locationId).changed(locationId, change);
  } catch (error) {
    console.error(`[location-hub ${locationId}] change notification failed:`, error);
  }
}
