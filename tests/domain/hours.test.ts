import { describe, expect, it } from "vitest";
import {
  computeStaffHours,
  type EmployeeHours,
  formatHours,
  type HoursEmployee,
  type HoursSession,
  type HoursSettings,
} from "../../worker/domain/hours";
import { type Period, resolvePeriod } from "../../worker/domain/periods";

const at = (iso: string) => Date.parse(iso);
const LONDON = "Europe/London";
const NOW = at("2026-11-20T12:00:00Z");
const period = (key: string, now = NOW): Period => {
  const resolved = resolvePeriod(key, LONDON, now);
  if (!resolved) throw new Error(`no period ${key}`);
  return resolved;
};
const MARCH = period("month_2026_3");

const alex: HoursEmployee = { id: "alex", name: "Alex Smith" };
const sam: HoursEmployee = { id: "sam", name: "Sam Jones" };
const standard: HoursSettings = {
  timeZone: LONDON,
  standardBreakMinutes: 30,
  workdayHours: 8,
  breakDeductionEnabled: true,
};
const noBreaks: HoursSettings = { ...standard, breakDeductionEnabled: false };

let sessionCount = 0;
/** Times are written with their UTC offset: +00:00 is GMT, +01:00 is BST in London. */
const shift = (checkIn: string, checkOut: string | null, employeeId = "alex"): HoursSession => ({
  id: `session-${++sessionCount}`,
  employeeId,
  checkIn: at(checkIn),
  checkOut: checkOut === null ? null : at(checkOut),
});

type Options = { employees?: HoursEmployee[]; settings?: HoursSettings; period?: Period; now?: number };
const staffHours = (sessions: HoursSession[], options: Options = {}) =>
  computeStaffHours({
    sessions,
    employees: options.employees ?? [alex],
    settings: options.settings ?? standard,
    period: options.period ?? MARCH,
    now: options.now ?? NOW,
  });
const hoursOf = (sessions: HoursSession[], options: Options = {}): EmployeeHours => {
  const [first] = staffHours(sessions, options);
  if (!first) throw new Error("no result");
  return first;
};
const dayMinutes = (hours: EmployeeHours) => hours.days.map((d) => [d.date, d.grossMinutes]);

describe("counting time", () => {
  it("counts a day shift and deducts the standard break", () => {
    const hours = hoursOf([shift("2026-03-10T09:00:00Z", "2026-03-10T17:30:00Z")]);
    expect(hours).toMatchObject({
      employeeId: "alex",
      grossMinutes: 510,
      breakMinutes: 30,
      workedMinutes: 480,
      overtimeMinutes: 0,
      daysWorked: 1,
      openSessions: 0,
      inProgress: false,
    });
    expect(hours.days).toEqual([
      {
        date: "2026-03-10",
        grossMinutes: 510,
        breakMinutes: 30,
        workedMinutes: 480,
        overtimeMinutes: 0,
        breakAssumed: true,
      },
    ]);
  });

  it("splits a night shift at local midnight and judges each day's break on its own", () => {
    const hours = hoursOf([shift("2026-03-10T20:00:00Z", "2026-03-11T06:00:00Z")]);
    // 4 hours on Tuesday and exactly 6 on Wednesday: neither day is over 6 hours.
    expect(dayMinutes(hours)).toEqual([
      ["2026-03-10", 240],
      ["2026-03-11", 360],
    ]);
    expect(hours).toMatchObject({ grossMinutes: 600, breakMinutes: 0, workedMinutes: 600, daysWorked: 2 });
    expect(hours.pieces.map((p) => [p.date, p.start, p.end])).toEqual([
      ["2026-03-10", at("2026-03-10T20:00:00Z"), at("2026-03-11T00:00:00Z")],
      ["2026-03-11", at("2026-03-11T00:00:00Z"), at("2026-03-11T06:00:00Z")],
    ]);
  });

  it("counts 7 hours for 22:00 to 06:00 over the night the clocks go forward", () => {
    const hours = hoursOf([shift("2026-03-28T22:00:00+00:00", "2026-03-29T06:00:00+01:00")], {
      settings: noBreaks,
    });
    expect(hours.grossMinutes).toBe(7 * 60);
    expect(dayMinutes(hours)).toEqual([
      ["2026-03-28", 120],
      ["2026-03-29", 300],
    ]);
  });

  it("counts 9 hours for 22:00 to 06:00 over the night the clocks go back", () => {
    const october = period("month_2026_10");
    const hours = hoursOf([shift("2026-10-24T22:00:00+01:00", "2026-10-25T06:00:00+00:00")], {
      period: october,
    });
    expect(hours.grossMinutes).toBe(9 * 60);
    expect(dayMinutes(hours)).toEqual([
      ["2026-10-24", 120],
      ["2026-10-25", 420],
    ]);
    // Sunday's 7 hours are over 6, so that day alone has a break.
    expect(hours.days.map((d) => d.breakMinutes)).toEqual([0, 30]);
    expect(hours.workedMinutes).toBe(510);
  });

  it("counts only the part of a session inside the month, at either end", () => {
    const intoApril = shift("2026-03-31T22:00:00+01:00", "2026-04-01T06:00:00+01:00");
    const fromFebruary = shift("2026-02-28T20:00:00Z", "2026-03-01T04:00:00Z");
    const march = hoursOf([intoApril, fromFebruary], { settings: noBreaks });
    expect(dayMinutes(march)).toEqual([
      ["2026-03-01", 240],
      ["2026-03-31", 120],
    ]);
    expect(march.grossMinutes).toBe(360);

    const april = hoursOf([intoApril, fromFebruary], { settings: noBreaks, period: period("month_2026_4") });
    expect(dayMinutes(april)).toEqual([["2026-04-01", 360]]);
  });

  it("counts the minutes the clock showed, ignoring seconds", () => {
    const hours = hoursOf([shift("2026-03-10T09:00:59Z", "2026-03-10T17:00:01Z")], { settings: noBreaks });
    expect(hours.grossMinutes).toBe(480);
    expect(hours.pieces[0]).toMatchObject({
      start: at("2026-03-10T09:00:00Z"),
      end: at("2026-03-10T17:00:00Z"),
    });
  });

  it("never counts the same time twice when sessions overlap", () => {
    const hours = hoursOf(
      [
        shift("2026-03-10T12:00:00Z", "2026-03-10T17:00:00Z"),
        shift("2026-03-10T09:00:00Z", "2026-03-10T13:00:00Z"),
        shift("2026-03-10T14:00:00Z", "2026-03-10T15:00:00Z"),
      ],
      { settings: noBreaks },
    );
    expect(hours.grossMinutes).toBe(8 * 60);
    expect(hours.pieces.map((p) => p.grossMinutes)).toEqual([240, 240]);
  });

  it("lists every employee, even with no time, and ignores anyone else's sessions", () => {
    const results = staffHours(
      [
        shift("2026-03-10T09:00:00Z", "2026-03-10T12:00:00Z", "sam"),
        shift("2026-03-10T09:00:00Z", "2026-03-10T12:00:00Z", "someone-else"),
      ],
      { employees: [alex, sam] },
    );
    expect(results.map((r) => [r.employeeId, r.grossMinutes, r.daysWorked])).toEqual([
      ["alex", 0, 0],
      ["sam", 180, 1],
    ]);
    expect(results[0]).toMatchObject({ days: [], pieces: [], inProgress: false });
  });

  it("leaves out a closed session shorter than a minute", () => {
    const hours = hoursOf([shift("2026-03-10T09:00:05Z", "2026-03-10T09:00:50Z")]);
    expect(hours).toMatchObject({ grossMinutes: 0, daysWorked: 0, pieces: [], days: [] });
  });
});

describe("open sessions", () => {
  it("count up to now and are flagged in progress", () => {
    const now = at("2026-03-10T13:45:30Z");
    const hours = hoursOf([shift("2026-03-10T09:00:00Z", null)], { now });
    expect(hours).toMatchObject({ grossMinutes: 285, openSessions: 1, inProgress: true });
    expect(hours.pieces).toMatchObject([{ end: at("2026-03-10T13:45:00Z"), inProgress: true }]);
  });

  it("flag only the piece that runs up to now when they cross midnight", () => {
    const now = at("2026-03-11T02:00:00Z");
    const hours = hoursOf([shift("2026-03-10T22:00:00Z", null)], { now });
    expect(hours.pieces.map((p) => [p.date, p.grossMinutes, p.inProgress])).toEqual([
      ["2026-03-10", 120, false],
      ["2026-03-11", 120, true],
    ]);
  });

  it("stop at the period end when looking back at an earlier month", () => {
    const hours = hoursOf([shift("2026-03-31T20:00:00+01:00", null)]);
    expect(hours).toMatchObject({ grossMinutes: 240, openSessions: 1, inProgress: true });
    expect(hours.pieces.at(-1)?.end).toBe(MARCH.end);
  });

  it("started after the period are not part of it", () => {
    const hours = hoursOf([shift("2026-11-20T08:00:00Z", null)]);
    expect(hours).toMatchObject({ grossMinutes: 0, openSessions: 0, inProgress: false, pieces: [] });
  });

  it("show someone who has just clocked in, with nothing counted yet", () => {
    const now = at("2026-03-10T09:00:20Z");
    const hours = hoursOf([shift("2026-03-10T09:00:00Z", null)], { now });
    expect(hours).toMatchObject({ grossMinutes: 0, daysWorked: 0, openSessions: 1, inProgress: true });
    expect(hours.pieces).toMatchObject([{ date: "2026-03-10", grossMinutes: 0, inProgress: true }]);
  });
});

describe("breaks", () => {
  const day = (from: string, to: string) => shift(`2026-03-10T${from}:00Z`, `2026-03-10T${to}:00Z`);

  it("are deducted only on days over 6 hours: exactly 6 keeps every minute", () => {
    expect(hoursOf([day("09:00", "15:00")])).toMatchObject({ breakMinutes: 0, workedMinutes: 360 });
    expect(hoursOf([day("09:00", "15:01")])).toMatchObject({ breakMinutes: 30, workedMinutes: 331 });
  });

  it("are taken once from the whole day, not per session", () => {
    const hours = hoursOf([day("09:00", "13:00"), day("14:00", "17:00")]);
    expect(hours).toMatchObject({ grossMinutes: 420, breakMinutes: 30, workedMinutes: 390 });
    // The export shows the break against the day's last session.
    expect(hours.pieces.map((p) => [p.grossMinutes, p.breakMinutes, p.workedMinutes])).toEqual([
      [240, 0, 240],
      [180, 30, 150],
    ]);
  });

  it("use the employee's own break length over the location's", () => {
    const longer = hoursOf([day("09:00", "17:00")], { employees: [{ ...alex, customBreakMinutes: 45 }] });
    expect(longer.breakMinutes).toBe(45);
    const none = hoursOf([day("08:00", "18:00")], { employees: [{ ...alex, customBreakMinutes: 0 }] });
    expect(none).toMatchObject({ breakMinutes: 0, workedMinutes: 600 });
    const unset = hoursOf([day("09:00", "17:00")], { employees: [{ ...alex, customBreakMinutes: null }] });
    expect(unset.breakMinutes).toBe(30);
  });

  it("can take most of a short day, as configured", () => {
    const hours = hoursOf([day("09:00", "15:30")], { settings: { ...standard, standardBreakMinutes: 240 } });
    expect(hours).toMatchObject({ grossMinutes: 390, breakMinutes: 240, workedMinutes: 150 });
  });

  it("never take more than the time worked", () => {
    const hours = hoursOf([day("09:00", "16:00")], { employees: [{ ...alex, customBreakMinutes: 500 }] });
    expect(hours).toMatchObject({
      grossMinutes: 420,
      breakMinutes: 420,
      workedMinutes: 0,
      overtimeMinutes: 0,
    });
    expect(hours.daysWorked).toBe(1);
  });

  it("are not deducted at all when deduction is off, whatever the overrides", () => {
    const hours = hoursOf([day("08:00", "18:00")], {
      settings: noBreaks,
      employees: [{ ...alex, customBreakMinutes: 60 }],
    });
    expect(hours).toMatchObject({ grossMinutes: 600, breakMinutes: 0, workedMinutes: 600 });
  });

  it("default to 30 minutes and an 8-hour day when the location has no settings", () => {
    const settings = { ...standard, standardBreakMinutes: null, workdayHours: null };
    const hours = hoursOf([day("08:00", "18:00")], { settings });
    expect(hours).toMatchObject({ breakMinutes: 30, workedMinutes: 570, overtimeMinutes: 90 });
  });
});

describe("overtime", () => {
  const on = (date: string, from: string, to: string) => shift(`${date}T${from}:00Z`, `${date}T${to}:00Z`);

  it("is worked time beyond the workday, after the break", () => {
    const hours = hoursOf([on("2026-03-10", "08:00", "18:30")]);
    expect(hours).toMatchObject({ grossMinutes: 630, workedMinutes: 600, overtimeMinutes: 120 });
  });

  it("uses the employee's own workday over the location's", () => {
    const partTime = { ...alex, customWorkHours: 7.5 };
    const hours = hoursOf([on("2026-03-10", "09:00", "17:30")], {
      employees: [partTime],
      settings: { ...standard, workdayHours: 10 },
    });
    expect(hours).toMatchObject({ workedMinutes: 480, overtimeMinutes: 30 });
  });

  it("is counted day by day: a short day does not cancel a long one", () => {
    const hours = hoursOf([
      on("2026-03-10", "08:00", "17:30"),
      on("2026-03-11", "08:00", "17:30"),
      on("2026-03-12", "09:00", "13:00"),
    ]);
    expect(hours.days.map((d) => d.overtimeMinutes)).toEqual([60, 60, 0]);
    expect(hours).toMatchObject({ workedMinutes: 540 + 540 + 240, overtimeMinutes: 120, daysWorked: 3 });
  });

  it("sits on the day's latest minutes in the export rows", () => {
    const hours = hoursOf([on("2026-03-10", "08:00", "12:00"), on("2026-03-10", "13:00", "19:00")]);
    expect(hours.pieces.map((p) => [p.workedMinutes, p.breakMinutes, p.overtimeMinutes])).toEqual([
      [240, 0, 0],
      [330, 30, 90],
    ]);
    expect(hours).toMatchObject({ workedMinutes: 570, breakMinutes: 30, overtimeMinutes: 90 });
  });
});

describe("formatHours", () => {
  it("writes hours and minutes as the Hours tab shows them", () => {
    expect(formatHours(0)).toBe("0h 0m");
    expect(formatHours(59)).toBe("0h 59m");
    expect(formatHours(60)).toBe("1h 0m");
    expect(formatHours(2250)).toBe("37h 30m");
    expect(formatHours(100 * 60 + 5)).toBe("100h 5m");
  });
});

describe("breaks clocked at the kiosk", () => {
  const withBreaks = (session: HoursSession, ...breaks: [string, string | null][]): HoursSession => ({
    ...session,
    breaks: breaks.map(([start, end]) => ({ start: at(start), end: end === null ? null : at(end) })),
  });

  it("are unpaid minute for minute, and the day's break is not assumed", () => {
    const day = withBreaks(
      shift("2026-03-10T09:00:00Z", "2026-03-10T17:30:00Z"),
      ["2026-03-10T12:00:00Z", "2026-03-10T12:20:00Z"],
      ["2026-03-10T15:00:00Z", "2026-03-10T15:07:00Z"],
    );
    const hours = hoursOf([day]);
    expect(hours.days).toEqual([
      {
        date: "2026-03-10",
        grossMinutes: 510,
        breakMinutes: 27,
        workedMinutes: 483,
        overtimeMinutes: 3,
        breakAssumed: false,
      },
    ]);
  });

  it("take the place of the standard break even when shorter, and count on a short day too", () => {
    const short = withBreaks(shift("2026-03-11T09:00:00Z", "2026-03-11T13:00:00Z"), [
      "2026-03-11T11:00:00Z",
      "2026-03-11T11:05:00Z",
    ]);
    expect(hoursOf([short]).days[0]).toMatchObject({
      breakMinutes: 5,
      workedMinutes: 235,
      breakAssumed: false,
    });
    // Deduction switched off changes nothing for a clocked break: it was not worked.
    expect(hoursOf([short], { settings: noBreaks }).days[0]).toMatchObject({ breakMinutes: 5 });
  });

  it("leave the automatic deduction to days without one, which are marked break assumed", () => {
    const monday = withBreaks(shift("2026-03-09T09:00:00Z", "2026-03-09T17:00:00Z"), [
      "2026-03-09T12:00:00Z",
      "2026-03-09T12:45:00Z",
    ]);
    const tuesday = shift("2026-03-10T09:00:00Z", "2026-03-10T17:00:00Z");
    const wednesday = shift("2026-03-11T09:00:00Z", "2026-03-11T14:00:00Z");
    const hours = hoursOf([monday, tuesday, wednesday]);
    expect(hours.days.map((d) => [d.date, d.breakMinutes, d.breakAssumed])).toEqual([
      ["2026-03-09", 45, false],
      ["2026-03-10", 30, true],
      // Six hours or less: nothing is deducted, so nothing is assumed.
      ["2026-03-11", 0, false],
    ]);
    expect(hours.pieces.map((p) => p.breakAssumed)).toEqual([false, true, false]);
    expect(hoursOf([tuesday], { settings: noBreaks }).days[0]).toMatchObject({
      breakMinutes: 0,
      breakAssumed: false,
    });
  });

  it("count a break still going on up to now, and stay in the piece of the day they were taken", () => {
    const now = at("2026-03-12T12:30:00Z");
    const open = withBreaks(shift("2026-03-12T09:00:00Z", null), ["2026-03-12T12:10:00Z", null]);
    expect(hoursOf([open], { now }).days[0]).toMatchObject({
      grossMinutes: 210,
      breakMinutes: 20,
      workedMinutes: 190,
    });

    // A night shift: the break after midnight belongs to the second day only.
    const night = withBreaks(shift("2026-03-13T20:00:00Z", "2026-03-14T06:00:00Z"), [
      "2026-03-14T01:00:00Z",
      "2026-03-14T01:30:00Z",
    ]);
    const hours = hoursOf([night]);
    expect(hours.days.map((d) => [d.date, d.grossMinutes, d.breakMinutes, d.breakAssumed])).toEqual([
      ["2026-03-13", 240, 0, false],
      ["2026-03-14", 360, 30, false],
    ]);
  });

  it("that overlap count once, and never more than the time in the piece", () => {
    const odd = withBreaks(shift("2026-03-16T09:00:00Z", "2026-03-16T10:00:00Z"), [
      "2026-03-16T08:30:00Z",
      "2026-03-16T11:00:00Z",
    ]);
    expect(hoursOf([odd]).days[0]).toMatchObject({ grossMinutes: 60, breakMinutes: 60, workedMinutes: 0 });
  });
});
