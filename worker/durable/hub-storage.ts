import { EMPLOYEE_LOCKOUT, IDEMPOTENCY_TTL_MS, LOCATION_THROTTLE } from "../domain/punch-rules";

// The LocationHub's own SQLite: PIN counters, lock times and idempotent answers. Kept here rather than
// in memory so an evicted or restarted hub forgets nothing. A right PIN only reads: every write holds the
// hub's answers until it is stored, so old rows are pruned when something is written anyway.

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS pin_failures (
    employee_id TEXT PRIMARY KEY, failures INTEGER NOT NULL, locked_until INTEGER);
  CREATE TABLE IF NOT EXISTS location_pin_failures (at INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS location_pin_failures_at ON location_pin_failures (at);
  CREATE TABLE IF NOT EXISTS idempotent_answers (
    key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, answer TEXT NOT NULL, created_at INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS idempotent_answers_created ON idempotent_answers (created_at);`;

export class HubStorage {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(SCHEMA);
  }

  /** When the employee's lock ends, if they are locked now. */
  lockedUntil(employeeId: string, now: number): number | null {
    const [row] = this.sql
      .exec<{ locked_until: number }>(
        "SELECT locked_until FROM pin_failures WHERE employee_id = ? AND locked_until > ?",
        employeeId,
        now,
      )
      .toArray();
    return row?.locked_until ?? null;
  }

  /** Counts a wrong PIN for the employee and the location; returns the new lock's end if this one locked. */
  recordWrongPin(employeeId: string, now: number): number | null {
    this.sql.exec("DELETE FROM location_pin_failures WHERE at <= ?", now - LOCATION_THROTTLE.windowMs);
    this.sql.exec("INSERT INTO location_pin_failures (at) VALUES (?)", now);
    const { failures } = this.sql
      .exec<{ failures: number }>(
        `INSERT INTO pin_failures (employee_id, failures) VALUES (?, 1)
         ON CONFLICT (employee_id) DO UPDATE SET failures = failures + 1 RETURNING failures`,
        employeeId,
      )
      .one();
    if (failures < EMPLOYEE_LOCKOUT.failures) return null;
    const until = now + EMPLOYEE_LOCKOUT.lockMs;
    // The count starts again, so after the lock the employee has five fresh tries.
    this.sql.exec(
      "UPDATE pin_failures SET failures = 0, locked_until = ? WHERE employee_id = ?",
      until,
      employeeId,
    );
    return until;
  }

  /** A right PIN: the employee's run of wrong ones, if there was one, is over. */
  clearWrongPins(employeeId: string) {
    const [had] = this.sql
      .exec("SELECT 1 FROM pin_failures WHERE employee_id = ? AND failures > 0", employeeId)
      .toArray();
    if (had) this.sql.exec("UPDATE pin_failures SET failures = 0 WHERE employee_id = ?", employeeId);
  }

  /** When the location may take submits again, if it has seen too many wrong PINs in the window. */
  throttledUntil(now: number): number | null {
    const windowStart = now - LOCATION_THROTTLE.windowMs;
    const { n } = this.sql
      .exec<{ n: number }>("SELECT count(*) AS n FROM location_pin_failures WHERE at > ?", windowStart)
      .one();
    if (n < LOCATION_THROTTLE.failures) return null;
    // Open again once enough of the oldest failures have left the window.
    const [oldest] = this.sql
      .exec<{ at: number }>(
        "SELECT at FROM location_pin_failures WHERE at > ? ORDER BY at ASC LIMIT 1 OFFSET ?",
        windowStart,
        n - LOCATION_THROTTLE.failures,
      )
      .toArray();
    return (oldest?.at ?? now) + LOCATION_THROTTLE.windowMs;
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
    this.sql.exec("DELETE FROM idempotent_answers WHERE created_at <= ?", now - IDEMPOTENCY_TTL_MS);
    this.sql.exec(
      "INSERT OR IGNORE INTO idempotent_answers (key, fingerprint, answer, created_at) VALUES (?, ?, ?, ?)",
      key,
      fingerprint,
      answer,
      now,
    );
  }
}
