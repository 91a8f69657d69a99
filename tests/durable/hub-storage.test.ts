import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { HUB_MIGRATIONS, HUB_SCHEMA_VERSION, migrateHubStorage } from "../../worker/durable/hub-schema";
import type { LocationHub } from "../../worker/durable/location-hub";
import { PinGuard } from "../../worker/durable/pin-guard";
import { checkIn, hubStub, JANE, shopWith } from "../support/kiosk";

// The hub's SQLite schema is versioned: a hub created by any earlier release is brought up to date on
// start, keeping what it knew (locks must survive a deploy), and a new hub starts at the newest version.

const tables = (sql: SqlStorage) =>
  sql
    .exec<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' ORDER BY name",
    )
    .toArray()
    .map((row) => row.name);

const version = (sql: SqlStorage) =>
  sql.exec<{ version: number }>("SELECT version FROM hub_schema").one().version;

describe("the hub's storage schema", () => {
  it("starts a new hub at the newest version", async () => {
    await runInDurableObject(hubStub(crypto.randomUUID()), (_hub: LocationHub, state) => {
      expect(version(state.storage.sql)).toBe(HUB_SCHEMA_VERSION);
      expect(tables(state.storage.sql)).toEqual([
        "approvals",
        "audit_outbox",
        "break_overrides",
        "breaks",
        "daily_check_ins",
        "devices",
        "employee_pin_failures",
        "entry_versions",
        "hub_schema",
        "idempotent_answers",
        "legacy_staff",
        "no_show_mail",
        "offline_exceptions",
        "overtime_approvals",
        "pin_incidents",
        "pins",
        "punch_events",
        "punch_positions",
        "rota_weeks",
        "seal_key",
        "sessions",
        "shift_claims",
        "shifts",
        "site",
        "staff",
        "staff_queries",
        "status_history",
        "statuses",
        "used_tickets",
        "wrong_pins",
      ]);
    });
  });

  it("brings a hub from the first release (no version table) up to date, keeping its locks and counts", async () => {
    await runInDurableObject(hubStub(crypto.randomUUID()), (_hub: LocationHub, state) => {
      const { sql } = state.storage;
      for (const table of tables(sql)) sql.exec(`DROP TABLE ${table}`);
      // The schema as version 1 shipped it, with a locked employee and recent wrong PINs.
      sql.exec(`CREATE TABLE pin_failures (employee_id TEXT PRIMARY KEY, failures INTEGER NOT NULL, locked_until INTEGER);
        CREATE TABLE location_pin_failures (at INTEGER NOT NULL);
        CREATE TABLE idempotent_answers (key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, answer TEXT NOT NULL, created_at INTEGER NOT NULL);`);
      const now = Date.now();
      sql.exec("INSERT INTO pin_failures VALUES ('emp-1', 0, ?)", now + 600_000);
      for (let i = 0; i < 3; i++) sql.exec("INSERT INTO location_pin_failures VALUES (?)", now - i);
      sql.exec("INSERT INTO idempotent_answers VALUES ('key-1', 'f', '{}', ?)", now);

      migrateHubStorage(state.storage);
      expect(version(sql)).toBe(HUB_SCHEMA_VERSION);
      const storage = new PinGuard(state.storage);
      expect(storage.pinStanding("public", "emp-1", now).lockedUntil).toBe(now + 600_000);
      expect(
        sql.exec<{ n: number }>("SELECT count(*) AS n FROM wrong_pins WHERE source = 'public'").one().n,
      ).toBe(3);
      expect(storage.storedAnswer("key-1", now)).toEqual({ fingerprint: "f", answer: "{}" });
      expect(tables(sql)).not.toContain("pin_failures");
    });
  });

  for (let from = 2; from < HUB_SCHEMA_VERSION; from++) {
    it(`brings a hub at version ${from} up to date, keeping its locks, ready to keep attendance`, async () => {
      await runInDurableObject(hubStub(crypto.randomUUID()), (_hub: LocationHub, state) => {
        const { sql } = state.storage;
        for (const table of tables(sql)) sql.exec(`DROP TABLE ${table}`);
        sql.exec("CREATE TABLE hub_schema (version INTEGER NOT NULL)");
        sql.exec("INSERT INTO hub_schema (version) VALUES (?)", from);
        for (const migration of HUB_MIGRATIONS.slice(0, from)) sql.exec(migration);
        const now = Date.now();
        sql.exec("INSERT INTO employee_pin_failures VALUES ('public', 'emp-1', 0, ?, ?)", now + 600_000, now);
        const hadSite = from >= 3;
        if (hadSite) {
          sql.exec(
            "INSERT INTO site (one, location_id, name, timezone, open, only_paired, appearance, synced_at) VALUES (1, 'loc-1', 'Shop', 'Europe/London', 1, 0, '{}', ?)",
            now,
          );
          // Before version 10 the staff table kept D1's copy of each PIN hash; since, the hub's own table.
          if (from < 10) {
            sql.exec(
              "INSERT INTO staff (id, first_name, last_name, username, pin_hash, active, deleted) VALUES ('emp-1', 'Jane', 'Smith', 'janes', 'hash-1', 1, 0)",
            );
          } else {
            sql.exec(
              "INSERT INTO staff (id, first_name, last_name, username, active, deleted) VALUES ('emp-1', 'Jane', 'Smith', 'janes', 1, 0)",
            );
            sql.exec("INSERT INTO pins (employee_id, pin_hash, set_at) VALUES ('emp-1', 'hash-1', 0)");
          }
        }

        migrateHubStorage(state.storage);
        expect(version(sql)).toBe(HUB_SCHEMA_VERSION);
        expect(new PinGuard(state.storage).pinStanding("public", "emp-1", now).lockedUntil).toBe(
          now + 600_000,
        );
        sql.exec(
          "INSERT INTO sessions (id, employee_id, check_in_at, created_at) VALUES ('s-1', 'emp-1', ?, ?)",
          now,
          now,
        );
        expect(() =>
          sql.exec(
            "INSERT INTO sessions (id, employee_id, check_in_at, created_at) VALUES ('s-2', 'emp-1', ?, ?)",
            now,
            now,
          ),
        ).toThrow(/UNIQUE/);
        // Version 10: the hub owns PIN hashes, and reads its site again to copy in what D1 held of its staff.
        if (hadSite) {
          expect(sql.exec("SELECT pin_hash FROM pins WHERE employee_id = 'emp-1'").toArray()).toEqual([
            { pin_hash: "hash-1" },
          ]);
          if (from < 10) expect(sql.exec("SELECT synced_at FROM site").one().synced_at).toBe(0);
        }
        // Version 4: a site kept from before records no breaks until told to; one open break per person.
        if (hadSite) expect(sql.exec("SELECT record_breaks FROM site").one().record_breaks).toBe(0);
        const openBreak = (id: string) =>
          sql.exec(
            "INSERT INTO breaks (id, session_id, employee_id, start_at, created_at) VALUES (?, 's-1', 'emp-1', ?, ?)",
            id,
            now,
            now,
          );
        openBreak("b-1");
        expect(() => openBreak("b-2")).toThrow(/UNIQUE/);
        // Version 11: a session kept from before was made on no day of leave.
        expect(sql.exec("SELECT on_leave FROM sessions WHERE id = 's-1'").one().on_leave).toBeNull();
      });
    });
  }

  it("runs again harmlessly: an up-to-date hub is left as it is", async () => {
    await runInDurableObject(hubStub(crypto.randomUUID()), (_hub: LocationHub, state) => {
      const before = tables(state.storage.sql);
      migrateHubStorage(state.storage);
      migrateHubStorage(state.storage);
      expect(tables(state.storage.sql)).toEqual(before);
      expect(version(state.storage.sql)).toBe(HUB_SCHEMA_VERSION);
    });
  });
});

describe("the hub's pruning", () => {
  const DAY = 24 * 60 * 60_000;

  it("keeps what budgets, locks, replays and tickets still need, and deletes the rest once it is old", async () => {
    await runInDurableObject(hubStub(crypto.randomUUID()), (_hub: LocationHub, state) => {
      const storage = new PinGuard(state.storage);
      const t = Date.now();
      storage.recordWrongPin("public", "employee-1", t);
      storage.storeAnswer("key-1", "fingerprint", "{}", t);
      storage.spendTicket("ticket-1", t + 60_000, t);
      storage.prune(t + 1000);
      expect(storage.holdsRows()).toBe(true);
      expect(storage.throttledUntil("public", t + 1000)).toBeNull();
      expect(storage.spendTicket("ticket-1", t + 60_000, t + 1000)).toBe(false);

      storage.prune(t + 2 * DAY);
      expect(storage.holdsRows()).toBe(false);
    });
  });

  it("sets the hub's alarm when a punch leaves something to prune, and the alarm prunes it", async () => {
    const { locationId } = await shopWith([JANE]);
    expect((await checkIn(locationId, "janes", "0000")).status).toBe(401);
    await runInDurableObject(hubStub(locationId), async (_hub: LocationHub, state) => {
      const alarm = await state.storage.getAlarm();
      expect(alarm).toBeGreaterThan(Date.now() + DAY - 60_000);
      expect(new PinGuard(state.storage).holdsRows()).toBe(true);
    });
    // The alarm itself runs with the real clock, so nothing is old enough yet: it keeps the rows and sets
    // itself again for the next day.
    expect(await runDurableObjectAlarm(hubStub(locationId))).toBe(true);
    await runInDurableObject(hubStub(locationId), async (_hub: LocationHub, state) => {
      expect(new PinGuard(state.storage).holdsRows()).toBe(true);
      expect(await state.storage.getAlarm()).not.toBeNull();
    });
  });
});

describe("the hub's report to D1", () => {
  it("is due 10 to 15 minutes after a check-in, each hub at its own point, so hubs do not report together", async () => {
    const MINUTE = 60_000;
    const offsets: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { locationId } = await shopWith([JANE]);
      const before = Date.now();
      expect((await checkIn(locationId, "janes", JANE.pin)).status).toBe(200);
      const alarm = await runInDurableObject(hubStub(locationId), (_hub: LocationHub, state) =>
        state.storage.getAlarm(),
      );
      expect(alarm).toBeGreaterThanOrEqual(before + 10 * MINUTE);
      expect(alarm).toBeLessThanOrEqual(Date.now() + 15 * MINUTE);
      offsets.push(Math.round(((alarm ?? 0) - before) / 1000));
    }
    // Four hubs started within a second of each other: their reports fall at (almost surely) different seconds.
    expect(new Set(offsets).size).toBeGreaterThan(1);
  });
});
