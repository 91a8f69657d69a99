import type { SocketScope } from "../contracts/live";
import type { SocketClose } from "../contracts/socket-close";
import type { Db } from "../db/client";
import { listLocations } from "../db/locations";
import type { HubChange } from "../durable/location-hub";
import { describeError } from "./errors";

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
    console.error(`[location-hub ${locationId}] change notification failed: ${describeError(error)}`);
  }
}

/**
 * Closes the sockets in `scope` at each of the locations, before the caller answers: a signed-out session
 * or an unpaired kiosk must stop receiving staff data at once. A hub that cannot be reached is logged (its
 * sockets end with the next code update, and a closed session cannot open new ones).
 */
export async function disconnectSockets(
  env: Env,
  locationIds: readonly string[],
  scope: SocketScope,
  close: SocketClose,
) {
  const results = await Promise.allSettled(locationIds.map((id) => hubFor(env, id).disconnect(scope, close)));
  for (const [i, result] of results.entries()) {
    if (result.status === "rejected") {
      console.error(`[location-hub ${locationIds[i]}] disconnect failed: ${describeError(result.reason)}`);
    }
  }
}

/** The same, at every live location of an account (logout, password reset, suspension). */
export async function disconnectAccount(
  env: Env,
  db: Db,
  userId: string,
  scope: SocketScope,
  close: SocketClose,
) {
  const locations = await listLocations(db, userId);
  await disconnectSockets(
    env,
    locations.map((location) => location.id),
    scope,
    close,
  );
}
