// The LocationHub's SQLite schema, every table of it (attendance, staff, approvals, outboxes, the PIN guard's
// counters, tickets and stored answers), as numbered migrations. A hub migrates once when it starts
// (hub-core.ts); an existing hub runs only the steps it has not run yet, in order.

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
  // 9: punches a paired kiosk made offline: the key pair their PINs are sealed to, which sessions
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
  // 12: young workers' night work is warned of live, by the location's sector exception and contract hours
  // (docs/compliance.md); the site is read again at the next call, which copies them in.
  `ALTER TABLE site ADD COLUMN young_night_sector TEXT NOT NULL DEFAULT 'none';
   ALTER TABLE site ADD COLUMN young_contract_after_22 INTEGER NOT NULL DEFAULT 0;
   UPDATE site SET synced_at = 0;`,
  // 13: who acted, by name as well as id, for a team's members (docs/team.md "Who did it"): on the outbox's
  // audit rows and on an approval's unlock. Older rows were the account's owner's.
  `ALTER TABLE audit_outbox ADD COLUMN actor_name TEXT;
   ALTER TABLE approvals ADD COLUMN unlocked_by_name TEXT;`,
  // 14: the rota (docs/rota.md). Each planned shift as it stands and as staff last saw it published
  // (`published_json`, null: never); one deleted after publishing is kept (`deleted`) until the week is
  // published again, to tell whoever had it. A week is read by the start index, an employee's by theirs.
  // Each week's publication; each shift's no-show e-mail, sent once; the overtime a manager approved on an
  // entry (pay to the rota); the location's lateness thresholds and pay rule.
  `CREATE TABLE shifts (
     id TEXT PRIMARY KEY, employee_id TEXT, start_at INTEGER NOT NULL, end_at INTEGER NOT NULL,
     break_minutes INTEGER NOT NULL, role TEXT, notes TEXT, week TEXT NOT NULL, published_json TEXT,
     deleted INTEGER NOT NULL DEFAULT 0, updated_at INTEGER NOT NULL, updated_by TEXT NOT NULL,
     updated_by_name TEXT NOT NULL);
   CREATE INDEX shifts_start ON shifts (start_at);
   CREATE INDEX shifts_employee_start ON shifts (employee_id, start_at);
   CREATE TABLE rota_weeks (
     week TEXT PRIMARY KEY, published_at INTEGER NOT NULL, published_by TEXT NOT NULL,
     published_by_name TEXT NOT NULL);
   CREATE TABLE no_show_mail (shift_id TEXT PRIMARY KEY, mailed_at INTEGER NOT NULL);
   CREATE TABLE overtime_approvals (
     entry_id TEXT PRIMARY KEY, approved_by TEXT NOT NULL, approved_by_name TEXT NOT NULL,
     approved_at INTEGER NOT NULL);
   ALTER TABLE site ADD COLUMN late_grace_minutes INTEGER NOT NULL DEFAULT 5;
   ALTER TABLE site ADD COLUMN no_show_minutes INTEGER NOT NULL DEFAULT 30;
   ALTER TABLE site ADD COLUMN pay_to_rota INTEGER NOT NULL DEFAULT 0;
   UPDATE site SET synced_at = 0;`,
  // 15: staff queries about their hours (docs/staff-app.md, "My hours, queries and my data"): about an entry or a
  // day without one; open until a manager answers it, or ticks it reviewed when approving. One open query per
  // entry or day and employee.
  `CREATE TABLE staff_queries (
     id TEXT PRIMARY KEY, employee_id TEXT NOT NULL, entry_id TEXT, day TEXT, note TEXT NOT NULL,
     created_at INTEGER NOT NULL, answer TEXT, answered_by TEXT, answered_by_name TEXT, answered_at INTEGER,
     reviewed_at INTEGER);
   CREATE UNIQUE INDEX staff_queries_open_entry ON staff_queries (employee_id, entry_id)
     WHERE entry_id IS NOT NULL AND answered_at IS NULL AND reviewed_at IS NULL;
   CREATE UNIQUE INDEX staff_queries_open_day ON staff_queries (employee_id, day)
     WHERE day IS NOT NULL AND answered_at IS NULL AND reviewed_at IS NULL;
   CREATE INDEX staff_queries_employee ON staff_queries (employee_id, created_at);
   CREATE INDEX staff_queries_entry ON staff_queries (entry_id) WHERE entry_id IS NOT NULL;
   CREATE INDEX staff_queries_day ON staff_queries (day) WHERE day IS NOT NULL;`,
  // 16: staff's claims on open shifts (docs/staff-app.md, "My shifts, availability and open shifts"): one per
  // shift and employee, pending until a manager (or the location's automatic approval) decides it.
  `CREATE TABLE shift_claims (
     id TEXT PRIMARY KEY, shift_id TEXT NOT NULL, employee_id TEXT NOT NULL, status TEXT NOT NULL,
     created_at INTEGER NOT NULL, decided_by TEXT, decided_by_name TEXT, decided_at INTEGER);
   CREATE UNIQUE INDEX shift_claims_shift_employee ON shift_claims (shift_id, employee_id);
   CREATE INDEX shift_claims_status ON shift_claims (status, created_at);`,
  // 17: phone clock-in (docs/staff-app.md): the site's circle (JSON, null: off), sessions a phone punch began, and
  // the position each phone punch reported (rounded), erased with the rest of the hub's records. The site is
  // read again at the next call, which copies the circle in.
  `ALTER TABLE site ADD COLUMN phone_clock_in TEXT;
   ALTER TABLE sessions ADD COLUMN phone INTEGER NOT NULL DEFAULT 0;
   CREATE TABLE punch_positions (
     id INTEGER PRIMARY KEY, session_id TEXT NOT NULL, employee_id TEXT NOT NULL, action TEXT NOT NULL,
     at INTEGER NOT NULL, latitude REAL NOT NULL, longitude REAL NOT NULL, accuracy INTEGER NOT NULL,
     distance INTEGER NOT NULL);
   CREATE INDEX punch_positions_session ON punch_positions (session_id);
   UPDATE site SET synced_at = 0;`,
  // 18: the outbox of punches for the account's webhooks (docs/webhooks.md, "Punches"): written with the punch
  // while the site says an endpoint wants them, handed to the control plane after the answer has gone, deleted
  // once it has them. The site is read again at the next call, which copies the flag in.
  `CREATE TABLE punch_events (
     id INTEGER PRIMARY KEY, employee_id TEXT NOT NULL, action TEXT NOT NULL, at INTEGER NOT NULL,
     session_id TEXT NOT NULL);
   ALTER TABLE site ADD COLUMN punch_webhooks INTEGER NOT NULL DEFAULT 0;
   UPDATE site SET synced_at = 0;`,
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
