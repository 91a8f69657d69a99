import { describe, expect, it } from "vitest";
import { addDays } from "../../worker/domain/time-zone";
import { type Shift, workerKindOn } from "../../worker/domain/working-time";
import { averageForWeek, averageWeeklyHours } from "../../worker/domain/working-time-average";
import { type YoungNightSettings, youngNightWork } from "../../worker/domain/working-time-night";

// The working-time rules that depend on what the employer decides (docs/compliance.md, "What the employer
// decides"): young workers' night work and its sector exceptions (regs 6A and 27A), and the 48-hour average's
// rolling or fixed reference periods (reg 4(3)). Weekly rest's 14-day alternative is in working-time.test.ts.

const LONDON = "Europe/London";
let count = 0;
const shift = (start: string, end: string, breaks: [string, string][] = []): Shift => ({
  id: `shift-${++count}`,
  start: Date.parse(start),
  end: Date.parse(end),
  breaks: breaks.map(([s, e]) => ({ start: Date.parse(s), end: Date.parse(e) })),
});

describe("young workers' night work (regs 6A and 27A)", () => {
  const NONE: YoungNightSettings = { sector: "none", contractAfter22: false };
  const HOSPITALITY: YoungNightSettings = { sector: "hospitality", contractAfter22: false };
  // 13/11/2026 is in winter: London's time is UTC.
  const until2230 = shift("2026-11-13T18:00:00Z", "2026-11-13T22:30:00Z");
  const until0030 = shift("2026-11-13T20:00:00Z", "2026-11-14T00:30:00Z");
  const seventeen = (date: string) => workerKindOn("2009-03-01", date) === "young";

  it("flags a 17-year-old at work at 22:30 where no sector exception applies", () => {
    expect(youngNightWork([until2230], LONDON, NONE, seventeen)).toEqual([
      {
        date: "2026-11-13",
        from: Date.parse("2026-11-13T22:00:00Z"),
        until: Date.parse("2026-11-13T22:30:00Z"),
        workedMinutes: 30,
        period: "22:00–06:00",
        shiftIds: [until2230.id],
      },
    ]);
  });

  it("lets a 17-year-old in a hospitality business work at 22:30, but not at 00:30", () => {
    expect(youngNightWork([until2230], LONDON, HOSPITALITY, seventeen)).toEqual([]);
    expect(youngNightWork([until0030], LONDON, HOSPITALITY, seventeen)).toEqual([
      {
        date: "2026-11-14",
        from: Date.parse("2026-11-14T00:00:00Z"),
        until: Date.parse("2026-11-14T00:30:00Z"),
        workedMinutes: 30,
        period: "00:00–04:00",
        shiftIds: [until0030.id],
      },
    ]);
  });

  it("keeps midnight to 04:00 closed to the sectors of reg 27A: 04:00 exactly is allowed", () => {
    const early = shift("2026-11-14T03:00:00Z", "2026-11-14T07:00:00Z");
    const fromFour = shift("2026-11-15T04:00:00Z", "2026-11-15T09:00:00Z");
    const bakery: YoungNightSettings = { sector: "bakery", contractAfter22: false };
    expect(youngNightWork([early, fromFour], LONDON, bakery)).toEqual([
      expect.objectContaining({ date: "2026-11-14", workedMinutes: 60, shiftIds: [early.id] }),
    ]);
    // Without an exception, 04:00 to 06:00 is inside the restricted period too.
    expect(youngNightWork([fromFour], LONDON, NONE)).toEqual([
      expect.objectContaining({ date: "2026-11-15", workedMinutes: 120 }),
    ]);
  });

  it("lets a hospital use a young worker all night", () => {
    const hospital: YoungNightSettings = { sector: "hospital", contractAfter22: false };
    expect(youngNightWork([until0030, until2230], LONDON, hospital)).toEqual([]);
  });

  it("moves the restricted period to 23:00–07:00 where contracts provide for work after 22:00", () => {
    const late: YoungNightSettings = { sector: "none", contractAfter22: true };
    expect(youngNightWork([until2230], LONDON, late)).toEqual([]);
    const until2330 = shift("2026-11-13T18:00:00Z", "2026-11-13T23:30:00Z");
    const sixToTen = shift("2026-11-16T06:00:00Z", "2026-11-16T10:00:00Z");
    expect(youngNightWork([until2330, sixToTen], LONDON, late).map((n) => [n.date, n.workedMinutes])).toEqual(
      [
        ["2026-11-13", 30],
        ["2026-11-16", 60],
      ],
    );
  });

  it("is work in the period, not a shift ending exactly at 22:00 or a break taken in it", () => {
    const toTen = shift("2026-11-13T14:00:00Z", "2026-11-13T22:00:00Z");
    const onBreak = shift("2026-11-12T17:00:00Z", "2026-11-12T22:30:00Z", [
      ["2026-11-12T21:55:00Z", "2026-11-12T22:30:00Z"],
    ]);
    expect(youngNightWork([toTen, onBreak], LONDON, NONE)).toEqual([]);
  });

  it("reads the period on the location's clock: 22:30 in summer is 21:30 UTC", () => {
    const summer = shift("2026-07-10T17:00:00Z", "2026-07-10T21:30:00Z");
    expect(youngNightWork([summer], LONDON, NONE)).toEqual([
      expect.objectContaining({ date: "2026-07-10", workedMinutes: 30 }),
    ]);
  });

  it("gives one finding a night, and none once the worker is 18", () => {
    const split = [
      shift("2026-11-13T22:00:00Z", "2026-11-13T23:00:00Z"),
      shift("2026-11-13T23:30:00Z", "2026-11-14T00:30:00Z"),
    ];
    expect(youngNightWork(split, LONDON, NONE)).toEqual([
      expect.objectContaining({
        date: "2026-11-13",
        from: Date.parse("2026-11-13T22:00:00Z"),
        until: Date.parse("2026-11-14T00:30:00Z"),
        workedMinutes: 120,
        shiftIds: split.map((s) => s.id),
      }),
    ]);
    const eighteen = (date: string) => workerKindOn("2008-11-13", date) === "young";
    expect(youngNightWork(split, LONDON, NONE, eighteen)).toEqual([]);
  });
});

describe("the 48-hour average's reference periods (reg 4(3))", () => {
  // 14 hours on Wednesday 29/07/2026 and on Tuesday 24/11/2026, 6h 48m every day between: 823.6 hours in the 17
  // weeks from that Wednesday to that Tuesday (48h 27m a week), but less in every 17 weeks ending on a Sunday.
  const shifts = [
    shift("2026-07-29T06:00:00Z", "2026-07-29T20:00:00Z"),
    ...Array.from({ length: 117 }, (_, i) => {
      const start = Date.parse(`${addDays("2026-07-30", i)}T09:00:00Z`);
      return { id: `day-${i}`, start, end: start + 408 * 60_000, breaks: [] };
    }),
    shift("2026-11-24T06:00:00Z", "2026-11-24T20:00:00Z"),
  ];
  const base = {
    shifts,
    timeZone: LONDON,
    employmentStart: null,
    excludedDays: new Set<string>(),
    optOuts: [],
    today: "2026-11-29",
  };

  it("judges any 17 weeks: a period starting on a Wednesday breaches where the Sunday-ending ones do not", () => {
    expect(averageWeeklyHours({ ...base, referenceEnd: "2026-11-22" })).toMatchObject({ breach: false });
    expect(averageWeeklyHours({ ...base, referenceEnd: "2026-11-29" })).toMatchObject({ breach: false });
    expect(averageForWeek({ ...base, weekStart: "2026-11-23", fixedStart: null })).toMatchObject({
      referenceStart: "2026-07-29",
      referenceEnd: "2026-11-24",
      referenceDays: 119,
      averageMinutes: 2907,
      breach: true,
    });
  });

  it("judges only the periods a relevant agreement fixes, from the account's reference start", () => {
    // Periods from Monday 27/07: 27/07–22/11 is under the limit, and 23/11–21/03/2027 has only begun.
    const fromMonday = averageForWeek({ ...base, weekStart: "2026-11-23", fixedStart: "2026-07-27" });
    expect(fromMonday).toMatchObject({
      referenceStart: "2026-11-23",
      referenceEnd: "2027-03-21",
      provisional: true,
      breach: false,
    });
    expect(averageForWeek({ ...base, weekStart: "2026-11-16", fixedStart: "2026-07-27" })).toMatchObject({
      referenceEnd: "2026-11-22",
      breach: false,
    });
    // Periods from Wednesday 29/07 (or any date 17 weeks apart from it) end on that Tuesday: a breach.
    for (const fixedStart of ["2026-07-29", "2026-11-25", "2026-04-01"]) {
      expect(averageForWeek({ ...base, weekStart: "2026-11-23", fixedStart })).toMatchObject({
        referenceStart: "2026-07-29",
        referenceEnd: "2026-11-24",
        breach: true,
      });
    }
  });

  it("judges a new starter's one period since they started as it stands at the week's end, not at each day", () => {
    // Started Wednesday 18/11: 7h 30m a day to Tuesday 24/11, then nothing. The 7 days to Tuesday average
    // 52h 30m, but the period since they started is 12 days by Sunday 29/11.
    const days = Array.from({ length: 7 }, (_, i) => {
      const start = Date.parse(`${addDays("2026-11-18", i)}T09:00:00Z`);
      return { id: `new-${i}`, start, end: start + 450 * 60_000, breaks: [] };
    });
    const starter = { ...base, shifts: days, employmentStart: "2026-11-18" };
    expect(averageWeeklyHours({ ...starter, referenceEnd: "2026-11-24" })).toMatchObject({
      averageMinutes: 3150,
      breach: true,
    });
    expect(averageForWeek({ ...starter, weekStart: "2026-11-23", fixedStart: null })).toMatchObject({
      referenceStart: "2026-11-18",
      referenceEnd: "2026-11-29",
      sinceStart: true,
      breach: false,
    });
  });

  it("judges a week not yet begun on the 17 weeks ending on its Sunday", () => {
    const future = averageForWeek({
      ...base,
      today: "2026-11-20",
      weekStart: "2026-11-23",
      fixedStart: null,
    });
    expect(future.referenceEnd).toBe("2026-11-29");
  });
});
