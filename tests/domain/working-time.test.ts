import { describe, expect, it } from "vitest";
import { addDays } from "../../worker/domain/time-zone";
import {
  dailyRestBreaches,
  restBreakBreaches,
  type Shift,
  workerKindOn,
} from "../../worker/domain/working-time";
import { averageWeeklyHours } from "../../worker/domain/working-time-average";
import { weeklyRestBreaches, youngWorkerLimitBreaches } from "../../worker/domain/working-time-weekly";

// The Working Time Regulations 1998 on a worker's actual shifts (docs/compliance.md): rest breaks (reg 12),
// daily rest (reg 10), weekly rest (reg 11), young workers' limits (reg 5A) and the 48-hour average (regs 4, 5).

const LONDON = "Europe/London";
const at = (iso: string) => Date.parse(iso);
let count = 0;
const shift = (start: string, end: string, breaks: [string, string][] = []): Shift => ({
  id: `shift-${++count}`,
  start: at(start),
  end: at(end),
  breaks: breaks.map(([s, e]) => ({ start: at(s), end: at(e) })),
});

describe("rest breaks (reg 12)", () => {
  it("are owed to an adult working more than 6 hours: 20 uninterrupted minutes", () => {
    const noBreak = shift("2026-11-16T09:00:00Z", "2026-11-16T15:30:00Z");
    expect(restBreakBreaches([noBreak], "adult", LONDON)).toEqual([
      {
        rule: "rest_break",
        date: "2026-11-16",
        workedMinutes: 390,
        longestBreakMinutes: 0,
        requiredMinutes: 20,
        shiftIds: [noBreak.id],
      },
    ]);
    // Exactly 6 hours is not more than 6 hours.
    expect(
      restBreakBreaches([shift("2026-11-16T09:00:00Z", "2026-11-16T15:00:00Z")], "adult", LONDON),
    ).toEqual([]);
    const twenty = shift("2026-11-16T09:00:00Z", "2026-11-16T17:00:00Z", [
      ["2026-11-16T12:00:00Z", "2026-11-16T12:20:00Z"],
    ]);
    expect(restBreakBreaches([twenty], "adult", LONDON)).toEqual([]);
  });

  it("must be uninterrupted: two 10-minute breaks are not a 20-minute one", () => {
    const split = shift("2026-11-16T09:00:00Z", "2026-11-16T17:00:00Z", [
      ["2026-11-16T11:00:00Z", "2026-11-16T11:10:00Z"],
      ["2026-11-16T14:00:00Z", "2026-11-16T14:10:00Z"],
    ]);
    expect(restBreakBreaches([split], "adult", LONDON)).toMatchObject([{ longestBreakMinutes: 10 }]);
  });

  it("count working time, not time at work, and a gap between two shifts of a day as a break", () => {
    // 6h 30m at work with a 30-minute break is 6 hours worked: no break is owed.
    const worked6 = shift("2026-11-16T09:00:00Z", "2026-11-16T15:30:00Z", [
      ["2026-11-16T12:00:00Z", "2026-11-16T12:30:00Z"],
    ]);
    expect(restBreakBreaches([worked6], "adult", LONDON)).toEqual([]);
    const morning = shift("2026-11-16T08:00:00Z", "2026-11-16T12:00:00Z");
    const afternoon = shift("2026-11-16T12:45:00Z", "2026-11-16T16:00:00Z");
    expect(restBreakBreaches([morning, afternoon], "adult", LONDON)).toEqual([]);
  });

  it("are 30 minutes for a young worker after more than 4.5 hours", () => {
    const five = shift("2026-11-16T09:00:00Z", "2026-11-16T14:00:00Z", [
      ["2026-11-16T11:00:00Z", "2026-11-16T11:20:00Z"],
    ]);
    expect(restBreakBreaches([five], "adult", LONDON)).toEqual([]);
    expect(restBreakBreaches([five], "young", LONDON)).toMatchObject([
      { workedMinutes: 280, longestBreakMinutes: 20, requiredMinutes: 30 },
    ]);
  });
});

describe("daily rest (reg 10)", () => {
  it("is 11 consecutive hours for an adult: a close then an open 8 hours apart is a breach", () => {
    const close = shift("2026-11-16T14:00:00Z", "2026-11-16T23:00:00Z");
    const open = shift("2026-11-17T07:00:00Z", "2026-11-17T15:00:00Z");
    expect(dailyRestBreaches([open, close], "adult")).toEqual([
      { rule: "daily_rest", restMinutes: 480, requiredMinutes: 660, shiftIds: [close.id, open.id] },
    ]);
    const later = shift("2026-11-17T10:00:00Z", "2026-11-17T18:00:00Z");
    expect(dailyRestBreaches([close, later], "adult")).toEqual([]);
  });

  it("is found across a split shift's evening, not in its midday gap", () => {
    const split = [
      shift("2026-11-16T09:00:00Z", "2026-11-16T12:00:00Z"),
      shift("2026-11-16T15:00:00Z", "2026-11-16T19:00:00Z"),
      shift("2026-11-17T09:00:00Z", "2026-11-17T12:00:00Z"),
    ];
    expect(dailyRestBreaches(split, "adult")).toEqual([]);
  });

  it("runs to the next shift when none begins within the 24 hours: a 07:00–21:00 long day then 07:00 is 10 hours", () => {
    const longDay = shift("2026-11-16T07:00:00Z", "2026-11-16T21:00:00Z");
    const early = shift("2026-11-17T07:00:00Z", "2026-11-17T15:00:00Z");
    expect(dailyRestBreaches([early, longDay], "adult")).toEqual([
      { rule: "daily_rest", restMinutes: 600, requiredMinutes: 660, shiftIds: [longDay.id, early.id] },
    ]);
    const later = shift("2026-11-17T08:00:00Z", "2026-11-17T16:00:00Z");
    expect(dailyRestBreaches([longDay, later], "adult")).toEqual([]);
    const dayOff = shift("2026-11-18T07:00:00Z", "2026-11-18T15:00:00Z");
    expect(dailyRestBreaches([longDay, dayOff], "adult")).toEqual([]);
  });

  it("is 12 hours for a young worker", () => {
    const evening = shift("2026-11-16T12:00:00Z", "2026-11-16T20:00:00Z");
    const morning = shift("2026-11-17T07:30:00Z", "2026-11-17T12:00:00Z");
    expect(dailyRestBreaches([evening, morning], "adult")).toEqual([]);
    expect(dailyRestBreaches([evening, morning], "young")).toMatchObject([
      { restMinutes: 690, requiredMinutes: 720 },
    ]);
  });
});

/** `days` consecutive shifts from `monday`, each starting at `from` (UTC, "HH:MM") and lasting `hours`. */
function everyDay(monday: string, days: number, from: string, hours: number): Shift[] {
  return Array.from({ length: days }, (_, i) => {
    const start = at(`${addDays(monday, i)}T${from}:00Z`);
    return { id: `shift-${++count}`, start, end: start + hours * 3_600_000, breaks: [] };
  });
}
const ids = (shifts: Shift[]) => shifts.map((s) => s.id);

describe("who is a young worker", () => {
  it("is someone under 18 on the day: born 14/03/2008, 18 on 14/03/2026", () => {
    expect(workerKindOn("2008-03-14", "2026-03-13")).toBe("young");
    expect(workerKindOn("2008-03-14", "2026-03-14")).toBe("adult");
    expect(workerKindOn(null, "2026-03-13")).toBe("adult");
  });
});

describe("weekly rest (reg 11)", () => {
  it("is 24 uninterrupted hours in the week for an adult: exactly 24 hours is enough, 23h 59m is not", () => {
    const week = [...everyDay("2026-11-16", 3, "08:00", 12), ...everyDay("2026-11-20", 3, "08:00", 12)];
    // Wednesday ends at 20:00; Thursday's only shift starts 24 hours later.
    const thursday = shift("2026-11-19T20:00:00Z", "2026-11-19T23:00:00Z");
    expect(weeklyRestBreaches([...week, thursday], "adult", LONDON, false)).toEqual([]);

    const earlier = shift("2026-11-19T19:59:00Z", "2026-11-19T23:00:00Z");
    const all = [...week, earlier].sort((a, b) => a.start - b.start);
    expect(weeklyRestBreaches(all, "adult", LONDON, false)).toEqual([
      {
        rule: "weekly_rest",
        weekStart: "2026-11-16",
        longestRestMinutes: 1439,
        requiredMinutes: 1440,
        shiftIds: ids(all),
      },
    ]);
  });

  // A week with no 24 hours' rest (09/11), after a week with its weekend off (02/11), then another (16/11).
  const fortnight = () => {
    const weekendOff = everyDay("2026-11-02", 5, "08:00", 12);
    const noDayOff = everyDay("2026-11-09", 7, "08:00", 12);
    const stillNone = everyDay("2026-11-16", 7, "08:00", 12);
    return { noDayOff, stillNone, shifts: [...weekendOff, ...noDayOff, ...stillNone] };
  };

  it("flags an adult's week without 24 hours' rest when the employer has not chosen the 14-day alternative", () => {
    const { noDayOff, stillNone, shifts } = fortnight();
    expect(weeklyRestBreaches(shifts, "adult", LONDON, false)).toEqual([
      {
        rule: "weekly_rest",
        weekStart: "2026-11-09",
        longestRestMinutes: 720,
        requiredMinutes: 1440,
        shiftIds: ids(noDayOff),
      },
      {
        rule: "weekly_rest",
        weekStart: "2026-11-16",
        longestRestMinutes: 720,
        requiredMinutes: 1440,
        shiftIds: ids(stillNone),
      },
    ]);
  });

  it("lets a fortnight's 48 hours (the week and the week before) stand in for an adult's week when the employer chose it, but not a young worker's", () => {
    const { stillNone, shifts } = fortnight();
    // 09/11 has no 24 hours, but the fortnight from 02/11 has the weekend's 52; the fortnight from 09/11 has none.
    expect(weeklyRestBreaches(shifts, "adult", LONDON, true)).toEqual([
      {
        rule: "weekly_rest",
        weekStart: "2026-11-16",
        longestRestMinutes: 720,
        requiredMinutes: 1440,
        shiftIds: ids(stillNone),
      },
    ]);
    expect(
      weeklyRestBreaches(shifts, "young", LONDON, true).map((b) => b.rule === "weekly_rest" && b.weekStart),
    ).toEqual(["2026-11-09", "2026-11-16"]);
  });

  it("is 48 hours in each week for a young worker: exactly 48 is enough, 47h 59m is not", () => {
    const weekdays = everyDay("2026-11-16", 5, "09:00", 6);
    const sunday = shift("2026-11-22T15:00:00Z", "2026-11-22T18:00:00Z");
    expect(weeklyRestBreaches([...weekdays, sunday], "young", LONDON, false)).toEqual([]);
    expect(weeklyRestBreaches([...weekdays, sunday], "adult", LONDON, false)).toEqual([]);

    const early = shift("2026-11-22T14:59:00Z", "2026-11-22T18:00:00Z");
    expect(weeklyRestBreaches([...weekdays, early], "young", LONDON, false)).toEqual([
      {
        rule: "weekly_rest",
        weekStart: "2026-11-16",
        longestRestMinutes: 2879,
        requiredMinutes: 2880,
        shiftIds: [...ids(weekdays), early.id],
      },
    ]);
  });

  it("cuts rest at the week's edges, and finds nothing in a week without work", () => {
    // Off from Saturday 15:00 to Tuesday 09:00: 66 hours, but 33 in each week.
    const first = everyDay("2026-11-16", 6, "09:00", 6);
    const second = everyDay("2026-11-24", 5, "09:00", 6);
    // Sunday night into Monday: in both weeks it touches; the week of 30/11 then rests until 07/12.
    const night = shift("2026-11-29T22:00:00Z", "2026-11-30T06:00:00Z");
    expect(weeklyRestBreaches([...first, ...second, night], "young", LONDON, false)).toEqual([
      {
        rule: "weekly_rest",
        weekStart: "2026-11-16",
        longestRestMinutes: 1980,
        requiredMinutes: 2880,
        shiftIds: ids(first),
      },
      {
        rule: "weekly_rest",
        weekStart: "2026-11-23",
        longestRestMinutes: 1980,
        requiredMinutes: 2880,
        shiftIds: [...ids(second), night.id],
      },
    ]);
  });
});

describe("young workers' limits (reg 5A)", () => {
  it("are more than 8 hours' working time in a day: 8 hours exactly is within it, 8h 1m is not", () => {
    const eight = shift("2026-11-16T09:00:00Z", "2026-11-16T17:30:00Z", [
      ["2026-11-16T12:00:00Z", "2026-11-16T12:30:00Z"],
    ]);
    expect(youngWorkerLimitBreaches([eight], LONDON)).toEqual([]);
    const over = shift("2026-11-16T09:00:00Z", "2026-11-16T17:31:00Z", [
      ["2026-11-16T12:00:00Z", "2026-11-16T12:30:00Z"],
    ]);
    expect(youngWorkerLimitBreaches([over], LONDON)).toEqual([
      {
        rule: "young_daily_limit",
        date: "2026-11-16",
        workedMinutes: 481,
        limitMinutes: 480,
        shiftIds: [over.id],
      },
    ]);
  });

  it("are more than 40 hours in a Monday-to-Sunday week", () => {
    const forty = everyDay("2026-11-16", 5, "09:00", 8);
    expect(youngWorkerLimitBreaches(forty, LONDON)).toEqual([]);
    const saturday = shift("2026-11-21T10:00:00Z", "2026-11-21T10:01:00Z");
    expect(youngWorkerLimitBreaches([...forty, saturday], LONDON)).toEqual([
      {
        rule: "young_weekly_limit",
        weekStart: "2026-11-16",
        workedMinutes: 2401,
        limitMinutes: 2400,
        shiftIds: [...ids(forty), saturday.id],
      },
    ]);
  });

  it("count a shift past midnight on the days it falls on", () => {
    const night = shift("2026-11-16T20:00:00Z", "2026-11-17T04:30:00Z");
    expect(youngWorkerLimitBreaches([night], LONDON)).toEqual([]);
    const morning = shift("2026-11-17T09:00:00Z", "2026-11-17T13:00:00Z");
    expect(youngWorkerLimitBreaches([night, morning], LONDON)).toEqual([
      {
        rule: "young_daily_limit",
        date: "2026-11-17",
        workedMinutes: 510,
        limitMinutes: 480,
        shiftIds: [night.id, morning.id],
      },
    ]);
  });

  it("count the hour the clocks go back: midnight to 06:00 on 25/10/2026 is 7 hours", () => {
    // 22:00 BST on Saturday to 06:00 GMT on Sunday.
    const night = shift("2026-10-24T21:00:00Z", "2026-10-25T06:00:00Z");
    const afternoon = shift("2026-10-25T14:00:00Z", "2026-10-25T15:30:00Z");
    expect(youngWorkerLimitBreaches([night, afternoon], LONDON)).toEqual([
      expect.objectContaining({ rule: "young_daily_limit", date: "2026-10-25", workedMinutes: 510 }),
    ]);
  });

  it("judge each day by whether the worker was young that day: 18 on Thursday", () => {
    const young = everyDay("2026-11-16", 3, "09:00", 8);
    const adult = everyDay("2026-11-19", 3, "09:00", 9);
    const isYoungOn = (date: string) => workerKindOn("2008-11-19", date) === "young";
    expect(youngWorkerLimitBreaches([...young, ...adult], LONDON, isYoungOn)).toEqual([]);
    const all = youngWorkerLimitBreaches([...young, ...adult], LONDON);
    expect(all.map((b) => [b.rule, "workedMinutes" in b ? b.workedMinutes : null])).toEqual([
      ["young_daily_limit", 540],
      ["young_daily_limit", 540],
      ["young_daily_limit", 540],
      ["young_weekly_limit", 3060],
    ]);
  });
});

describe("the 48-hour average week (regs 4 and 5)", () => {
  const END = "2026-11-22";
  const FIRST = "2026-07-27";
  /** Shifts for consecutive weeks from `monday`: each entry is [days worked, hours a day]. */
  const weeksOf = (monday: string, pattern: [number, number][]) =>
    pattern.flatMap(([days, hours], i) => everyDay(addDays(monday, 7 * i), days, "09:00", hours));
  const average = (shifts: Shift[], more: Partial<Parameters<typeof averageWeeklyHours>[0]> = {}) =>
    averageWeeklyHours({
      shifts,
      timeZone: LONDON,
      referenceEnd: END,
      employmentStart: null,
      excludedDays: new Set(),
      optOuts: [],
      ...more,
    });
  const seventeen = (days: number, hours: number) =>
    Array.from({ length: 17 }, (): [number, number] => [days, hours]);

  it("is over 17 rolling weeks: 48 hours a week is within the limit, 50 is not", () => {
    const at48 = average(weeksOf(FIRST, seventeen(6, 8)));
    expect(at48).toMatchObject({
      referenceStart: FIRST,
      referenceEnd: END,
      averageMinutes: 2880,
      limitMinutes: 2880,
      optedOut: false,
      provisional: false,
      breach: false,
    });
    expect(at48.weeks).toHaveLength(17);
    expect(at48.weeks[0]).toEqual({ weekStart: FIRST, workedMinutes: 2880, excludedDays: 0 });
    // Weeks before the reference period do not count.
    const before = everyDay("2026-07-20", 7, "09:00", 12);
    expect(average([...before, ...weeksOf(FIRST, seventeen(5, 10))])).toMatchObject({
      averageMinutes: 3000,
      breach: true,
    });
  });

  it("leaves out the hours worked under an opt-out, made up from the days worked after the period", () => {
    // 45 hours a week, but 60 in the four weeks from 07/09 while an opt-out applied (withdrawn from 05/10).
    const pattern = seventeen(5, 9).map((week, i): [number, number] => (i >= 6 && i <= 9 ? [5, 12] : week));
    const shifts = [
      ...weeksOf(FIRST, pattern),
      ...weeksOf("2026-11-23", [
        [5, 9],
        [5, 9],
        [5, 9],
        [5, 9],
      ]),
    ];
    const optOuts = [{ signed: "2026-09-07", withdrawn: "2026-10-05" }];
    // Without the opt-out the 60-hour weeks count: 825 hours over 17 weeks, 48h 32m.
    expect(average(shifts)).toMatchObject({ averageMinutes: 2912, breach: true });
    // With it, their 20 working days are made up by the first 20 worked after 22/11: 765 hours, 45 a week.
    const withOptOut = average(shifts, { optOuts });
    expect(withOptOut).toMatchObject({
      averageMinutes: 2700,
      optedOut: false,
      provisional: false,
      breach: false,
    });
    expect(withOptOut.weeks[6]).toEqual({ weekStart: "2026-09-07", workedMinutes: 0, excludedDays: 5 });
    // Only two weeks worked since: the figure is provisional.
    const soFar = average(
      shifts.filter((s) => s.start < at("2026-12-07T00:00:00Z")),
      { optOuts },
    );
    expect(soFar).toMatchObject({ averageMinutes: 2382, provisional: true });
  });

  it("is no breach while an opt-out applies on the period's last day", () => {
    const result = average(weeksOf(FIRST, seventeen(6, 10)), {
      optOuts: [{ signed: "2026-09-07", withdrawn: null }],
    });
    expect(result).toMatchObject({ optedOut: true, breach: false });
  });

  it("makes up holiday from the working days after the period, provisionally until they are worked", () => {
    // 50-hour weeks, the last two on holiday: the 10 days off are replaced by the next 10 days worked.
    const pattern = seventeen(5, 10).map((week, i): [number, number] => (i >= 15 ? [0, 0] : week));
    const holiday = new Set(
      Array.from({ length: 12 }, (_, i) => addDays("2026-11-09", i)).filter((d) => {
        const day = new Date(d).getUTCDay();
        return day !== 0 && day !== 6;
      }),
    );
    const worked = weeksOf(FIRST, pattern);
    const after = weeksOf("2026-11-23", [
      [5, 10],
      [5, 10],
    ]);
    expect(average([...worked, ...after], { excludedDays: holiday })).toMatchObject({
      averageMinutes: 3000,
      provisional: false,
      breach: true,
    });
    // Before any of them are worked, the holiday seems to bring the average down.
    expect(average(worked, { excludedDays: holiday })).toMatchObject({
      averageMinutes: 2647,
      provisional: true,
      breach: false,
    });
    // With the holiday not recorded, the two empty weeks simply count as 0 hours.
    expect(average(worked)).toMatchObject({ averageMinutes: 2647, provisional: false });
  });

  it("averages a new starter over the time since they started", () => {
    const shifts = [
      ...everyDay("2026-10-28", 3, "09:00", 10),
      ...weeksOf("2026-11-02", [
        [5, 10],
        [5, 10],
        [5, 10],
      ]),
    ];
    const result = average(shifts, { employmentStart: "2026-10-28" });
    // 180 hours over 26 days: 48h 28m a week.
    expect(result).toMatchObject({ referenceStart: "2026-10-28", averageMinutes: 2908, breach: true });
    expect(result.weeks.map((w) => [w.weekStart, w.workedMinutes])).toEqual([
      ["2026-10-26", 1800],
      ["2026-11-02", 3000],
      ["2026-11-09", 3000],
      ["2026-11-16", 3000],
    ]);
  });

  it("ends a new starter's period today and divides under seven days by one week, not a fraction of one", () => {
    // Started Friday 20/11/2026 and worked 1h 7m; it is still Friday, the week ends on Sunday.
    const first = shift("2026-11-20T09:00:00Z", "2026-11-20T10:07:00Z");
    const result = average([first], { employmentStart: "2026-11-20", today: "2026-11-20" });
    expect(result).toMatchObject({
      referenceStart: "2026-11-20",
      referenceEnd: "2026-11-20",
      referenceDays: 1,
      dividedByWeeks: 1,
      sinceStart: true,
      averageMinutes: 67,
      breach: false,
    });
    // Two long days are their hours so far, held to 48: 50 hours is over it.
    const long = [
      shift("2026-11-20T00:00:00Z", "2026-11-20T23:00:00Z"),
      shift("2026-11-21T00:00:00Z", "2026-11-22T03:00:00Z"),
    ];
    expect(average(long, { employmentStart: "2026-11-20", today: "2026-11-22" })).toMatchObject({
      referenceDays: 3,
      averageMinutes: 50 * 60,
      breach: true,
    });
    // After 10 days the hours are divided by 10/7 weeks.
    const tenDays = average(everyDay("2026-11-13", 10, "09:00", 7), {
      employmentStart: "2026-11-13",
      today: "2026-11-22",
    });
    expect(tenDays).toMatchObject({ referenceDays: 10, averageMinutes: 49 * 60, breach: true });
    expect(tenDays.dividedByWeeks).toBeCloseTo(10 / 7, 10);
  });

  it("counts the clock changes' nights as 7 and 9 hours", () => {
    // 22:00–06:00 on Saturday 28/03/2026 (clocks forward) and Saturday 24/10/2026 (clocks back).
    const spring = shift("2026-03-28T22:00:00Z", "2026-03-29T05:00:00Z");
    const autumn = shift("2026-10-24T21:00:00Z", "2026-10-25T06:00:00Z");
    const week = (end: string) => average([spring, autumn], { referenceEnd: end, weeks: 1 }).weeks;
    expect(week("2026-03-29")).toEqual([{ weekStart: "2026-03-23", workedMinutes: 420, excludedDays: 0 }]);
    expect(week("2026-10-25")).toEqual([{ weekStart: "2026-10-19", workedMinutes: 540, excludedDays: 0 }]);
  });
});
