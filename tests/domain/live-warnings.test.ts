import { describe, expect, it } from "vitest";
import type { WorkingTimeWarning } from "../../worker/contracts/live";
import { eighteenthBirthday, type WarningInput, workingTimeWarnings } from "../../worker/domain/live-status";
import { dailyRestBreaches } from "../../worker/domain/working-time";
import { NO_NIGHT_EXCEPTION } from "../../worker/domain/working-time-night";

// Live Status's working-time warnings (docs/pay-and-compliance.md): what a punch made a breach of, for the
// manager's eyes.

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Tuesday 17 November 2026 (GMT), at hh:mm. */
const at = (hours: number, minutes = 0) => Date.UTC(2026, 10, 17, hours, minutes);

const input = (
  today: WarningInput["today"],
  young: string[] = [],
  now = at(20),
  earlier: WarningInput["earlier"] = [],
  night: WarningInput["night"] = NO_NIGHT_EXCEPTION,
): WarningInput => ({
  today,
  earlier,
  young: new Set(young),
  names: new Map([["jane", "Jane Smith"]]),
  zone: "Europe/London",
  now,
  night,
});

const session = (
  checkIn: number,
  checkOut: number | null,
  extra: Partial<WarningInput["today"][number]> = {},
) => ({
  id: `s-${checkIn}`,
  employeeId: "jane",
  checkIn,
  checkOut,
  breaks: [],
  ...extra,
});
/** The warnings whose time has come at `now`: what the dashboard shows. */
const due = (warnings: WorkingTimeWarning[], now: number) =>
  warnings.filter((w) => Date.parse(w.from) <= now);
const youngDay = (warnings: WorkingTimeWarning[]) => warnings.filter((w) => w.rule === "young_daily_limit");
/** A shift that began the day before (Monday 16 November); times given as Tuesday's less 24 hours. */
const yesterday = (start: number, end: number) => ({
  id: `y-${start}`,
  employeeId: "jane",
  checkIn: start,
  checkOut: end,
});

describe("the daily-rest warning", () => {
  it("warns of a check-in 10 hours 59 minutes after the last check-out, not 11 hours", () => {
    const short = workingTimeWarnings(
      input([session(at(7), null)], [], at(8), [yesterday(at(12) - 24 * HOUR, at(7) - 11 * HOUR + MINUTE)]),
    );
    expect(short).toEqual([
      {
        id: "jane",
        name: "Jane Smith",
        rule: "daily_rest",
        detail:
          "Checked in at 07:00 after 10h 59m rest; at least 11h are needed between shifts (Working Time Regulations 1998, reg 10).",
        from: new Date(at(7)).toISOString(),
      },
    ]);
    expect(
      workingTimeWarnings(
        input([session(at(7), null)], [], at(8), [yesterday(at(12) - 24 * HOUR, at(7) - 11 * HOUR)]),
      ),
    ).toEqual([]);
  });

  it("warns of a check-in after a long day begun 24 hours or more before it, which leaves too little rest", () => {
    const longDay = yesterday(at(7) - 24 * HOUR, at(21) - 24 * HOUR);
    expect(workingTimeWarnings(input([session(at(7, 30), null)], [], at(8), [longDay]))).toEqual([
      expect.objectContaining({
        rule: "daily_rest",
        detail:
          "Checked in at 07:30 after 10h 30m rest; at least 11h are needed between shifts (Working Time Regulations 1998, reg 10).",
        from: new Date(at(7, 30)).toISOString(),
      }),
    ]);
    expect(workingTimeWarnings(input([session(at(8), null)], [], at(9), [longDay]))).toEqual([]);
  });

  it("asks 12 hours of a young worker", () => {
    const found = workingTimeWarnings(
      input([session(at(7), null)], ["jane"], at(8), [yesterday(at(12) - 24 * HOUR, at(7) - 11 * HOUR)]),
    );
    expect(found.map((w) => w.rule)).toContain("daily_rest");
  });

  it("says nothing of a split shift, or of a lunch clocked out and back in", () => {
    expect(workingTimeWarnings(input([session(at(9), at(12)), session(at(15), at(19))]))).toEqual([]);
    const lunch = [session(at(9), at(12, 30)), session(at(13), null)];
    expect(due(workingTimeWarnings(input(lunch, [], at(14))), at(14))).toEqual([]);
  });

  it("counts a short shift's window to its end: 9 hours' rest is no breach when 11 follow within the 24 hours", () => {
    const early = [yesterday(at(20) - 24 * HOUR, at(22) - 24 * HOUR)];
    expect(workingTimeWarnings(input([session(at(7), at(8, 30))], [], at(10), early))).toEqual([]);
    expect(workingTimeWarnings(input([session(at(7), at(12))], [], at(13), early))).toEqual([
      expect.objectContaining({
        rule: "daily_rest",
        detail:
          "At work at 09:00, leaving less than 11h rest in the 24 hours from the shift begun at 20:00 yesterday (Working Time Regulations 1998, reg 10).",
        from: new Date(at(9)).toISOString(),
      }),
    ]);
  });

  it("warns of a split shift still in once it runs too late to leave 11 hours, and only once", () => {
    const [warning, ...others] = workingTimeWarnings(
      input([session(at(9), at(12)), session(at(12, 30), at(13)), session(at(15), null)], [], at(16)),
    );
    expect(others).toEqual([]);
    expect(warning?.from).toBe(new Date(at(22)).toISOString());
    expect(warning?.detail).toBe(
      "At work at 22:00, leaving less than 11h rest in the 24 hours from the shift begun at 09:00 (Working Time Regulations 1998, reg 10).",
    );
    expect(
      workingTimeWarnings(input([session(at(9), at(12)), session(at(15), at(21, 59))], [], at(23))),
    ).toEqual([]);
  });
});

describe("a young worker's 8 hours", () => {
  it("is due at the moment the day's work passes 8 hours, ended breaks not counting as work", () => {
    const breaks = [{ start: at(12), end: at(12, 30) }];
    const [warning] = workingTimeWarnings(input([session(at(8), null, { breaks })], ["jane"], at(9)));
    expect(warning?.rule).toBe("young_daily_limit");
    expect(warning?.from).toBe(new Date(at(16, 30)).toISOString());
    expect(warning?.detail).toContain("reached at 16:30");
  });

  it("counts the day's earlier shifts, and says nothing of an adult's long day", () => {
    const day = [session(at(6), at(11)), session(at(13), null)];
    const [warning] = youngDay(workingTimeWarnings(input(day, ["jane"], at(14))));
    expect(warning?.from).toBe(new Date(at(16)).toISOString());
    expect(youngDay(workingTimeWarnings(input(day, [], at(22))))).toEqual([]);
  });

  it("warns of a day that ended past 8 hours, and not of one that ended at exactly 8", () => {
    expect(workingTimeWarnings(input([session(at(8), at(16, 1))], ["jane"])).map((w) => w.from)).toEqual([
      new Date(at(16)).toISOString(),
    ]);
    expect(workingTimeWarnings(input([session(at(8), at(16))], ["jane"]))).toEqual([]);
  });

  it("waits while a young worker under 8 hours is on a break", () => {
    const breaks = [{ start: at(12), end: null }];
    expect(workingTimeWarnings(input([session(at(8), null, { breaks })], ["jane"], at(13)))).toEqual([]);
  });
});

describe("the day someone turns 18", () => {
  it("is the 18th anniversary of their birth, and 1 March for a 29 February birthday in a common year", () => {
    expect(eighteenthBirthday("2008-11-24")).toBe("2026-11-24");
    expect(eighteenthBirthday("2008-02-29")).toBe("2026-03-01");
    expect(eighteenthBirthday("2012-02-29")).toBe("2030-03-01");
    expect(eighteenthBirthday("2000-02-29")).toBe("2018-03-01");
    expect(eighteenthBirthday("1996-02-29")).toBe("2014-03-01");
  });
});

describe("Live Status and the compliance report", () => {
  it("agree, over 500 random closed two-day rotas, on whether today's shifts broke the daily rest", () => {
    let seed = 20261124;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const dayStart = at(0);
    for (let rota = 0; rota < 500; rota++) {
      // Up to four shifts from 06:00 yesterday, each after a gap of up to 14 hours, each up to 10 hours long.
      const shifts: { id: string; start: number; end: number; breaks: [] }[] = [];
      let from = dayStart - 18 * HOUR;
      for (let n = 0; n < 1 + Math.floor(random() * 4); n++) {
        const start = from + Math.floor(random() * 14 * 4) * 15 * MINUTE;
        const end = start + (1 + Math.floor(random() * 40)) * 15 * MINUTE;
        // Live Status is today's: it sees no shift that begins tomorrow.
        if (start < dayStart + 24 * HOUR) shifts.push({ id: `r${rota}-${n}`, start, end, breaks: [] });
        from = end;
      }
      const sessions = shifts.map((s) => ({
        id: s.id,
        employeeId: "jane",
        checkIn: s.start,
        checkOut: s.end,
      }));
      const today = sessions.filter((s) => s.checkIn >= dayStart && s.checkIn < dayStart + 24 * HOUR);
      const earlier = sessions.filter((s) => s.checkIn < dayStart);
      const todayIds = new Set(today.map((s) => s.id));
      const report = dailyRestBreaches(shifts, "adult").filter((b) => todayIds.has(b.shiftIds[1]));
      const live = workingTimeWarnings(
        input(
          today.map((s) => ({ ...s, breaks: [] })),
          [],
          dayStart + 48 * HOUR,
          earlier,
        ),
      );
      expect(live.length > 0, JSON.stringify(shifts)).toBe(report.length > 0);
    }
  });
});

describe("the young worker's night-work warning", () => {
  const night = (warnings: WorkingTimeWarning[]) => warnings.filter((w) => w.rule === "young_night_work");
  const hospitality = { sector: "hospitality", contractAfter22: false } as const;

  it("warns of a 17-year-old still at work at 22:30, from 22:00, and of no one 18 or over", () => {
    const late = [session(at(18), null)];
    const warnings = night(workingTimeWarnings(input(late, ["jane"], at(22, 30))));
    expect(warnings).toEqual([
      {
        id: "jane",
        name: "Jane Smith",
        rule: "young_night_work",
        detail:
          "Under 18: at work at 22:00, inside 22:00–06:00 when a young worker may not work here (Working Time " +
          "Regulations 1998, reg 6A).",
        from: new Date(at(22)).toISOString(),
      },
    ]);
    // Shown once 22:00 comes, not while they are still within the day.
    expect(due(warnings, at(21, 59))).toEqual([]);
    expect(night(workingTimeWarnings(input(late, [], at(22, 30))))).toEqual([]);
  });

  it("lets a hospitality business keep a 17-year-old on until midnight, and warns of them at 00:30", () => {
    const evening = [session(at(18), at(23, 30))];
    expect(night(workingTimeWarnings(input(evening, ["jane"], at(23, 45), [], hospitality)))).toEqual([]);
    const pastMidnight = [session(at(0, 30), at(3))];
    expect(night(workingTimeWarnings(input(pastMidnight, ["jane"], at(4), [], hospitality)))).toEqual([
      expect.objectContaining({
        detail:
          "Under 18: at work at 00:30, inside 00:00–04:00 when a young worker may not work here (Working Time " +
          "Regulations 1998, regs 6A and 27A).",
        from: new Date(at(0, 30)).toISOString(),
      }),
    ]);
  });

  it("ends the work at an open break's start", () => {
    const onBreak = [session(at(18), null, { breaks: [{ start: at(21, 50), end: null }] })];
    expect(night(workingTimeWarnings(input(onBreak, ["jane"], at(22, 30))))).toEqual([]);
  });
});
