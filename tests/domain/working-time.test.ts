import { describe, expect, it } from "vitest";
import { dailyRestBreaches, restBreakBreaches, type Shift } from "../../worker/domain/working-time";

// The Working Time Regulations 1998 on a worker's actual shifts (docs/compliance.md): rest breaks (reg 12)
// and daily rest (reg 10), for adults and young workers.

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

  it("is 12 hours for a young worker", () => {
    const evening = shift("2026-11-16T12:00:00Z", "2026-11-16T20:00:00Z");
    const morning = shift("2026-11-17T07:30:00Z", "2026-11-17T12:00:00Z");
    expect(dailyRestBreaches([evening, morning], "adult")).toEqual([]);
    expect(dailyRestBreaches([evening, morning], "young")).toMatchObject([
      { restMinutes: 690, requiredMinutes: 720 },
    ]);
  });
});
