import { EMPLOYEE_NOT_FOUND } from "../contracts/employees";
import type { EntryVersion } from "../contracts/timesheets";
import type { CorrectionAudit, EntryState } from "../domain/hub-exchange";
import { type Candidate, correctionProblem, type Entry, type Interval } from "../domain/timesheet";
import { newId } from "../lib/crypto";
import { PERIOD_LOCKED } from "./hub-approvals";
import {
  type Bounds,
  type HubRecords,
  overlaps,
  type RecordedSession,
  SESSION_LOOKBACK_MS,
} from "./hub-records";

// A manager's corrections, in the hub's SQLite (schema v6: entry_versions). What the kiosk or the
// hub recorded stays as it was; each correction is a new version of the entry layered over it, with who,
// when, why, and the entry before and after. Decided and written in one synchronous step, so a correction
// and a punch never interleave.

export const ENTRY_NOT_FOUND = "Entry not found";

/** Entries whose latest version begins in a period or up to a day before it: the partial index of latest ones. */
export const CURRENT_IN_PERIOD =
  "SELECT * FROM entry_versions WHERE current = 1 AND check_in_at >= ? AND check_in_at < ?";

/** The manager making a correction. */
export type Manager = { id: string; name: string };

export type Correction =
  | {
      kind: "add";
      employeeId: string;
      checkIn: number;
      checkOut: number;
      breaks?: Interval[];
      reason: string;
    }
  | {
      kind: "edit";
      entryId: string;
      checkIn?: number;
      checkOut?: number;
      breaks?: Interval[];
      reason: string;
    }
  | { kind: "void"; entryId: string; reason: string };

export type CorrectionResult =
  | { ok: true; entry: Entry; closedOpenSession: boolean }
  /** `invalid`: the times do not make a valid entry; `conflict`: the entry is void or its period locked. */
  | { ok: false; refusal: CorrectionRefusal; detail: string };

export type CorrectionRefusal = "invalid" | "not_found" | "conflict";

type VersionRow = {
  entry_id: string;
  version: number;
  employee_id: string;
  action: CorrectionAudit["action"];
  check_in_at: number;
  check_out_at: number | null;
  /** JSON of Interval[]; null: the breaks as clocked at the kiosk. */
  breaks: string | null;
  voided: number;
  reason: string;
  by_user: string;
  by_name: string;
  at: number;
  before_json: string | null;
};

const iso = (instant: number) => new Date(instant).toISOString();

const stateOf = (entry: Pick<Entry, "checkIn" | "checkOut" | "breaks" | "voided">): EntryState => ({
  check_in_at: iso(entry.checkIn),
  check_out_at: entry.checkOut === null ? null : iso(entry.checkOut),
  breaks: entry.breaks.map((b) => `${iso(b.start)}/${b.end === null ? "" : iso(b.end)}`),
  voided: entry.voided,
});

export class HubEntries {
  private readonly sql: SqlStorage;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly records: HubRecords,
  ) {
    this.sql = storage.sql;
  }

  /**
   * The entries that overlap [start, end) as they now stand, voided ones included: the sessions recorded in
   * the period with their latest versions, and the entries whose latest version lies in it (added by a
   * manager, or moved there by a correction). Index searches only, as for sessions. `recorded`: the period's
   * sessions, when the caller has read them already.
   */
  overlapping(bounds: Bounds, recorded = this.records.overlapping(bounds)): Entry[] {
    const versions = new Map<string, VersionRow>();
    for (const row of this.#current(recorded.map((s) => s.id))) versions.set(row.entry_id, row);
    const moved = this.sql
      .exec<VersionRow>(CURRENT_IN_PERIOD, bounds.start - SESSION_LOOKBACK_MS, bounds.end)
      .toArray();
    for (const row of moved) versions.set(row.entry_id, row);
    const known = new Set(recorded.map((s) => s.id));
    const sessions = [
      ...recorded,
      ...this.records.byIds(moved.map((r) => r.entry_id).filter((id) => !known.has(id))),
    ];
    const entries = this.#layer(sessions, versions);
    return entries.filter((e) => overlaps(e, bounds));
  }

  /**
   * These entries as they now stand, voided ones included: recorded sessions with their latest versions, and
   * entries a manager added among the ids (the account export, Live Status's day). `recorded`: the ids'
   * sessions, when the caller has read them already.
   */
  ofSessions(ids: readonly string[], recorded = this.records.byIds(ids)): Entry[] {
    const versions = new Map(this.#current(ids).map((row) => [row.entry_id, row]));
    return this.#layer(recorded, versions);
  }

  /** The entries a manager added, which no recorded session holds, as they now stand (the account export). */
  added(): Entry[] {
    const rows = this.sql
      .exec<VersionRow>(
        "SELECT * FROM entry_versions WHERE current = 1 AND entry_id NOT IN (SELECT id FROM sessions)",
      )
      .toArray();
    return this.#layer([], new Map(rows.map((row) => [row.entry_id, row])));
  }

  /** One entry as it now stands, or null when this location has none by that id. */
  entry(id: string): Entry | null {
    const versions = new Map(this.#current([id]).map((row) => [row.entry_id, row]));
    const [entry] = this.#layer(this.records.byIds([id]), versions);
    return entry ?? null;
  }

  /** Checks a correction against the employee's other entries and, when it stands, records it. */
  apply(change: Correction, by: Manager, now: number, timeZone: string): CorrectionResult {
    const before = change.kind === "add" ? null : this.entry(change.entryId);
    if (change.kind !== "add" && !before) return { ok: false, refusal: "not_found", detail: ENTRY_NOT_FOUND };
    const employeeId = before?.employeeId ?? (change.kind === "add" ? change.employeeId : "");
    const name = this.records.siteCopy.names(true).get(employeeId);
    if (change.kind === "add" && name === undefined) {
      return { ok: false, refusal: "not_found", detail: EMPLOYEE_NOT_FOUND };
    }
    if (before?.voided) {
      const detail =
        change.kind === "void"
          ? "This entry is already void."
          : "This entry is void: add a new entry in its place.";
      return { ok: false, refusal: "conflict", detail };
    }
    const candidate = this.#candidate(change, before);
    const locked = (e: { checkIn: number; checkOut: number | null }) =>
      this.records.approvals.locks(employeeId, e.checkIn, e.checkOut ?? now);
    if ((before && locked(before)) || locked(candidate)) {
      return { ok: false, refusal: "conflict", detail: PERIOD_LOCKED };
    }
    if (change.kind !== "void") {
      const others = this.overlapping({
        start: candidate.checkIn,
        end: candidate.checkOut ?? now + 1,
      }).filter((e) => e.employeeId === employeeId && !e.voided && e.id !== before?.id);
      const problem = correctionProblem(candidate, others, { now, timeZone, name: name ?? "the employee" });
      if (problem) return { ok: false, refusal: "invalid", detail: problem };
    }
    const entryId = before?.id ?? newId();
    const voided = change.kind === "void";
    const action = change.kind === "add" ? "added" : voided ? "voided" : "edited";
    // A correction that closes or voids an open session checks the employee out at the kiosk too.
    const closesOpen = before !== null && before.checkOut === null && (voided || candidate.checkOut !== null);
    // An open entry keeps following the kiosk's breaks until a manager sets them or closes it.
    const keepsClockedBreaks =
      before !== null && candidate.checkOut === null && change.kind === "edit" && change.breaks === undefined;
    this.storage.transactionSync(() => {
      const [last] = this.sql
        .exec<{ version: number }>(
          "SELECT coalesce(max(version), 0) AS version FROM entry_versions WHERE entry_id = ?",
          entryId,
        )
        .toArray();
      this.sql.exec("UPDATE entry_versions SET current = 0 WHERE entry_id = ? AND current = 1", entryId);
      this.sql.exec(
        `INSERT INTO entry_versions (entry_id, version, employee_id, action, check_in_at, check_out_at, breaks,
           voided, reason, by_user, by_name, at, before_json, current)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
        entryId,
        (last?.version ?? 0) + 1,
        employeeId,
        action,
        candidate.checkIn,
        candidate.checkOut,
        keepsClockedBreaks ? null : JSON.stringify(candidate.breaks),
        voided ? 1 : 0,
        change.reason,
        by.id,
        by.name,
        now,
        before ? JSON.stringify(stateOf(before)) : null,
      );
      if (closesOpen) this.records.closeByManager(employeeId, now);
      if (before) this.records.markReviewed(entryId);
    });
    this.records.touched(entryId);
    const entry = this.entry(entryId);
    if (!entry) throw new Error("a correction's entry is readable once written");
    return { ok: true, entry, closedOpenSession: closesOpen };
  }

  /** What was recorded (version 0, for a session), then every correction, oldest first. */
  history(id: string): EntryVersion[] | null {
    const [session] = this.records.byIds([id]);
    const rows = this.sql
      .exec<VersionRow>("SELECT * FROM entry_versions WHERE entry_id = ? ORDER BY version", id)
      .toArray();
    if (!session && rows.length === 0) return null;
    const history: EntryVersion[] = [];
    if (session) {
      const [recorded] = this.#layer([{ ...session, needsReview: false, afterApproval: false }], new Map());
      const created = this.sql
        .exec<{ created_at: number }>("SELECT created_at FROM sessions WHERE id = ?", id)
        .one().created_at;
      if (recorded) history.push(versionOf(0, "recorded", created, null, null, recorded));
    }
    for (const row of rows) {
      history.push(
        versionOf(row.version, row.action, row.at, row.by_name, row.reason, {
          checkIn: row.check_in_at,
          checkOut: row.check_out_at ?? session?.checkOut ?? null,
          breaks: row.breaks === null ? this.#clocked(id) : (JSON.parse(row.breaks) as Interval[]),
          voided: row.voided === 1,
        }),
      );
    }
    return history;
  }

  // --- The audit outbox ---

  /** Corrections whose audit row D1 has not acknowledged, oldest first. */
  unaudited(limit = 100): CorrectionAudit[] {
    return this.sql
      .exec<VersionRow>("SELECT * FROM entry_versions WHERE audited = 0 ORDER BY at LIMIT ?", limit)
      .toArray()
      .map((row) => ({
        entryId: row.entry_id,
        version: row.version,
        employeeId: row.employee_id,
        action: row.action,
        by: row.by_user,
        byName: row.by_name,
        at: row.at,
        reason: row.reason,
        before: row.before_json === null ? null : (JSON.parse(row.before_json) as EntryState),
        after: stateOf({
          checkIn: row.check_in_at,
          checkOut: row.check_out_at,
          breaks: row.breaks === null ? this.#clocked(row.entry_id) : (JSON.parse(row.breaks) as Interval[]),
          voided: row.voided === 1,
        }),
      }));
  }

  markAudited(sent: readonly Pick<CorrectionAudit, "entryId" | "version">[]) {
    for (const { entryId, version } of sent) {
      this.sql.exec(
        "UPDATE entry_versions SET audited = 1 WHERE entry_id = ? AND version = ?",
        entryId,
        version,
      );
    }
  }

  hasUnaudited(): boolean {
    return this.sql.exec("SELECT 1 FROM entry_versions WHERE audited = 0 LIMIT 1").toArray().length > 0;
  }

  // --- Layering ---

  /** The entry as the change would leave it. */
  #candidate(change: Correction, before: Entry | null): Candidate {
    if (change.kind === "add") {
      return { checkIn: change.checkIn, checkOut: change.checkOut, breaks: change.breaks ?? [] };
    }
    if (!before) throw new Error("only an addition has no entry before it");
    if (change.kind === "void") return before;
    const checkOut = change.checkOut ?? before.checkOut;
    // A break still open when the entry is closed ends with it.
    const breaks =
      change.breaks ??
      before.breaks.map((b) => (b.end === null && checkOut !== null ? { ...b, end: checkOut } : b));
    return { checkIn: change.checkIn ?? before.checkIn, checkOut, breaks };
  }

  #current(entryIds: readonly string[]): VersionRow[] {
    if (entryIds.length === 0) return [];
    return this.sql
      .exec<VersionRow>(
        "SELECT * FROM entry_versions WHERE current = 1 AND entry_id IN (SELECT value FROM json_each(?))",
        JSON.stringify(entryIds),
      )
      .toArray();
  }

  #clocked(sessionId: string): Interval[] {
    return this.records.breaks.of([sessionId]).map((b) => ({ start: b.start, end: b.end }));
  }

  /** Sessions with their latest versions laid over them, and the entries that exist only as versions. */
  #layer(sessions: readonly RecordedSession[], versions: ReadonlyMap<string, VersionRow>): Entry[] {
    const clocked = new Map<string, Interval[]>();
    for (const b of this.records.breaks.of(sessions.map((s) => s.id))) {
      const theirs = clocked.get(b.sessionId);
      if (theirs) theirs.push({ start: b.start, end: b.end });
      else clocked.set(b.sessionId, [{ start: b.start, end: b.end }]);
    }
    const entries: Entry[] = sessions.map((session) => {
      const version = versions.get(session.id);
      const breaks = version?.breaks
        ? (JSON.parse(version.breaks) as Interval[])
        : (clocked.get(session.id) ?? []);
      return {
        id: session.id,
        employeeId: session.employeeId,
        checkIn: version?.check_in_at ?? session.checkIn,
        checkOut: version ? (version.check_out_at ?? session.checkOut) : session.checkOut,
        breaks,
        source:
          session.closedBy === "auto"
            ? "auto_closed"
            : session.offline
              ? "offline"
              : session.phone
                ? "phone"
                : "kiosk",
        edited: version !== undefined,
        voided: version?.voided === 1,
        needsReview: session.needsReview,
        afterApproval: session.afterApproval,
        ...(version ? { reason: version.reason, correctedAt: version.at } : {}),
      };
    });
    const recorded = new Set(sessions.map((s) => s.id));
    for (const version of versions.values()) {
      if (recorded.has(version.entry_id) || version.check_out_at === null) continue;
      entries.push({
        id: version.entry_id,
        employeeId: version.employee_id,
        checkIn: version.check_in_at,
        checkOut: version.check_out_at,
        breaks: JSON.parse(version.breaks ?? "[]") as Interval[],
        source: "manager",
        edited: version.version > 1,
        voided: version.voided === 1,
        needsReview: false,
        afterApproval: false,
        reason: version.reason,
        correctedAt: version.at,
      });
    }
    return entries;
  }
}

function versionOf(
  version: number,
  action: EntryVersion["action"],
  at: number,
  by: string | null,
  reason: string | null,
  entry: Pick<Entry, "checkIn" | "checkOut" | "breaks" | "voided">,
): EntryVersion {
  const state = stateOf(entry);
  return {
    version,
    action,
    at: iso(at),
    by,
    reason,
    check_in_at: state.check_in_at,
    check_out_at: state.check_out_at,
    breaks: entry.breaks.map((b) => ({ start_at: iso(b.start), end_at: b.end === null ? null : iso(b.end) })),
    voided: entry.voided,
  };
}
