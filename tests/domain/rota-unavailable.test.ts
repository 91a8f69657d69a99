import { describe, expect, it } from "vitest";
import type { UnavailableTime } from "../../worker/contracts/staff-shifts";
import { availabilityProblem } from "../../worker/domain/availability";
import type { PlannedShift } from "../../worker/domain/rota";
import { type PlanSettings, type PlanWorker, planWarnings } from "../../worker/domain/rota-warnings";
import { NO_NIGHT_EXCEPTION } from "../../worker/domain/working-time-night";

// The rota's "unavailable" warning (docs/staff-app.md, "My shifts, availability and open shifts"): a planned
// shift that runs into a time the employee said they cannot work, in the location's zone, at each boundary
// and across the clock changes.

const settings = (): PlanSettings => ({
  timeZone: "Europe/London",
  weeklyRestFortnightly: false,
  youngNight: NO_NIGHT_EXCEPTION,
  averageReferenceStart: null,
  today: "2026-01-01",
});
const worker = (unavailable: UnavailableTime[]): PlanWorker => ({
  employeeId: "emp-1",
  name: "Ada Lovelace",
  dateOfBirth: "1990-01-01",
  optOuts: [],
  employmentStart: "2024-01-01",
  worked: [],
  excludedDays: new Set(),
  leave: new Map(),
  unavailable,
});
const shift = (start: string, end: string): PlannedShift => ({
  id: `s-${start}`,
  employeeId: "emp-1",
  start: Date.parse(start),
  end: Date.parse(end),
  breakMinutes: 0,
  role: null,
  notes: null,
});
const evening = (weekday: number): UnavailableTime => ({
  weekday,
  from_minute: 18 * 60,
  to_minute: 22 * 60,
  note: null,
});
const allDay = (weekday: number): UnavailableTime => ({
  weekday,
  from_minute: null,
  to_minute: null,
  note: null,
});

/** The dates of the "unavailable" warnings for one shift in the week. */
const warned = (week: string, planned: PlannedShift, times: UnavailableTime[]) =>
  planWarnings(week, [planned], worker(times), settings())
    .filter((w) => w.rule === "unavailable")
    .map((w) => w.date);

describe("the rota's unavailable warning", () => {
  // Wednesday 18/11/2026 is GMT: London time is UTC.
  it("is not raised by a shift that ends as the time begins, or starts as it ends", () => {
    expect(warned("2026-11-16", shift("2026-11-18T14:00:00Z", "2026-11-18T18:00:00Z"), [evening(3)])).toEqual(
      [],
    );
    expect(warned("2026-11-16", shift("2026-11-18T22:00:00Z", "2026-11-18T23:30:00Z"), [evening(3)])).toEqual(
      [],
    );
  });

  it("is raised by a shift that runs a minute into the time, at either end", () => {
    expect(warned("2026-11-16", shift("2026-11-18T14:00:00Z", "2026-11-18T18:01:00Z"), [evening(3)])).toEqual(
      ["2026-11-18"],
    );
    expect(warned("2026-11-16", shift("2026-11-18T21:59:00Z", "2026-11-18T23:00:00Z"), [evening(3)])).toEqual(
      ["2026-11-18"],
    );
  });

  it("reads the time in the location's zone in summer: 18:00 BST is 17:00 UTC", () => {
    // Wednesday 15/07/2026.
    expect(warned("2026-07-13", shift("2026-07-15T12:00:00Z", "2026-07-15T17:00:00Z"), [evening(3)])).toEqual(
      [],
    );
    expect(warned("2026-07-13", shift("2026-07-15T12:00:00Z", "2026-07-15T17:01:00Z"), [evening(3)])).toEqual(
      ["2026-07-15"],
    );
  });

  it("is only on the weekday named, and all day means from midnight to midnight", () => {
    expect(warned("2026-11-16", shift("2026-11-19T09:00:00Z", "2026-11-19T17:00:00Z"), [allDay(3)])).toEqual(
      [],
    );
    // A Tuesday night shift running past midnight into an all-day Wednesday.
    expect(warned("2026-11-16", shift("2026-11-17T20:00:00Z", "2026-11-18T00:00:00Z"), [allDay(3)])).toEqual(
      [],
    );
    expect(warned("2026-11-16", shift("2026-11-17T20:00:00Z", "2026-11-18T00:30:00Z"), [allDay(3)])).toEqual([
      "2026-11-18",
    ]);
  });

  it("keeps the day's length across the October clock change: all day Sunday 25/10/2026 is 25 hours", () => {
    // Sunday 25/10/2026 begins at 23:00 UTC on Saturday (BST) and ends at 00:00 UTC on Monday (GMT).
    const sunday = [allDay(7)];
    expect(warned("2026-10-19", shift("2026-10-24T15:00:00Z", "2026-10-24T23:00:00Z"), sunday)).toEqual([]);
    expect(warned("2026-10-19", shift("2026-10-24T15:00:00Z", "2026-10-24T23:01:00Z"), sunday)).toEqual([
      "2026-10-25",
    ]);
    expect(warned("2026-10-26", shift("2026-10-26T00:00:00Z", "2026-10-26T08:00:00Z"), sunday)).toEqual([]);
  });

  it("names the time and the note, and the shift it is shown on", () => {
    const planned = shift("2026-11-18T16:00:00Z", "2026-11-18T20:00:00Z");
    const [warning] = planWarnings(
      "2026-11-16",
      [planned],
      worker([{ ...evening(3), note: "College" }]),
      settings(),
    );
    expect(warning).toMatchObject({
      shift_id: planned.id,
      rule: "unavailable",
      detail:
        "Ada Lovelace can't work Wednesdays 18:00–22:00 (College); this shift on 18/11/2026 runs into it.",
    });
  });
});

describe("a list of times I cannot work", () => {
  it("may have back-to-back times on a day, and the same time on different days", () => {
    expect(
      availabilityProblem([
        { weekday: 1, from_minute: 0, to_minute: 720, note: null },
        { weekday: 1, from_minute: 720, to_minute: 1440, note: null },
        allDay(2),
        evening(3),
        evening(4),
      ]),
    ).toBeNull();
  });

  it("may not have times that overlap by a minute, or end where they start", () => {
    expect(
      availabilityProblem([
        { weekday: 1, from_minute: 0, to_minute: 721, note: null },
        { weekday: 1, from_minute: 720, to_minute: 1440, note: null },
      ]),
    ).toBe("Two of the times on Mondays overlap: join them into one.");
    expect(availabilityProblem([{ weekday: 1, from_minute: 600, to_minute: 600, note: null }])).toBe(
      "Each time must end after it starts.",
    );
  });
});
