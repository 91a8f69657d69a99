import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { KioskDevice } from "../contracts/kiosk";
import { newId } from "../lib/crypto";
import { type Actor, AFTER_A_CHANGE, auditStatement } from "./audit";
import { runBatch, type Statement } from "./batch";
import type { Db } from "./client";
import { kioskDevices } from "./schema";

const iso = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString());
const notRevoked = (locationId: string) =>
  and(eq(kioskDevices.locationId, locationId), isNull(kioskDevices.revokedAt));

export async function listDevices(db: Db, locationId: string): Promise<KioskDevice[]> {
  const rows = await db
    .select()
    .from(kioskDevices)
    .where(notRevoked(locationId))
    .orderBy(asc(kioskDevices.createdAt));
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    created_at: iso(row.createdAt) ?? "",
    last_used_at: iso(row.lastUsedAt),
  }));
}

export type NewDevice = {
  id: string;
  userId: string;
  actor: Actor;
  locationId: string;
  label: string;
  /** How it was paired: this browser by a signed-in manager, or a tablet by a one-time code. */
  via: "browser" | "code";
};

/**
 * The device and its audit row, as batch statements. The device is written only if the statement before it
 * in the batch changed a row (a pairing code being spent; `true` when there is none), and its audit row only
 * with it.
 */
export function pairingStatements(device: NewDevice, now: number): Statement[] {
  const { id, userId, actor, locationId, label, via } = device;
  return [
    sql`INSERT INTO kiosk_devices (id, location_id, label, created_at)
        SELECT ${id}, ${locationId}, ${label}, ${now} WHERE ${via === "code" ? AFTER_A_CHANGE : sql`1`}`,
    auditStatement(
      {
        userId,
        actor,
        locationId,
        entity: "kiosk_device",
        entityId: id,
        action: "paired",
        before: null,
        after: { label, via },
      },
      AFTER_A_CHANGE,
      now,
    ),
  ];
}

/** Pairs this browser for a signed-in manager; the new device's id. */
export async function pairDevice(db: Db, userId: string, actor: Actor, locationId: string, label: string) {
  const id = newId();
  await runBatch(db, pairingStatements({ id, userId, actor, locationId, label, via: "browser" }, Date.now()));
  return id;
}

/** Revokes one device, or every device of the location when `deviceId` is null; returns how many. */
export async function revokeDevices(
  db: Db,
  userId: string,
  actor: Actor,
  locationId: string,
  deviceId: string | null,
) {
  const targets = await db
    .select()
    .from(kioskDevices)
    .where(and(notRevoked(locationId), deviceId === null ? undefined : eq(kioskDevices.id, deviceId)));
  if (targets.length === 0) return 0;
  const now = Date.now();
  const statements = targets.flatMap((device) => [
    db
      .update(kioskDevices)
      .set({ revokedAt: now })
      .where(and(eq(kioskDevices.id, device.id), isNull(kioskDevices.revokedAt))),
    auditStatement(
      {
        userId,
        actor,
        locationId,
        entity: "kiosk_device",
        entityId: device.id,
        action: "revoked",
        before: { label: device.label, revoked_at: null },
        after: { label: device.label, revoked_at: iso(now) },
      },
      AFTER_A_CHANGE,
      now,
    ),
  ]);
  await runBatch(db, statements);
  return targets.length;
}
