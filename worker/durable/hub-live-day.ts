import type { WorkingTimeWarning } from "../contracts/live";
import { type WarningInput, workingTimeWarnings } from "../domain/live-status";
import type { Entry } from "../domain/timesheet";
import type { HubEntries } from "./hub-entries";
import type { Bounds, HubRecords, RecordedSession } from "./hub-records";
import { overlaps } from "./session-rows";

/**
 * What an employee's warnings were judged with: judged again when any of it changes (`night`: the location's
 * night-work settings, which a manager may change during the day).
 */
type Judged = {
  young: boolean;
  name: string;
  night: string;
  /** Their earliest counted check-in in the window: employees are listed earliest first. */
  first: number;
  warnings: WorkingTimeWarning[];
};

/** What the warnings are judged with besides the shifts: the location's zone and settings, today's standing. */
export type Judging = Omit<WarningInput, "today" | "earlier">;

type Day = {
  /** Live Status's window: today and the day before, in the location's zone. */
  window: Bounds;
  zone: string;
  /** The window's sessions as the kiosk recorded them, by id (who is in, who has left). */
  sessions: Map<string, RecordedSession>;
  /** The window's entries as they now stand (corrections laid over the sessions), by id. */
  entries: Map<string, Entry>;
  /** Each employee's entries in the window, by id. */
  byEmployee: Map<string, Map<string, Entry>>;
  /** Each employee's working-time warnings, as last judged. */
  judged: Map<string, Judged>;
};

/**
 * Live Status's day (docs/hub.md, "Live Status's day"): the window's sessions
 * and entries are read once, then kept in step by reading again only the rows written since (each writer
 * says which, through `HubRecords.touched`), and each employee's warnings are judged again only when their
 * own entries change. A push on a busy day therefore reads one or two rows and judges one employee, not the
 * whole day. The rows are read after the write's transaction ended, so a rolled-back write leaves nothing.
 */
export class LiveDay {
  #day: Day | undefined;

  constructor(
    private readonly records: HubRecords,
    private readonly entries: HubEntries,
  ) {}

  /** The window's sessions as recorded, in check-in order. */
  sessions(window: Bounds, zone: string): RecordedSession[] {
    const { sessions } = this.#inStep(window, zone);
    return [...sessions.values()].sort((a, b) => a.checkIn - b.checkIn);
  }

  /**
   * The working-time warnings of the employees with an entry begun today (`today` starts the window's last
   * day): those whose entries or standing did not change keep their last judgement.
   */
  warnings(window: Bounds, today: Bounds, the: Judging): WorkingTimeWarning[] {
    const day = this.#inStep(window, the.zone);
    const night = `${the.night.sector} ${the.night.contractAfter22}`;
    const warned: { first: number; id: string; warnings: WorkingTimeWarning[] }[] = [];
    for (const [id, theirs] of day.byEmployee) {
      const standing = { young: the.young.has(id), name: the.names.get(id) ?? "", night };
      let judged = day.judged.get(id);
      if (
        !judged ||
        judged.young !== standing.young ||
        judged.name !== standing.name ||
        judged.night !== standing.night
      ) {
        judged = { ...standing, ...judge([...theirs.values()], today, the) };
        day.judged.set(id, judged);
      }
      if (judged.warnings.length > 0) warned.push({ first: judged.first, id, warnings: judged.warnings });
    }
    // In the order workingTimeWarnings lists employees: earliest shift first.
    warned.sort((a, b) => a.first - b.first || (a.id < b.id ? -1 : 1));
    return warned.flatMap((w) => w.warnings);
  }

  /** The day as it now stands: read whole when the window or the zone moved, else only what was written. */
  #inStep(window: Bounds, zone: string): Day {
    const written = this.records.takeTouched();
    const day = this.#day;
    if (!day || written === null || day.zone !== zone || !sameBounds(day.window, window)) {
      return this.#readWhole(window, zone);
    }
    if (written.length === 0) return day;
    const sessions = new Map(this.records.byIds(written).map((s) => [s.id, s]));
    const entries = new Map(this.entries.ofSessions(written, [...sessions.values()]).map((e) => [e.id, e]));
    for (const id of written) {
      const session = sessions.get(id);
      if (session && overlaps(session, window)) day.sessions.set(id, session);
      else day.sessions.delete(id);
      const was = day.entries.get(id);
      if (was) forget(day, was);
      const entry = entries.get(id);
      if (entry && overlaps(entry, window)) remember(day, entry);
    }
    return day;
  }

  #readWhole(window: Bounds, zone: string): Day {
    const sessions = this.records.overlapping(window);
    const day: Day = {
      window,
      zone,
      sessions: new Map(sessions.map((s) => [s.id, s])),
      entries: new Map(),
      byEmployee: new Map(),
      judged: new Map(),
    };
    for (const entry of this.entries.overlapping(window, sessions)) remember(day, entry);
    this.#day = day;
    return day;
  }
}

const sameBounds = (a: Bounds, b: Bounds) => a.start === b.start && a.end === b.end;

function remember(day: Day, entry: Entry) {
  day.entries.set(entry.id, entry);
  const theirs = day.byEmployee.get(entry.employeeId);
  if (theirs) theirs.set(entry.id, entry);
  else day.byEmployee.set(entry.employeeId, new Map([[entry.id, entry]]));
  day.judged.delete(entry.employeeId);
}

function forget(day: Day, entry: Entry) {
  day.entries.delete(entry.id);
  const theirs = day.byEmployee.get(entry.employeeId);
  theirs?.delete(entry.id);
  if (theirs?.size === 0) day.byEmployee.delete(entry.employeeId);
  day.judged.delete(entry.employeeId);
}

/** One employee's warnings from their entries in the window: none without an entry begun today. */
function judge(entries: readonly Entry[], today: Bounds, the: Judging) {
  const counted = entries.filter((e) => !e.voided);
  const first = Math.min(...counted.map((e) => e.checkIn));
  const begun = counted.filter((e) => e.checkIn >= today.start);
  if (begun.length === 0) return { first, warnings: [] };
  const earlier = counted.filter((e) => e.checkIn < today.start);
  return { first, warnings: workingTimeWarnings({ ...the, today: begun, earlier }) };
}
