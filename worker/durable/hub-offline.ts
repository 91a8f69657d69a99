import {
  OFFLINE_FUTURE_SKEW_MS,
  OFFLINE_MAX_AGE_MS,
  type OfflinePunch,
  type OfflinePunchResult,
  type OfflineRefusal,
  offlineContext,
} from "../contracts/kiosk";
import { generateSealKeyPair, type SealKeyPair, unsealPin } from "../contracts/seal";
import { safeTimeZone } from "../domain/local-time";
import { deviceSource, findPunchingEmployee } from "../domain/punch-rules";
import { constantTimeEqual, newId } from "../lib/crypto";
import { hashPin } from "../lib/pins";
import type { HubRecords } from "./hub-records";
import type { PinGuard } from "./pin-guard";
import { leaveToday, storedOutcome } from "./punch";

// Punches a paired kiosk made while it was offline, sent when the network returns, oldest first.
// Each is recorded once, at the device's time, within honest bounds: not ahead of the server's clock (beyond
// a small skew), not older than 72 hours, never before the same device's previous one. The PIN travels sealed to
// this hub's key; it is checked here like any other. Whatever is refused (a wrong PIN, a time out of bounds,
// a punch the employee's state does not allow) is kept as an exception for the manager, never as a punch.

/** What the slow part (unsealing, hashing) found for one punch, before the synchronous decision. */
export type PreparedOffline = { punch: OfflinePunch; employeeId: string | null; pinOk: boolean | null };

const RESULT_PREFIX = "offline:";

export class HubOffline {
  constructor(
    private readonly sql: SqlStorage,
    private readonly records: HubRecords,
    private readonly storage: PinGuard,
  ) {}

  /** The hub's sealing key pair, made on first use and kept. */
  async keys(): Promise<SealKeyPair> {
    const [row] = this.sql
      .exec<{ public_jwk: string; private_jwk: string }>("SELECT public_jwk, private_jwk FROM seal_key")
      .toArray();
    if (row) return { publicJwk: JSON.parse(row.public_jwk), privateJwk: JSON.parse(row.private_jwk) };
    const made = await generateSealKeyPair();
    // Two first uses racing: the first write wins and both read it back.
    this.sql.exec(
      "INSERT OR IGNORE INTO seal_key (one, public_jwk, private_jwk) VALUES (1, ?, ?)",
      JSON.stringify(made.publicJwk),
      JSON.stringify(made.privateJwk),
    );
    return this.keys();
  }

  /** Unseals each PIN and hashes it for the employee it names: no decision yet. */
  async prepare(punches: readonly OfflinePunch[], secret: string): Promise<PreparedOffline[]> {
    const { privateJwk } = await this.keys();
    const staff = this.records.siteCopy.punchable();
    return Promise.all(
      punches.map(async (punch) => {
        const found = findPunchingEmployee(staff, { username: punch.username });
        if (found.found !== "one") return { punch, employeeId: null, pinOk: null };
        const pin = await unsealPin(privateJwk, punch.sealed_pin, offlineContext(punch));
        if (pin === null) return { punch, employeeId: found.employee.id, pinOk: null };
        const hash = await hashPin(secret, found.employee.id, pin);
        return {
          punch,
          employeeId: found.employee.id,
          pinOk: constantTimeEqual(hash, found.employee.pinHash),
        };
      }),
    );
  }

  /** Decides and records each punch in order, synchronously: one step, nothing interleaves. */
  decide(deviceId: string, prepared: readonly PreparedOffline[], now: number): OfflinePunchResult[] {
    return prepared.map((one) => {
      const key = `${RESULT_PREFIX}${deviceId}:${one.punch.key}`;
      const [stored] = this.sql
        .exec<{ answer: string }>("SELECT answer FROM idempotent_answers WHERE key = ?", key)
        .toArray();
      if (stored) return JSON.parse(stored.answer) as OfflinePunchResult;
      // The kiosk queues a punch under the key its live submit used: a submit that reached the hub but whose
      // answer was lost on the way back is not recorded twice.
      const [live] = this.sql
        .exec<{ answer: string }>("SELECT answer FROM idempotent_answers WHERE key = ?", one.punch.key)
        .toArray();
      if (live && storedOutcome(live.answer).kind === "recorded") {
        return { key: one.punch.key, status: "recorded" as const };
      }
      const result = this.#decideOne(deviceId, one, now);
      this.sql.exec(
        "INSERT INTO idempotent_answers (key, fingerprint, answer, created_at) VALUES (?, '', ?, ?)",
        key,
        JSON.stringify(result),
        now,
      );
      return result;
    });
  }

  #decideOne(
    deviceId: string,
    { punch, employeeId, pinOk }: PreparedOffline,
    now: number,
  ): OfflinePunchResult {
    const at = Date.parse(punch.at);
    const refuse = (reason: OfflineRefusal): OfflinePunchResult => {
      this.sql.exec(
        `INSERT INTO offline_exceptions (id, device_id, employee_id, username, action, at, reason, received_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        newId(),
        deviceId,
        employeeId,
        punch.username,
        punch.action,
        at,
        reason,
        now,
      );
      return { key: punch.key, status: "refused", reason };
    };
    if (employeeId === null) return refuse("unknown_employee");
    if (pinOk === null) return refuse("unreadable_pin");
    if (at > now + OFFLINE_FUTURE_SKEW_MS) return refuse("future");
    if (at < now - OFFLINE_MAX_AGE_MS) return refuse("too_old");
    const [device] = this.sql
      .exec<{ last_offline_at: number | null }>("SELECT last_offline_at FROM devices WHERE id = ?", deviceId)
      .toArray();
    if (device?.last_offline_at != null && at < device.last_offline_at) return refuse("out_of_order");
    // The device's own wrong-PIN budget and locks, as for its live punches: the queue is no PIN oracle.
    const source = deviceSource(deviceId);
    const { lockedUntil, failures } = this.storage.pinStanding(source, employeeId, now);
    if (lockedUntil) return refuse("locked");
    if (!pinOk) {
      this.storage.recordWrongPin(source, employeeId, now);
      return refuse("wrong_pin");
    }
    this.storage.clearWrongPins(source, employeeId, failures);
    this.sql.exec("UPDATE devices SET last_offline_at = ? WHERE id = ?", at, deviceId);
    // A check-out or break can only follow the open session's check-in.
    const open = this.records.openSessionOf(employeeId);
    if (punch.action !== "check_in" && open && open.checkIn > at) return refuse("not_allowed");
    // An offline check-in cannot ask "Clock in anyway?": one on a day of sick leave or holiday is recorded,
    // marked with that status for the manager.
    const timeZone = safeTimeZone(this.records.site()?.timezone);
    const leave =
      punch.action === "check_in" ? leaveToday({ records: this.records, timeZone }, employeeId, at) : null;
    const written = this.records.recordPunch(punch.action, employeeId, at, leave);
    if (!["checked_in", "checked_out", "break_started", "break_ended"].includes(written.status)) {
      return refuse("not_allowed");
    }
    const sessionId = written.status === "checked_in" ? written.sessionId : open?.id;
    if (sessionId) this.records.markOffline(sessionId);
    return { key: punch.key, status: "recorded" };
  }

  /** Offline punches refused in the last week, newest first (Live Status shows them to the manager). */
  exceptions(now: number) {
    return this.sql
      .exec<{ employee_id: string | null; username: string; action: string; at: number; reason: string }>(
        `SELECT employee_id, username, action, at, reason FROM offline_exceptions
         WHERE received_at > ? ORDER BY at DESC LIMIT 50`,
        now - 7 * 24 * 60 * 60_000,
      )
      .toArray();
  }
}
