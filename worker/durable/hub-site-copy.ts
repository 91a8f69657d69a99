import type { KioskAppearance } from "../contracts/appearance";
import type { KioskEmployee } from "../contracts/kiosk";
import { YOUNG_NIGHT_SECTORS, type YoungNightSector } from "../contracts/working-time-settings";
import type { SiteCircle } from "../domain/geofence";
import type { SiteSnapshot } from "../domain/hub-exchange";
import type { Punchable } from "../domain/punch-rules";

// The hub's copy of what the control plane (D1) last said of its location: the site, its staff and its paired
// devices (tables site, staff, devices in hub-schema.ts), so a kiosk is answered without a D1 round trip.

export type Site = NonNullable<SiteSnapshot["location"]>;
export type StoredSite = Site & { syncedAt: number; backfilledAt: number | null };
type RosterEntry = { id: string; name: string; deleted: boolean; adultFrom: string | null };

export class SiteCopy {
  private readonly sql: SqlStorage;
  // The site and the staff a punch is decided on, read once and kept until this class next writes them: every
  // punch needs both, and nothing else writes those tables (the hub is their only writer).
  #site: StoredSite | null | undefined;
  #punchable: Punchable[] | undefined;
  /** Everyone on the staff table, deleted employees too: the names and birthdays every live-status push needs. */
  #roster: RosterEntry[] | undefined;

  constructor(private readonly storage: DurableObjectStorage) {
    this.sql = storage.sql;
  }

  /** Storage was erased or rewritten under this class: read the site and staff again. */
  forgetCached() {
    this.#site = undefined;
    this.#punchable = undefined;
    this.#roster = undefined;
  }

  site(): StoredSite | null {
    if (this.#site === undefined) this.#site = this.#readSite();
    return this.#site;
  }

  #readSite(): StoredSite | null {
    const [row] = this.sql
      .exec<{
        location_id: string;
        name: string;
        timezone: string;
        open: number;
        only_paired: number;
        record_breaks: number;
        auto_close_after_hours: number | null;
        workday_minutes: number;
        young_night_sector: string;
        young_contract_after_22: number;
        late_grace_minutes: number;
        no_show_minutes: number;
        pay_to_rota: number;
        phone_clock_in: string | null;
        punch_webhooks: number;
        appearance: string;
        synced_at: number;
        backfilled_at: number | null;
      }>("SELECT * FROM site")
      .toArray();
    if (!row) return null;
    return {
      id: row.location_id,
      name: row.name,
      timezone: row.timezone,
      open: row.open === 1,
      onlyPaired: row.only_paired === 1,
      recordBreaks: row.record_breaks === 1,
      autoCloseAfterHours: row.auto_close_after_hours,
      workdayMinutes: row.workday_minutes,
      youngNight: {
        sector: (YOUNG_NIGHT_SECTORS as readonly string[]).includes(row.young_night_sector)
          ? (row.young_night_sector as YoungNightSector)
          : "none",
        contractAfter22: row.young_contract_after_22 === 1,
      },
      lateGraceMinutes: row.late_grace_minutes,
      noShowMinutes: row.no_show_minutes,
      payToRota: row.pay_to_rota === 1,
      phoneClockIn: row.phone_clock_in === null ? null : (JSON.parse(row.phone_clock_in) as SiteCircle),
      punchWebhooks: row.punch_webhooks === 1,
      appearance: JSON.parse(row.appearance) as KioskAppearance,
      syncedAt: row.synced_at,
      backfilledAt: row.backfilled_at,
    };
  }

  /** Writes the control plane's snapshot over the site, staff and devices, in one transaction. */
  apply(snapshot: SiteSnapshot & { location: Site }, now: number) {
    const { location } = snapshot;
    this.storage.transactionSync(() => {
      this.sql.exec(
        `INSERT INTO site (one, location_id, name, timezone, open, only_paired, record_breaks,
           auto_close_after_hours, workday_minutes, young_night_sector, young_contract_after_22, appearance,
           late_grace_minutes, no_show_minutes, pay_to_rota, phone_clock_in, punch_webhooks, synced_at)
         VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (one) DO UPDATE SET location_id = excluded.location_id, name = excluded.name,
           timezone = excluded.timezone, open = excluded.open, only_paired = excluded.only_paired,
           record_breaks = excluded.record_breaks, auto_close_after_hours = excluded.auto_close_after_hours,
           workday_minutes = excluded.workday_minutes, young_night_sector = excluded.young_night_sector,
           young_contract_after_22 = excluded.young_contract_after_22, appearance = excluded.appearance,
           late_grace_minutes = excluded.late_grace_minutes, no_show_minutes = excluded.no_show_minutes,
           pay_to_rota = excluded.pay_to_rota, phone_clock_in = excluded.phone_clock_in,
           punch_webhooks = excluded.punch_webhooks, synced_at = excluded.synced_at`,
        location.id,
        location.name,
        location.timezone,
        location.open ? 1 : 0,
        location.onlyPaired ? 1 : 0,
        location.recordBreaks ? 1 : 0,
        location.autoCloseAfterHours,
        location.workdayMinutes,
        location.youngNight.sector,
        location.youngNight.contractAfter22 ? 1 : 0,
        JSON.stringify(location.appearance),
        location.lateGraceMinutes,
        location.noShowMinutes,
        location.payToRota ? 1 : 0,
        location.phoneClockIn ? JSON.stringify(location.phoneClockIn) : null,
        location.punchWebhooks ? 1 : 0,
        now,
      );
      this.sql.exec("DELETE FROM staff");
      for (const e of snapshot.staff) {
        this.sql.exec(
          "INSERT INTO staff (id, first_name, last_name, username, active, deleted, adult_from) VALUES (?, ?, ?, ?, ?, ?, ?)",
          e.id,
          e.firstName,
          e.lastName,
          e.username,
          e.active ? 1 : 0,
          e.deleted ? 1 : 0,
          e.adultFrom,
        );
      }
      const paired = new Set(snapshot.devices);
      for (const { id } of this.sql.exec<{ id: string }>("SELECT id FROM devices").toArray()) {
        if (!paired.has(id)) this.sql.exec("DELETE FROM devices WHERE id = ?", id);
      }
      for (const id of paired) this.sql.exec("INSERT OR IGNORE INTO devices (id) VALUES (?)", id);
    });
  }

  markBackfilled(now: number) {
    this.sql.exec("UPDATE site SET backfilled_at = ?", now);
    this.#site = undefined;
  }

  /** Employees who may be named at a kiosk (not deleted), with what a punch is decided on. */
  punchable(): readonly Punchable[] {
    this.#punchable ??= this.sql
      .exec<{
        id: string;
        first_name: string;
        last_name: string;
        username: string;
        pin_hash: string;
        active: number;
      }>(
        `SELECT s.id, s.first_name, s.last_name, s.username, coalesce(p.pin_hash, '') AS pin_hash, s.active
         FROM staff s LEFT JOIN pins p ON p.employee_id = s.id WHERE s.deleted = 0`,
      )
      .toArray()
      .map((row) => ({
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        username: row.username,
        pinHash: row.pin_hash,
        active: row.active === 1,
      }));
    return this.#punchable;
  }

  /** A PIN changed: the staff a punch is decided on are read again. */
  forgetPunchable() {
    this.#punchable = undefined;
  }

  /** Active staff, as a kiosk lists them: by first then last name. */
  kioskStaff(): KioskEmployee[] {
    return this.sql
      .exec<KioskEmployee>(
        `SELECT id, first_name, last_name, username FROM staff WHERE deleted = 0 AND active = 1
         ORDER BY first_name COLLATE NOCASE, last_name COLLATE NOCASE, username`,
      )
      .toArray();
  }

  /** Names by employee id; `current` leaves out deleted employees. */
  names(current: boolean): Map<string, string> {
    const staff = this.#staffRoster().filter((e) => !current || !e.deleted);
    return new Map(staff.map((e) => [e.id, e.name]));
  }

  /** Employees under 18 on `date` (yyyy-mm-dd, the location's day). */
  youngOn(date: string): Set<string> {
    return new Set(
      this.#staffRoster().flatMap((e) => (e.adultFrom !== null && e.adultFrom > date ? [e.id] : [])),
    );
  }

  #staffRoster(): RosterEntry[] {
    this.#roster ??= this.sql
      .exec<{ id: string; name: string; deleted: number; adult_from: string | null }>(
        "SELECT id, first_name || ' ' || last_name AS name, deleted, adult_from FROM staff",
      )
      .toArray()
      .map((row) => ({ id: row.id, name: row.name, deleted: row.deleted === 1, adultFrom: row.adult_from }));
    return this.#roster;
  }

  isPaired(deviceId: string): boolean {
    return this.sql.exec("SELECT 1 FROM devices WHERE id = ?", deviceId).toArray().length > 0;
  }
}
