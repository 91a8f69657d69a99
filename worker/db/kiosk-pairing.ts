import { and, eq, exists, gt, isNull, sql } from "drizzle-orm";
import { PAIRING_ALPHABET, PAIRING_CODE_LENGTH, PAIRING_CODE_MINUTES } from "../contracts/kiosk";
import { hmacHex, newId, randomFrom } from "../lib/crypto";
import type { Actor } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { pairingStatements } from "./kiosk-devices";
import { openLocation } from "./locations";
import { kioskPairingCodes, locations, users } from "./schema";

// One-time pairing codes (docs/kiosk.md): made by a manager for one of their locations, typed on the tablet,
// spent by the statement that pairs it. Only an HMAC of each code is stored, keyed with APP_SECRET, so the
// table alone cannot be turned back into codes.

const PAIRING_CODE_MS = PAIRING_CODE_MINUTES * 60_000;

const codeHash = (secret: string, code: string) => hmacHex(secret, `kiosk-pairing:${code}`);

/** XXXX-XXXX, as the dashboard shows it. */
const shown = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** A new code for the location, valid PAIRING_CODE_MINUTES; the code itself is only ever in this answer. */
export async function issuePairingCode(
  db: Db,
  secret: string,
  userId: string,
  actor: Actor,
  locationId: string,
  now = Date.now(),
) {
  const expiresAt = now + PAIRING_CODE_MS;
  // 31^8 codes: a clash is all but impossible, and a second draw settles it without a 500.
  for (let draw = 0; draw < 3; draw++) {
    const code = randomFrom(PAIRING_ALPHABET, PAIRING_CODE_LENGTH);
    const inserted = await db
      .insert(kioskPairingCodes)
      .values({
        codeHash: await codeHash(secret, code),
        locationId,
        userId,
        actorId: actor.id,
        actorName: actor.name,
        createdAt: now,
        expiresAt,
      })
      .onConflictDoNothing()
      .returning({ codeHash: kioskPairingCodes.codeHash });
    if (inserted.length === 1) return { code: shown(code), expiresAt };
  }
  throw new Error("Could not draw an unused pairing code");
}

export type PairingOutcome =
  | { paired: true; deviceId: string; locationId: string; label: string }
  | { paired: false; reason: "unknown" | "used" | "expired" | "closed" };

/**
 * Spends the code (already normalised) and pairs a device in one batch: the code is marked used only if it
 * is unused, unexpired and its location still open, and the device and its audit row are written only if
 * that mark was made, so of two tablets racing with one code exactly one is paired.
 */
export async function pairWithCode(
  db: Db,
  secret: string,
  code: string,
  label: string,
  now = Date.now(),
): Promise<PairingOutcome> {
  const hash = await codeHash(secret, code);
  const found = await db.query.kioskPairingCodes.findFirst({ where: eq(kioskPairingCodes.codeHash, hash) });
  if (!found) return { paired: false, reason: "unknown" };
  if (found.usedAt !== null) return { paired: false, reason: "used" };
  if (found.expiresAt <= now) return { paired: false, reason: "expired" };
  const deviceId = newId();
  const [spent] = await runBatch(db, [
    db
      .update(kioskPairingCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(kioskPairingCodes.codeHash, hash),
          isNull(kioskPairingCodes.usedAt),
          gt(kioskPairingCodes.expiresAt, now),
          exists(
            db.select({ one: sql`1` }).from(locations).where(openLocation(kioskPairingCodes.locationId)),
          ),
        ),
      ),
    ...pairingStatements(
      {
        id: deviceId,
        userId: found.userId,
        // A code made before teams was made by the account's owner.
        actor: {
          id: found.actorId ?? found.userId,
          name: found.actorName ?? (await ownerName(db, found.userId)),
        },
        locationId: found.locationId,
        label,
        via: "code",
      },
      now,
    ),
  ]);
  if ((spent?.meta.changes ?? 0) === 1) {
    return { paired: true, deviceId, locationId: found.locationId, label };
  }
  // Lost a race for the code, or its location was archived or its account closed meanwhile.
  const again = await db.query.kioskPairingCodes.findFirst({ where: eq(kioskPairingCodes.codeHash, hash) });
  return { paired: false, reason: again?.usedAt != null ? "used" : "closed" };
}

async function ownerName(db: Db, userId: string) {
  const owner = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { name: true } });
  return owner?.name ?? "";
}
