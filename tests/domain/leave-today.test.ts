import { describe, expect, it } from "vitest";
import { leaveOnDay, type StatusPeriodRecord } from "../../worker/domain/leave";

// Who is on leave on one day (the kiosk asks before their check-in; Live Status lists them): docs/kiosk.md.

const period = (
  employeeId: string,
  status: string,
  startDate: string,
  endDate: string | null,
  createdAt: number,
): StatusPeriodRecord => ({ employeeId, status, startDate, endDate, createdAt });

describe("leave on one day", () => {
  it("takes the most recently set period covering the day, and leaves out anyone at work", () => {
    const records = [
      // A fortnight's holiday, then sickness recorded in the middle of it.
      period("jane", "holiday", "2026-11-16", "2026-11-29", 1),
      period("jane", "sick_leave", "2026-11-26", "2026-11-27", 2),
      // Sick until changed, then back at work from the 27th.
      period("ravi", "sick_leave", "2026-11-20", null, 1),
      period("ravi", "active", "2026-11-27", null, 2),
      // Training that has not begun, and an unknown status (counted as active).
      period("tom", "training", "2026-11-28", null, 1),
      period("sam", "sabbatical", "2026-11-01", null, 1),
    ];
    expect(leaveOnDay(records, "2026-11-27")).toEqual(new Map([["jane", "sick_leave"]]));
    expect(leaveOnDay(records, "2026-11-26")).toEqual(
      new Map([
        ["jane", "sick_leave"],
        ["ravi", "sick_leave"],
      ]),
    );
    expect(leaveOnDay(records, "2026-11-28")).toEqual(
      new Map([
        ["jane", "holiday"],
        ["tom", "training"],
      ]),
    );
  });
});
