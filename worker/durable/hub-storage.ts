import type { PinAlert } from "../contracts/live";
import {
  EMPLOYEE_LOCKOUT,
  IDEMPOTENCY_TTL_MS,
  PIN_BUDGETS,
  PIN_INCIDENT_QUIET_MS,
  PUBLIC_KIOSK,
} from "../domain/punch-rules";

// The LocationHub's own SQLite: PIN counters, lock times, attack incidents, idempotent answers and used
// socket tickets. Kept here rather than in memory so an evicted or restarted hub forgets nothing. A right
// PIN only reads: every write holds the hub's answers until it is stored, so old rows are pruned when
// something is written anyway.
//
// Wrong PINs are counted per kiosk *source*: the public kiosk ("public") or one paired device
// ("device:<id>"). Each source has its own budget and its own per-employee locks, so an outsider who
// exhausts the public kiosk's budget cannot stop a paired kiosk's right PIN.

/** Numbered schema versions, run in order inside one transaction each; never edit a shipped one. */
export const HUB_MIGRATIONS: readonly string[] = [
  // 1: PIN counters and idempotent answers, as first shipped (one budget for the whole location).
  `CREATE TABLE IF NOT EXISTS pin_failures (
     employee_id TEXT PRIMARY KEY, failures INTEGER NOT NULL, locked_until INTEGER);
   CREATE TABLE IF NOT EXISTS location_pin_failures (at INTEGER NOT NULL);
   CREATE INDEX IF NOT EXISTS location_pin_failures_at ON location_pin_failures (at);
   CREATE TABLE IF NOT EXISTS idempotent_answers (
     key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, answer TEXT NOT NULL, created_at INTEGER NOT NULL);
   CREATE INDEX IF NOT EXISTS idempotent_answers_created ON idempotent_answers (created_at);`,
  // 2: budgets and locks per kiosk source, attack incidents, single-use socket tickets.
  `CREATE TABLE employee_pin_failures (
     source TEXT NOT NULL, employee_id TEXT NOT NULL, failures INTEGER NOT NULL, locked_until INTEGER,
     updated_at INTEGER NOT NULL, PRIMARY KEY (source, employee_id));
   INSERT INTO employee_pin_failures (source, employee_id, failures, locked_until, updated_at)
     SELECT 'public', employee_id, failures, locked_until, 0 FROM pin_failures;
   DROP TABLE pin_failures;
   CREATE TABLE wrong_pins (source TEXT NOT NULL, at INTEGER NOT NULL);
   CREATE INDEX wrong_pins_source_at ON wrong_pins (source, at);
   INSERT INTO wrong_pins (source, at) SELECT 'public', at FROM location_pin_failures;
   DROP TABLE location_pin_failures;
   CREATE TABLE pin_incidents (
     id INTEGER PRIMARY KEY, source TEXT NOT NULL, started_at INTEGER NOT NULL, last_at INTEGER NOT NULL,
     wrong_pins INTEGER NOT NULL, refused INTEGER NOT NULL);
   CREATE INDEX pin_incidents_last ON pin_incidents (last_at);
   CREATE TABLE used_tickets (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
   CREATE INDEX used_tickets_expires ON used_tickets (expires_at);`,
  // 3: the location's attendance itself (the hub is its system of record), and what of the control plane
  // a kiosk needs without asking D1: the location (open, paired-only, zone, look), its staff with their PIN
  // hashes, its paired devices. Each UTC day's check-ins and each device's last use wait, marked unreported, for the alarm to send them to D1.
  `CREATE TABLE site (
     one INTEGER PRIMARY KEY CHECK (one = 1), location_id TEXT NOT NULL, name TEXT NOT NULL,
     timezone TEXT NOT NULL, open INTEGER NOT NULL, only_paired INTEGER NOT NULL, appearance TEXT NOT NULL,
     synced_at INTEGER NOT NULL, backfilled_at INTEGER);
   CREATE TABLE staff (
     id TEXT PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL, username TEXT NOT NULL,
     pin_hash TEXT NOT NULL, active INTEGER NOT NULL, deleted INTEGER NOT NULL);
   CREATE TABLE devices (id TEXT PRIMARY KEY, last_used_at INTEGER, reported INTEGER NOT NULL DEFAULT 1);
   CREATE TABLE sessions (
     id TEXT PRIMARY KEY, employee_id TEXT NOT NULL, check_in_at INTEGER NOT NULL, check_out_at INTEGER,
     closed_by TEXT, created_at INTEGER NOT NULL);
   CREATE UNIQUE INDEX sessions_one_open ON sessions (employee_id) WHERE check_out_at IS NULL;
   CREATE INDEX sessions_check_in ON sessions (check_in_at);
   CREATE INDEX sessions_employee_check_in ON sessions (employee_id, check_in_at);
   CREATE INDEX sessions_long_or_open ON sessions (check_in_at)
     WHERE check_out_at IS NULL OR check_out_at - check_in_at > 86400000;
   CREATE TABLE daily_check_ins (
     day TEXT PRIMARY KEY, check_ins INTEGER NOT NULL, reported INTEGER NOT NULL DEFAULT 0);`,
  // 4: breaks clocked at the kiosk, inside a session (at most one open per employee), and whether the
  // location records them.
  `ALTER TABLE site ADD COLUMN record_breaks INTEGER NOT NULL DEFAULT 0;
   CREATE TABLE breaks (
     id TEXT PRIMARY KEY, session_id TEXT NOT NULL, employee_id TEXT NOT NULL, start_at INTEGER NOT NULL,
     end_at INTEGER, created_at INTEGER NOT NULL);
   CREATE UNIQUE INDEX breaks_one_open ON breaks (employee_id) WHERE end_at IS NULL;
   CREATE INDEX breaks_session ON breaks (session_id);`,
  // 5: forgotten clock-outs. After how long the hub closes a session (null: never), at most how long it then
  // counts (the location's workday, or the employee's own), and which sessions a manager should review.
  `ALTER TABLE site ADD COLUMN auto_close_after_hours INTEGER DEFAULT 14;
   ALTER TABLE site ADD COLUMN workday_minutes INTEGER NOT NULL DEFAULT 480;
   ALTER TABLE staff ADD COLUMN work_minutes INTEGER;
   ALTER TABLE sessions ADD COLUMN needs_review INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE sessions ADD COLUMN review_mailed INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE site ADD COLUMN review_mailed_on TEXT;
   CREATE INDEX sessions_needs_review ON sessions (check_in_at) WHERE needs_review = 1;`,
  // 6: a manager's corrections, layered over what was recorded: each change to an entry (a session, or an
  // entry the manager added) is a new version, never an update of the punch. `current` marks each entry's
  // latest; `before_json` is the entry as it stood, for the audit row the outbox sends to D1 (`audited`).
  `CREATE TABLE entry_versions (
     entry_id TEXT NOT NULL, version INTEGER NOT NULL, employee_id TEXT NOT NULL, action TEXT NOT NULL,
     check_in_at INTEGER NOT NULL, check_out_at INTEGER, breaks TEXT, voided INTEGER NOT NULL,
     reason TEXT NOT NULL, by_user TEXT NOT NULL, by_name TEXT NOT NULL, at INTEGER NOT NULL,
     before_json TEXT, current INTEGER NOT NULL, audited INTEGER NOT NULL DEFAULT 0,
     PRIMARY KEY (entry_id, version));
   CREATE INDEX entry_versions_current ON entry_versions (check_in_at) WHERE current = 1;
   CREATE INDEX entry_versions_unaudited ON entry_versions (at) WHERE audited = 0;`,
  // 7: approved pay periods, locked per employee (an unlock keeps the row, with who and why); kiosk punches
  // into one marked after approval; and the outbox of audit rows for approvals and unlocks.
  `CREATE TABLE approvals (
     id TEXT PRIMARY KEY, employee_id TEXT NOT NULL, period_key TEXT NOT NULL, start_at INTEGER NOT NULL,
     end_at INTEGER NOT NULL, approved_at INTEGER NOT NULL, approved_by TEXT NOT NULL,
     approved_by_name TEXT NOT NULL, unlocked_at INTEGER, unlocked_by TEXT, unlock_reason TEXT);
   CREATE UNIQUE INDEX approvals_locked ON approvals (employee_id, period_key) WHERE unlocked_at IS NULL;
   CREATE INDEX approvals_employee ON approvals (employee_id, start_at) WHERE unlocked_at IS NULL;
   ALTER TABLE sessions ADD COLUMN after_approval INTEGER NOT NULL DEFAULT 0;
   CREATE TABLE audit_outbox (
     id TEXT PRIMARY KEY, entity TEXT NOT NULL, entity_id TEXT NOT NULL, action TEXT NOT NULL,
     user_id TEXT NOT NULL, before_json TEXT, after_json TEXT NOT NULL, at INTEGER NOT NULL);`,
  // 8: the day each young worker turns 18 (from the date of birth in D1; null: an adult, or not known), for
  // Live Status's working-time warnings.
  `ALTER TABLE staff ADD COLUMN adult_from TEXT;`,
  // 9: punches a paired kiosk made offline (issue 19): the key pair their PINs are sealed to, which sessions
  // came from one, each device's latest offline punch (none may come before it), and the punches refused.
  `ALTER TABLE sessions ADD COLUMN offline INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE devices ADD COLUMN last_offline_at INTEGER;
   CREATE TABLE seal_key (
     one INTEGER PRIMARY KEY CHECK (one = 1), public_jwk TEXT NOT NULL, private_jwk TEXT NOT NULL);
   CREATE TABLE offline_exceptions (
     id TEXT PRIMARY KEY, device_id TEXT NOT NULL, employee_id TEXT, username TEXT NOT NULL,
     action TEXT NOT NULL, at INTEGER NOT NULL, reason TEXT NOT NULL, received_at INTEGER NOT NULL);
   CREATE INDEX offline_exceptions_received ON offline_exceptions (received_at);`,
  // 10: the hub owns its staff's PINs, own breaks and workday, and status (holiday, sick...) with its history;
  // `staff` stays the control plane's copy of who works here. The PIN hashes copied from D1 move to the hub's
  // own table; `legacy_staff` lists the employees whose older D1 rows (PIN, breaks, status and its history)
  // were copied in, once each. The site is read again at the next call, which copies them in.
  `CREATE TABLE pins (employee_id TEXT PRIMARY KEY, pin_hash TEXT NOT NULL, set_at INTEGER NOT NULL);
   INSERT INTO pins (employee_id, pin_hash, set_at) SELECT id, pin_hash, 0 FROM staff WHERE pin_hash <> '';
   ALTER TABLE staff DROP COLUMN pin_hash;
   ALTER TABLE staff DROP COLUMN work_minutes;
   CREATE TABLE break_overrides (
     employee_id TEXT PRIMARY KEY, custom_break_minutes INTEGER NOT NULL, custom_work_hours REAL NOT NULL,
     updated_at INTEGER NOT NULL);
   CREATE TABLE statuses (
     employee_id TEXT PRIMARY KEY, status TEXT NOT NULL, note TEXT, start_date TEXT, end_date TEXT,
     updated_at INTEGER NOT NULL);
   CREATE TABLE status_history (
     id TEXT PRIMARY KEY, employee_id TEXT NOT NULL, status TEXT NOT NULL, note TEXT, start_date TEXT NOT NULL,
     end_date TEXT, created_at INTEGER NOT NULL, created_by TEXT);
   CREATE INDEX status_history_employee ON status_history (employee_id, created_at);
   CREATE INDEX status_history_start ON status_history (start_date);
   CREATE TABLE legacy_staff (employee_id TEXT PRIMARY KEY);
   UPDATE site SET synced_at = 0;`,
  // 11: a check-in made on a day the employee was on sick leave or holiday (they confirmed at the kiosk, or
  // an offline punch, which could not ask) keeps that status with its session, for Live Status to show.
  `ALTER TABLE sessions ADD COLUMN on_leave TEXT;`,
];

export const HUB_SCHEMA_VERSION = HUB_MIGRATIONS.length;

/** Brings the hub's SQLite to the newest schema; a hub created before versioning counts as version 1. */
export function migrateHubStorage(storage: DurableObjectStorage) {
  const { sql } = storage;
  sql.exec("CREATE TABLE IF NOT EXISTS hub_schema (version INTEGER NOT NULL)");
  const [row] = sql.exec<{ version: number }>("SELECT version FROM hub_schema").toArray();
  let version = row?.version ?? 0;
  if (!row) {
    const [legacy] = sql
      .exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'idempotent_answers'")
      .toArray();
    sql.exec("INSERT INTO hub_schema (version) VALUES (?)", legacy ? 1 : 0);
    version = legacy ? 1 : 0;
  }
  for (; version < HUB_MIGRATIONS.length; version++) {
    const next = version + 1;
    storage.transactionSync(() => {
      sql.exec(HUB_MIGRATIONS[version] as string);
      sql.exec("UPDATE hub_schema SET version = ?", next);
    });
  }
}

export type PinIncident = {
  source: string;
  startedAt: number;
  lastAt: number;
  wrongPins: number;
  refused: number;
};

/** What recording a wrong PIN led to: the employee's new lock, and whether an attack incident began. */
export type WrongPinEffect = { lockedUntil: number | null; incidentOpened: boolean };

const LONGEST_BUDGET_MS = Math.max(...PIN_BUDGETS.map((budget) => budget.windowMs));

/** A source's wrong PINs within each budget's window at `now`, as columns `n0`, `n1`… of one row. */
function budgetCounts(now: number) {
  const starts = PIN_BUDGETS.map((budget) => now - budget.windowMs);
  return {
    sql: `SELECT ${starts.map((_, i) => `count(*) FILTER (WHERE at > ?) AS n${i}`).join(", ")}
          FROM wrong_pins WHERE source = ? AND at > ?`,
    params: (source: string) => [...starts, source, now - LONGEST_BUDGET_MS],
  };
}

/** Past incidents stay listed for a month (the Live Status notice shows only open ones). */
const INCIDENTS_KEPT_MS = 30 * 24 * 60 * 60_000;

/** How often, at most, a write prunes expired answers and tickets (the alarm prunes too). */
const PRUNE_AT_MOST_EVERY_MS = 60_000;

export class HubStorage {
  private readonly sql: SqlStorage;
  #prunedAt = Number.NEGATIVE_INFINITY;

  constructor(storage: DurableObjectStorage) {
    migrateHubStorage(storage);
    this.sql = storage.sql;
  }

  /** The employee's standing at this source: when their lock ends if they are locked now, their run of wrong PINs. */
  pinStanding(
    source: string,
    employeeId: string,
    now: number,
  ): { lockedUntil: number | null; failures: number } {
    const [row] = this.sql
      .exec<{ failures: number; locked_until: number | null }>(
        "SELECT failures, locked_until FROM employee_pin_failures WHERE source = ? AND employee_id = ?",
        source,
        employeeId,
      )
      .toArray();
    const lockedUntil = row?.locked_until ?? null;
    return {
      lockedUntil: lockedUntil !== null && lockedUntil > now ? lockedUntil : null,
      failures: row?.failures ?? 0,
    };
  }

  /** Counts a wrong PIN against the employee and the source's budgets. */
  recordWrongPin(source: string, employeeId: string, now: number): WrongPinEffect {
    this.prune(now);
    this.sql.exec("INSERT INTO wrong_pins (source, at) VALUES (?, ?)", source, now);
    const { failures } = this.sql
      .exec<{ failures: number }>(
        `INSERT INTO employee_pin_failures (source, employee_id, failures, updated_at) VALUES (?, ?, 1, ?)
         ON CONFLICT (source, employee_id) DO UPDATE SET failures = failures + 1, updated_at = excluded.updated_at
         RETURNING failures`,
        source,
        employeeId,
        now,
      )
      .one();
    const incidentOpened = this.#noteIncident(source, now, this.throttledUntil(source, now) !== null, 1, 0);
    if (failures < EMPLOYEE_LOCKOUT.failures) return { lockedUntil: null, incidentOpened };
    const until = now + EMPLOYEE_LOCKOUT.lockMs;
    // The count starts again, so after the lock the employee has five fresh tries.
    this.sql.exec(
      "UPDATE employee_pin_failures SET failures = 0, locked_until = ? WHERE source = ? AND employee_id = ?",
      until,
      source,
      employeeId,
    );
    return { lockedUntil: until, incidentOpened };
  }

  /** A submit refused because the source's budget is spent: the incident goes on. */
  recordRefused(source: string, now: number) {
    this.#noteIncident(source, now, true, 0, 1);
  }

  /** A right PIN: the employee's run of wrong ones at this source (`failures`, as pinStanding read it) is over. */
  clearWrongPins(source: string, employeeId: string, failures: number) {
    if (failures === 0) return;
    this.sql.exec(
      "UPDATE employee_pin_failures SET failures = 0 WHERE source = ? AND employee_id = ?",
      source,
      employeeId,
    );
  }

  /**
   * What a live punch is checked against, in one read: when the source may take submits again if it has spent
   * one of its budgets, and the named employee's standing at it (none when the punch names nobody).
   */
  punchGuard(
    source: string,
    employeeId: string | null,
    now: number,
  ): { throttledUntil: number | null; lockedUntil: number | null; failures: number } {
    const budgets = budgetCounts(now);
    const row = this.sql
      .exec<Record<string, number | null>>(
        `SELECT w.*, p.failures, p.locked_until FROM (${budgets.sql}) AS w
         LEFT JOIN employee_pin_failures AS p ON p.source = ? AND p.employee_id = ?`,
        ...budgets.params(source),
        source,
        employeeId,
      )
      .one();
    const lockedUntil = row.locked_until ?? null;
    return {
      throttledUntil: this.#reopensAt(source, now, row),
      lockedUntil: lockedUntil !== null && lockedUntil > now ? lockedUntil : null,
      failures: row.failures ?? 0,
    };
  }

  /** Every employee locked out now, at any kiosk source, with when each lock ends. */
  locks(now: number): { employeeId: string; source: string; lockedUntil: number }[] {
    return this.sql
      .exec<{ employee_id: string; source: string; locked_until: number }>(
        `SELECT employee_id, source, locked_until FROM employee_pin_failures
         WHERE locked_until > ? ORDER BY locked_until`,
        now,
      )
      .toArray()
      .map((row) => ({ employeeId: row.employee_id, source: row.source, lockedUntil: row.locked_until }));
  }

  /**
   * A manager unlocked the employee: their locks and runs of wrong PINs end at every source. The sources'
   * budgets stay spent (a throttle is about the kiosk, not the person). Answers the locks it lifted.
   */
  unlock(employeeId: string, now: number): { source: string; lockedUntil: number }[] {
    const lifted = this.locks(now).filter((lock) => lock.employeeId === employeeId);
    this.sql.exec(
      "UPDATE employee_pin_failures SET failures = 0, locked_until = NULL, updated_at = ? WHERE employee_id = ?",
      now,
      employeeId,
    );
    return lifted.map(({ source, lockedUntil }) => ({ source, lockedUntil }));
  }

  /** When the source may take submits again, if it has spent one of its budgets. */
  throttledUntil(source: string, now: number): number | null {
    const budgets = budgetCounts(now);
    return this.#reopensAt(
      source,
      now,
      this.sql.exec<Record<string, number>>(budgets.sql, ...budgets.params(source)).one(),
    );
  }

  /** When the source reopens, given its wrong PINs in each budget's window (`n0`, `n1`…): null if none is spent. */
  #reopensAt(source: string, now: number, counts: Record<string, number | null>): number | null {
    let until: number | null = null;
    for (const [i, budget] of PIN_BUDGETS.entries()) {
      const windowStart = now - budget.windowMs;
      const n = counts[`n${i}`] ?? 0;
      if (n < budget.failures) continue;
      // Open again once enough of the oldest failures have left the window.
      const [oldest] = this.sql
        .exec<{ at: number }>(
          "SELECT at FROM wrong_pins WHERE source = ? AND at > ? ORDER BY at ASC LIMIT 1 OFFSET ?",
          source,
          windowStart,
          n - budget.failures,
        )
        .toArray();
      const reopens = (oldest?.at ?? now) + budget.windowMs;
      until = Math.max(until ?? 0, reopens);
    }
    return until;
  }

  /** Incidents still going on (a wrong PIN or a refusal within the last quiet period), newest first. */
  openIncidents(now: number): PinIncident[] {
    return this.sql
      .exec<{ source: string; started_at: number; last_at: number; wrong_pins: number; refused: number }>(
        `SELECT source, started_at, last_at, wrong_pins, refused FROM pin_incidents
         WHERE last_at > ? ORDER BY started_at DESC`,
        now - PIN_INCIDENT_QUIET_MS,
      )
      .toArray()
      .map((row) => ({
        source: row.source,
        startedAt: row.started_at,
        lastAt: row.last_at,
        wrongPins: row.wrong_pins,
        refused: row.refused,
      }));
  }

  /** Open incidents as the Live Status notice shows them. */
  pinAlerts(now: number): PinAlert[] {
    return this.openIncidents(now).map((incident) => {
      const pausedUntil = this.throttledUntil(incident.source, now);
      const isPublic = incident.source === PUBLIC_KIOSK;
      return {
        kiosk: isPublic ? "public" : "paired",
        device_id: isPublic ? null : incident.source.replace(/^device:/, ""),
        started_at: new Date(incident.startedAt).toISOString(),
        last_at: new Date(incident.lastAt).toISOString(),
        wrong_pins: incident.wrongPins,
        refused: incident.refused,
        paused_until: pausedUntil === null ? null : new Date(pausedUntil).toISOString(),
      };
    });
  }

  /**
   * Adds to the source's open incident; opens one when its budget has just run out. Returns whether this
   * call opened it (the manager is told once per incident).
   */
  #noteIncident(source: string, now: number, spent: boolean, wrongPins: number, refused: number): boolean {
    const updated = this.sql.exec(
      `UPDATE pin_incidents SET last_at = ?, wrong_pins = wrong_pins + ?, refused = refused + ?
       WHERE id = (SELECT id FROM pin_incidents WHERE source = ? AND last_at > ? ORDER BY id DESC LIMIT 1)`,
      now,
      wrongPins,
      refused,
      source,
      now - PIN_INCIDENT_QUIET_MS,
    );
    if (updated.rowsWritten > 0 || !spent) return false;
    // The incident counts the wrong PINs that spent the budget, not only the one that tipped it.
    const { n } = this.sql
      .exec<{ n: number }>(
        "SELECT count(*) AS n FROM wrong_pins WHERE source = ? AND at > ?",
        source,
        now - LONGEST_BUDGET_MS,
      )
      .one();
    this.sql.exec(
      `INSERT INTO pin_incidents (source, started_at, last_at, wrong_pins, refused) VALUES (?, ?, ?, ?, ?)`,
      source,
      now,
      now,
      Math.max(n, wrongPins),
      refused,
    );
    return true;
  }

  storedAnswer(key: string, now: number): { fingerprint: string; answer: string } | null {
    const [row] = this.sql
      .exec<{ fingerprint: string; answer: string }>(
        "SELECT fingerprint, answer FROM idempotent_answers WHERE key = ? AND created_at > ?",
        key,
        now - IDEMPOTENCY_TTL_MS,
      )
      .toArray();
    return row ?? null;
  }

  storeAnswer(key: string, fingerprint: string, answer: string, now: number) {
    this.#pruneNowAndThen(now);
    // Replaces only an expired answer under the same key: a live one would have been replayed instead.
    this.sql.exec(
      "INSERT OR REPLACE INTO idempotent_answers (key, fingerprint, answer, created_at) VALUES (?, ?, ?, ?)",
      key,
      fingerprint,
      answer,
      now,
    );
  }

  /** Marks a socket ticket used; false when it already was (each ticket opens one socket). */
  spendTicket(id: string, expiresAt: number, now: number): boolean {
    this.#pruneNowAndThen(now);
    const inserted = this.sql.exec(
      "INSERT OR IGNORE INTO used_tickets (id, expires_at) VALUES (?, ?)",
      id,
      Number.isFinite(expiresAt) ? expiresAt : now + 60_000,
    );
    return inserted.rowsWritten > 0;
  }

  /**
   * Deletes what no budget, lock, incident, replay or ticket needs any more. Run before every write, and by
   * the hub's alarm, so an idle hub does not keep old wrong-PIN rows either.
   */
  prune(now: number) {
    this.#prunedAt = now;
    this.sql.exec("DELETE FROM wrong_pins WHERE at <= ?", now - LONGEST_BUDGET_MS);
    // Counters nobody has touched for a day hold nothing a lock or a budget still needs.
    this.sql.exec(
      "DELETE FROM employee_pin_failures WHERE updated_at <= ? AND (locked_until IS NULL OR locked_until <= ?)",
      now - LONGEST_BUDGET_MS,
      now,
    );
    this.sql.exec("DELETE FROM pin_incidents WHERE last_at <= ?", now - INCIDENTS_KEPT_MS);
    this.sql.exec("DELETE FROM idempotent_answers WHERE created_at <= ?", now - IDEMPOTENCY_TTL_MS);
    this.sql.exec("DELETE FROM used_tickets WHERE expires_at <= ?", now);
  }

  /**
   * Prunes at most once a minute for a busy hub's answers and tickets: their reads already skip expired rows,
   * so the prune only keeps the tables small, and five deletes on every punch cost more than the punch.
   */
  #pruneNowAndThen(now: number) {
    if (now - this.#prunedAt >= PRUNE_AT_MOST_EVERY_MS) this.prune(now);
  }

  /** Whether any row is left for a later prune to delete. */
  holdsRows(): boolean {
    const tables = [
      "wrong_pins",
      "employee_pin_failures",
      "pin_incidents",
      "idempotent_answers",
      "used_tickets",
    ];
    return tables.some((table) => this.sql.exec(`SELECT 1 FROM ${table} LIMIT 1`).toArray().length > 0);
  }
}
