import { describe, expect, it } from "vitest";
import { eighteenthBirthday, type WarningInput, workingTimeWarnings } from "../../worker/domain/live-status";

// Live Status's working-time warnings (issue 18): what a punch made a breach of, for the manager's eyes.

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Tuesday 17 November 2026 (GMT), at hh:mm. */
const at = (hours: number, minutes = 0) => Date.UTC(2026, 10, 17, hours, minutes);

const input = (today: WarningInput["today"], young: string[] = [], now = at(20)): WarningInput => ({
  today,
  young: new Set(young),
  names: new Map([["jane", "Jane Smith"]]),
  zone: "Europe/London",
  now,
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
  previousCheckOut: null,
  ...extra,
});

describe("the daily-rest warning", () => {
  it("warns of a check-in 10 hours 59 minutes after the last check-out, not 11 hours", () => {
    const short = workingTimeWarnings(
      input([session(at(7), null, { previousCheckOut: at(7) - 11 * HOUR + MINUTE })]),
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
      workingTimeWarnings(input([session(at(7), null, { previousCheckOut: at(7) - 11 * HOUR })])),
    ).toEqual([]);
  });

  it("asks 12 hours of a young worker", () => {
    const found = workingTimeWarnings(
      input([session(at(7), null, { previousCheckOut: at(7) - 11 * HOUR })], ["jane"]),
    );
    expect(found.map((w) => w.rule)).toContain("daily_rest");
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
    const [warning] = workingTimeWarnings(input(day, ["jane"], at(14)));
    expect(warning?.from).toBe(new Date(at(16)).toISOString());
    expect(workingTimeWarnings(input(day, [], at(22)))).toEqual([]);
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
