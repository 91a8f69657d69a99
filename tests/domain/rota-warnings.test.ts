import { describe, expect, it } from "vitest";
import type { RotaWarning } from "../../worker/contracts/rota";
import type { PlannedShift } from "../../worker/domain/rota";
import {
  type PlanSettings,
  type PlanWorker,
  planWarnings,
  shiftOfPlan,
} from "../../worker/domain/rota-warnings";
import { addDays } from "../../worker/domain/time-zone";
import { NO_NIGHT_EXCEPTION } from "../../worker/domain/working-time-night";

// The working-time checks on a planned week (docs/rota.md): the Compliance tab's rules on the plan, each at its
// boundary. Times are written with their UTC offset: London is +00:00 in November, +01:00 before the October change.

const WEEK = "2026-11-16"; // Monday; the location is still in the week before
const settings: PlanSettings = {
  timeZone: "Europe/London",
  weeklyRestFortnightly: false,
  youngNight: NO_NIGHT_EXCEPTION,
  averageReferenceStart: null,
  today: "2026-11-12",
};
const worker = (over: Partial<PlanWorker> = {}): PlanWorker => ({
  employeeId: "emp-1",
  name: "Ada Lovelace",
  dateOfBirth: "1990-01-01",
  optOuts: [],
  employmentStart: "2024-01-01",
  worked: [],
  excludedDays: new Set(),
  leave: new Map(),
  ...over,
});
/** Born so as to be 17 throughout the weeks used here. */
const SEVENTEEN = "2009-06-01";

let count = 0;
const plan = (start: string, end: string, breakMinutes = 0): PlannedShift => ({
  id: `shift-${++count}`,
  employeeId: "emp-1",
  start: Date.parse(start),
  end: Date.parse(end),
  breakMinutes,
  role: null,
  notes: null,
});
/** A day of the November week: 0 is Monday 16/11. */
const day = (n: number, time: string) => `${addDays(WEEK, n)}T${time}:00Z`;

const check = (shifts: PlannedShift[], w = worker(), s = settings) => planWarnings(WEEK, shifts, w, s);
const rules = (warnings: RotaWarning[]) => warnings.map((w) => w.rule);

describe("daily rest on the plan (reg 10)", () => {
  it("accepts exactly 11 hours between shifts and warns at 10 hours 59 minutes, on the later shift", () => {
    const tuesday = plan(day(1, "15:00"), day(1, "23:00"), 30);
    expect(check([tuesday, plan(day(2, "10:00"), day(2, "16:00"))])).toEqual([]);
    const early = plan(day(2, "09:59"), day(2, "15:59"));
    expect(check([tuesday, early])).toEqual([
      {
        shift_id: early.id,
        employee_id: "emp-1",
        name: "Ada Lovelace",
        rule: "daily_rest",
        regulation: "Working Time Regulations 1998, reg 10(1)",
        detail: "Only 10 hours 59 minutes' rest between Tue 23:00 and Wed 09:59; 11 hours are needed.",
        fix: "Start Wednesday's shift at 10:00 or later.",
        date: "2026-11-18",
      },
    ]);
  });

  it("words a close-down and open as the manager reads it", () => {
    const [warning] = check([
      plan(day(1, "15:00"), day(1, "23:00"), 30),
      plan(day(2, "07:00"), day(2, "12:00")),
    ]);
    expect(warning?.detail).toBe("Only 8 hours' rest between Tue 23:00 and Wed 07:00; 11 hours are needed.");
    expect(warning?.fix).toBe("Start Wednesday's shift at 10:00 or later.");
  });

  it("needs 12 hours for a 17-year-old", () => {
    const young = worker({ dateOfBirth: SEVENTEEN });
    const tuesday = plan(day(1, "14:00"), day(1, "20:00"), 30);
    expect(check([tuesday, plan(day(2, "08:00"), day(2, "12:00"))], young)).toEqual([]);
    const [warning, ...rest] = check([tuesday, plan(day(2, "07:59"), day(2, "12:00"))], young);
    expect(rest).toEqual([]);
    expect(warning).toMatchObject({
      rule: "daily_rest",
      regulation: "Working Time Regulations 1998, reg 10(2)",
      fix: "Start Wednesday's shift at 08:00 or later.",
    });
    expect(warning?.detail).toContain("12 hours are needed for a worker under 18");
  });

  it("counts the hours already worked before the first planned shift", () => {
    const worked = shiftOfPlan(plan(day(-1, "15:00"), day(-1, "23:00"), 30));
    const monday = plan(day(0, "07:00"), day(0, "12:00"));
    expect(rules(check([monday], worker({ worked: [worked] })))).toEqual(["daily_rest"]);
  });

  it("judges the days already passed by what was worked, not by the plan", () => {
    // Wednesday: Tuesday's planned 18:00 finish was worked to 23:00.
    const midweek = { ...settings, today: "2026-11-18" };
    const tuesdayPlanned = plan(day(1, "10:00"), day(1, "18:00"), 30);
    const wednesday = plan(day(2, "07:00"), day(2, "12:00"));
    expect(check([tuesdayPlanned, wednesday], worker(), midweek)).toEqual([]);
    const workedLate = shiftOfPlan(plan(day(1, "15:00"), day(1, "23:00"), 30));
    const warnings = check([tuesdayPlanned, wednesday], worker({ worked: [workedLate] }), midweek);
    expect(warnings.map((w) => [w.rule, w.shift_id])).toEqual([["daily_rest", wednesday.id]]);
  });

  it("measures rest in real hours across the October clock change", () => {
    // Saturday 24/10 ends 23:00 BST (22:00 UTC); the clocks go back at 02:00 on Sunday 25/10.
    const week = "2026-10-19";
    const saturday = plan("2026-10-24T15:00:00+01:00", "2026-10-24T23:00:00+01:00", 30);
    const at9 = plan("2026-10-25T09:00:00Z", "2026-10-25T13:00:00Z");
    const october = { ...settings, today: "2026-10-12" };
    // 23:00 to 09:00 on the clock is 11 real hours.
    expect(planWarnings(week, [saturday, at9], worker(), october)).toEqual([]);
    const at8 = plan("2026-10-25T08:00:00Z", "2026-10-25T13:00:00Z");
    const [warning] = planWarnings(week, [saturday, at8], worker(), october);
    expect(warning).toMatchObject({
      shift_id: at8.id,
      date: "2026-10-25",
      detail: "Only 10 hours' rest between Sat 23:00 and Sun 08:00; 11 hours are needed.",
      fix: "Start Sunday's shift at 09:00 or later.",
    });
  });
});

describe("rest breaks on the plan (reg 12)", () => {
  it("lets 6 hours go without a break and warns at 6 hours 1 minute", () => {
    expect(check([plan(day(0, "09:00"), day(0, "15:00"))])).toEqual([]);
    const long = plan(day(0, "09:00"), day(0, "15:01"));
    expect(check([long])).toMatchObject([
      {
        shift_id: long.id,
        rule: "rest_break",
        regulation: "Working Time Regulations 1998, reg 12(1)",
        fix: "Plan an unpaid break of at least 20 minutes in Monday's shift, or shorten the day to 6 hours.",
      },
    ]);
  });

  it("takes a 20-minute break as enough and 19 minutes as not", () => {
    expect(check([plan(day(0, "09:00"), day(0, "15:21"), 20)])).toEqual([]);
    expect(rules(check([plan(day(0, "09:00"), day(0, "15:20"), 19)]))).toEqual(["rest_break"]);
  });

  it("owes a 17-year-old 30 minutes after 4.5 hours", () => {
    const young = worker({ dateOfBirth: SEVENTEEN });
    expect(check([plan(day(0, "09:00"), day(0, "13:30"))], young)).toEqual([]);
    const [warning] = check([plan(day(0, "09:00"), day(0, "13:51"), 20)], young);
    expect(warning).toMatchObject({
      rule: "rest_break",
      regulation: "Working Time Regulations 1998, reg 12(4)",
    });
    expect(check([plan(day(0, "09:00"), day(0, "14:01"), 30)], young)).toEqual([]);
  });
});

describe("young workers' limits on the plan (reg 5A)", () => {
  const young = worker({ dateOfBirth: SEVENTEEN });

  it("allows 8 hours' work in a day and warns at 8 hours 1 minute", () => {
    expect(check([plan(day(0, "09:00"), day(0, "17:30"), 30)], young)).toEqual([]);
    const long = plan(day(0, "09:00"), day(0, "17:31"), 30);
    expect(check([long], young)).toMatchObject([
      {
        shift_id: long.id,
        rule: "young_daily_limit",
        detail: expect.stringContaining("8h 1m planned on Monday 16/11/2026"),
      },
    ]);
  });

  it("allows 40 hours in the week and warns on the shift that goes over", () => {
    const weekdays = [0, 1, 2, 3, 4].map((n) => plan(day(n, "09:00"), day(n, "17:30"), 30));
    expect(check(weekdays, young)).toEqual([]);
    // Saturday's minute leaves Sunday short of 48 hours' rest too; the 40 hours go over on it.
    const saturday = plan(day(5, "09:00"), day(5, "09:01"));
    const warnings = check([...weekdays, saturday], young);
    expect(warnings.find((w) => w.rule === "young_weekly_limit")).toMatchObject({
      shift_id: saturday.id,
      detail:
        "40h 1m planned in the week beginning 16/11/2026; a worker under 18 may work at most 40 hours a week.",
    });
  });

  it("keeps them out of the night's 22:00–06:00, to the minute at each edge", () => {
    expect(check([plan(day(0, "14:00"), day(0, "22:00"), 30)], young)).toEqual([]);
    expect(check([plan(day(1, "06:00"), day(1, "12:00"), 30)], young)).toEqual([]);
    const late = plan(day(0, "14:01"), day(0, "22:01"), 30);
    expect(check([late], young)).toMatchObject([
      {
        shift_id: late.id,
        rule: "young_night_work",
        regulation: "Working Time Regulations 1998, reg 6A",
        detail:
          "Planned to work between Mon 22:00 and Mon 22:01, in the hours 22:00–06:00 when a worker under 18 may not work here.",
      },
    ]);
    expect(rules(check([plan(day(1, "05:59"), day(1, "12:00"), 30)], young))).toEqual(["young_night_work"]);
  });

  it("follows the location's night-work exception", () => {
    const catering = {
      ...settings,
      youngNight: { sector: "catering", contractAfter22: false },
    } as PlanSettings;
    expect(check([plan(day(0, "16:00"), day(0, "23:59"), 30)], young, catering)).toEqual([]);
    expect(rules(check([plan(day(0, "16:31"), day(1, "00:01"), 30)], young, catering))).toEqual([
      "young_night_work",
    ]);
  });

  it("does not apply to someone who is 18", () => {
    const adult = worker({ dateOfBirth: "2008-01-01" });
    expect(check([plan(day(0, "14:00"), day(0, "23:31"), 30)], adult)).toEqual([]);
  });
});

describe("weekly rest on the plan (reg 11)", () => {
  it("warns on the last shift of a week planned every day", () => {
    const days = [0, 1, 2, 3, 4, 5, 6].map((n) => plan(day(n, "09:00"), day(n, "17:00"), 30));
    const warnings = check(days);
    expect(warnings.map((w) => [w.rule, w.shift_id])).toEqual([["weekly_rest", days[6]?.id]]);
    expect(warnings[0]?.fix).toBe("Give them at least one whole day (24 hours) off this week.");
    expect(check(days.slice(0, 6))).toEqual([]);
  });
});

describe("the 48-hour average, projected to the end of the planned week (reg 4)", () => {
  // Sixteen weeks worked of six 8-hour days (a 20-minute break each), then the planned week.
  const weekOf = (monday: string, lastDayEnd = "17:20") =>
    [0, 1, 2, 3, 4, 5].map((n) =>
      plan(
        `${addDays(monday, n)}T09:00:00Z`,
        `${addDays(monday, n)}T${n === 5 ? lastDayEnd : "17:20"}:00Z`,
        20,
      ),
    );
  const worked = Array.from({ length: 16 }, (_, i) => weekOf(addDays(WEEK, -7 * (16 - i))))
    .flat()
    .map(shiftOfPlan);
  const today = { ...settings, today: addDays(WEEK, -1) };

  it("accepts an average of exactly 48 hours and warns above it, for the week as a whole", () => {
    expect(check(weekOf(WEEK), worker({ worked }), today)).toEqual([]);
    const warnings = check(weekOf(WEEK, "18:20"), worker({ worked }), today);
    expect(warnings).toMatchObject([
      {
        rule: "average_week",
        shift_id: null,
        regulation: "Working Time Regulations 1998, reg 4(1)",
        date: WEEK,
      },
    ]);
    expect(warnings[0]?.detail).toContain(
      "As planned, their average week to 22/11/2026 is 48h 4m over 17 weeks",
    );
  });

  it("is not a warning for someone with a written opt-out", () => {
    const optedOut = worker({ worked, optOuts: [{ signed: "2025-01-01", withdrawn: null }] });
    expect(check(weekOf(WEEK, "18:20"), optedOut, today)).toEqual([]);
  });
});

describe("leave on a planned day", () => {
  it("warns when a shift is planned on a day of approved holiday or sickness", () => {
    const wednesday = plan(day(2, "09:00"), day(2, "15:00"));
    const away = worker({ leave: new Map([["2026-11-18", { status: "holiday", label: "Holiday" }]]) });
    expect(check([plan(day(1, "09:00"), day(1, "15:00")), wednesday], away)).toEqual([
      {
        shift_id: wednesday.id,
        employee_id: "emp-1",
        name: "Ada Lovelace",
        rule: "on_leave",
        regulation: "Working Time Regulations 1998, reg 13 (annual leave)",
        detail: "Ada Lovelace is on holiday on Wednesday 18/11/2026.",
        fix: "Give the shift to someone else, or make it an open shift.",
        date: "2026-11-18",
      },
    ]);
    const sick = worker({ leave: new Map([["2026-11-18", { status: "sick_leave", label: "Sick Leave" }]]) });
    expect(check([wednesday], sick)[0]?.detail).toBe(
      "Ada Lovelace is on sick leave on Wednesday 18/11/2026.",
    );
  });
});
