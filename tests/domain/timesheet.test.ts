import { describe, expect, it } from "vitest";
import { computeStaffHours } from "../../worker/domain/hours";
import { resolveTimesheetPeriod } from "../../worker/domain/periods";
import {
  buildTimesheet,
  correctionProblem,
  countedSessions,
  type Entry,
  entryFlags,
} from "../../worker/domain/timesheet";

// The rules a manager's correction must pass, what the timesheet flags, and how its week grid is laid out.

const at = (iso: string) => Date.parse(iso);
const LONDON = "Europe/London";
const NOW = at("2026-11-20T15:00:00Z");
const context = { now: NOW, timeZone: LONDON, name: "Jane Smith" };

const entry = (over: Partial<Entry> & Pick<Entry, "checkIn" | "checkOut">): Entry => ({
  id: `entry-${over.checkIn}`,
  employeeId: "jane",
  breaks: [],
  source: "kiosk",
  edited: false,
  voided: false,
  needsReview: false,
  afterApproval: false,
  ...over,
});

describe("a correction", () => {
  const monday = { checkIn: at("2026-11-16T09:00:00Z"), checkOut: at("2026-11-16T17:00:00Z"), breaks: [] };

  it("stands when it is in the past, under 24 hours, clear of other entries, with its breaks inside", () => {
    const breaks = [{ start: at("2026-11-16T12:00:00Z"), end: at("2026-11-16T12:30:00Z") }];
    expect(correctionProblem({ ...monday, breaks }, [], context)).toBeNull();
    // Touching another entry end to start is not an overlap.
    const before = entry({ checkIn: at("2026-11-16T05:00:00Z"), checkOut: monday.checkIn });
    expect(correctionProblem(monday, [before], context)).toBeNull();
  });

  it.each([
    [{ ...monday, checkOut: monday.checkIn }, "The check-out must be after the check-in."],
    [{ ...monday, checkOut: NOW + 60_000 }, "Times cannot be in the future."],
    [
      { ...monday, checkOut: monday.checkIn + 24 * 3_600_000 + 60_000 },
      "An entry cannot be longer than 24 hours.",
    ],
    [
      { ...monday, breaks: [{ start: at("2026-11-16T12:30:00Z"), end: at("2026-11-16T12:00:00Z") }] },
      "A break must end after it starts.",
    ],
    [
      { ...monday, breaks: [{ start: at("2026-11-16T16:30:00Z"), end: at("2026-11-16T17:30:00Z") }] },
      "Every break must fall between the check-in and the check-out.",
    ],
    [
      {
        ...monday,
        breaks: [
          { start: at("2026-11-16T12:00:00Z"), end: at("2026-11-16T12:30:00Z") },
          { start: at("2026-11-16T12:20:00Z"), end: at("2026-11-16T12:40:00Z") },
        ],
      },
      "Breaks cannot overlap.",
    ],
  ])("is refused: %j", (candidate, problem) => {
    expect(correctionProblem(candidate, [], context)).toBe(problem);
  });

  it("is refused when it overlaps another entry, which it names in the location's time (BST here)", () => {
    const summer = entry({ checkIn: at("2026-07-06T08:00:00Z"), checkOut: at("2026-07-06T16:00:00Z") });
    const candidate = {
      checkIn: at("2026-07-06T15:00:00Z"),
      checkOut: at("2026-07-06T18:00:00Z"),
      breaks: [],
    };
    expect(correctionProblem(candidate, [summer], context)).toBe(
      "This overlaps Jane Smith's entry of 06/07/2026 09:00–17:00.",
    );
    const open = entry({ checkIn: at("2026-11-20T13:00:00Z"), checkOut: null });
    const late = { checkIn: at("2026-11-20T14:00:00Z"), checkOut: at("2026-11-20T14:30:00Z"), breaks: [] };
    expect(correctionProblem(late, [open], context)).toBe(
      "This overlaps Jane Smith's entry of 20/11/2026 13:00–still checked in.",
    );
  });
});

describe("an entry's flags", () => {
  it("say what a manager should look at", () => {
    const auto = entry({
      checkIn: at("2026-11-18T09:00:00Z"),
      checkOut: at("2026-11-18T17:00:00Z"),
      source: "auto_closed",
      needsReview: true,
    });
    expect(entryFlags(auto, context)).toEqual(["needs_review", "auto_closed"]);
    const forgotten = entry({ checkIn: at("2026-11-19T09:00:00Z"), checkOut: null });
    expect(entryFlags(forgotten, context)).toEqual(["missing_check_out", "long_shift", "in_progress"]);
    const today = entry({ checkIn: at("2026-11-20T09:00:00Z"), checkOut: null });
    expect(entryFlags(today, context)).toEqual(["in_progress"]);
    const tap = entry({
      checkIn: at("2026-11-17T09:00:00Z"),
      checkOut: at("2026-11-17T09:04:00Z"),
      edited: true,
    });
    expect(entryFlags(tap, context)).toEqual(["edited", "short_shift"]);
    const voided = { ...tap, voided: true };
    expect(entryFlags(voided, context)).toEqual(["edited", "voided"]);
  });
});

describe("the week grid", () => {
  it("lists every day, each entry on each day it has time, voided entries shown but not counted", () => {
    const period = resolveTimesheetPeriod("week_2026-11-16", LONDON, NOW);
    if (!period) throw new Error("no period");
    const entries = [
      entry({ id: "night", checkIn: at("2026-11-16T22:00:00Z"), checkOut: at("2026-11-17T06:00:00Z") }),
      entry({
        id: "void",
        checkIn: at("2026-11-18T09:00:00Z"),
        checkOut: at("2026-11-18T17:00:00Z"),
        voided: true,
      }),
      entry({ id: "ravi", employeeId: "ravi", checkIn: at("2026-11-19T09:00:00Z"), checkOut: null }),
    ];
    const people = [
      { id: "jane", name: "Jane Smith", username: "janes", deleted: false },
      { id: "ravi", name: "Ravi Kumar", username: "ravik", deleted: false },
    ];
    const hours = computeStaffHours({
      sessions: countedSessions(entries),
      employees: people,
      settings: { timeZone: LONDON, breakDeductionEnabled: false },
      period,
      now: NOW,
    });
    const sheet = buildTimesheet({
      entries,
      staff: people.map((member, index) => ({ member, hours: hours[index] ?? (undefined as never) })),
      startDate: period.startDate,
      endDate: period.endDate,
      timeZone: LONDON,
      now: NOW,
    });
    // Ravi's forgotten check-out is an exception: he comes first.
    expect(sheet.map((e) => [e.name, e.exceptions])).toEqual([
      ["Ravi Kumar", 1],
      ["Jane Smith", 0],
    ]);
    const jane = sheet[1];
    expect(jane?.days.map((d) => [d.date, d.entries.map((e) => e.id), d.worked_minutes])).toEqual([
      ["2026-11-16", ["night"], 120],
      ["2026-11-17", ["night"], 360],
      ["2026-11-18", ["void"], 0],
      ["2026-11-19", [], 0],
      ["2026-11-20", [], 0],
      ["2026-11-21", [], 0],
      ["2026-11-22", [], 0],
    ]);
    expect(jane?.worked_minutes).toBe(480);
  });
});

describe("timesheet periods", () => {
  it("are the Hours tab's, and any Monday-start week from September 2025 up to this one", () => {
    expect(resolveTimesheetPeriod("week_2026-11-16", LONDON, NOW)).toMatchObject({
      name: "Week 16/11/2026 – 22/11/2026",
      startDate: "2026-11-16",
      endDate: "2026-11-22",
    });
    expect(resolveTimesheetPeriod("this_week", LONDON, NOW)?.startDate).toBe("2026-11-16");
    expect(resolveTimesheetPeriod("month_2026_10", LONDON, NOW)?.name).toBe("October 2026");
    for (const refused of [
      "week_2026-11-17",
      "week_2026-11-23",
      "week_2025-08-25",
      "week_2026-02-30",
      "ytd",
    ]) {
      expect(resolveTimesheetPeriod(refused, LONDON, NOW)).toBeNull();
    }
    // The week that holds 1 September 2025 is offered.
    expect(resolveTimesheetPeriod("week_2025-09-01", LONDON, NOW)).not.toBeNull();
  });
});
