import { and, asc, eq, isNull } from "drizzle-orm";
import type { KioskDevice } from "../contracts/kiosk";
import { newId } from "../lib/crypto";
import { AFTER_A_CHANGE, auditStatement } from "./audit";
import { runBatch } from "./batch";
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

export async function pairDevice(db: Db, userId: string, locationId: string, label: string) {
  const id = newId();
  const now = Date.now();
  await runBatch(db, [
    db.insert(kioskDevices).values({ id, locationId, label, createdAt: now }),
    auditStatement({
      userId,
      locationId,
      entity: "kiosk_device",
      entityId: id,
      action: "paired",
      before: null,
      after: { label },
    }),
  ]);
  return id;
}

/** Revokes one device, or every device of the location when `deviceId` is null; returns how many. */
export async function revokeDevices(db: Db, userId: string, locationId: string, deviceId: string | null) {
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
