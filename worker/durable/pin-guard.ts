import type { PinAlert } from "../contracts/live";
import {
  EMPLOYEE_LOCKOUT,
  IDEMPOTENCY_TTL_MS,
  PIN_BUDGETS,
  PIN_INCIDENT_QUIET_MS,
  PUBLIC_KIOSK,
} from "../domain/punch-rules";

// The PIN guard, in the LocationHub's own SQLite (its tables are in hub-schema.ts): PIN counters, lock
// times, attack incidents, idempotent answers and used socket tickets. Kept there rather than in memory so an
// evicted or restarted hub forgets nothing. A right PIN only reads: every write holds the hub's answers until it is stored, so old rows are pruned when
// something is written anyway.
//
// Wrong PINs are counted per kiosk *source*: the public kiosk ("public") or one paired device
// ("device:<id>"). Each source has its own budget and its own per-employee locks, so an outsider who
// exhausts the public kiosk's budget cannot stop a paired kiosk's right PIN.

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

export class PinGuard {
  private readonly sql: SqlStorage;
  #prunedAt = Number.NEGATIVE_INFINITY;

  constructor(storage: DurableObjectStorage) {
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
