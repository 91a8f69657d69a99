import { describe, expect, it } from "vitest";
import { countLeaveDays, leaveAnalytics, type StatusPeriodRecord } from "../../worker/domain/leave";

const NOVEMBER = { startDate: "2026-11-01", endDate: "2026-11-30" };
const TODAY = "2026-11-20"; // a Friday

let clock = 1_000;
const period = (
  employeeId: string,
  status: string,
  startDate: string,
  endDate: string | null,
  createdAt = clock++,
): StatusPeriodRecord => ({ employeeId, status, startDate, endDate, createdAt });

describe("leave days", () => {
  it("count the weekdays of a leave period, not the weekend", () => {
    const { byStatus } = countLeaveDays(
      [period("bob", "sick_leave", "2026-11-13", "2026-11-16")],
      NOVEMBER,
      TODAY,
    );
    expect(byStatus.sick_leave).toBe(2); // Friday 13th and Monday 16th
  });

  it("are clipped to the period at both ends", () => {
    const { byStatus } = countLeaveDays(
      [
        period("carol", "holiday", "2026-10-26", "2026-11-03"),
        period("dan", "training", "2026-11-30", "2026-12-04"),
      ],
      { startDate: "2026-11-01", endDate: "2026-11-30" },
      "2026-12-10",
    );
    expect(byStatus.holiday).toBe(2); // Monday 2nd and Tuesday 3rd; Sunday 1st is not a weekday
    expect(byStatus.training).toBe(1); // Monday 30th only
  });

  it("stop at today: leave still to come is not leave taken, and an open period runs to today", () => {
    const { byStatus } = countLeaveDays(
      [period("dan", "sick_leave", "2026-11-18", null), period("eve", "holiday", "2026-11-23", "2026-11-27")],
      NOVEMBER,
      TODAY,
    );
    expect(byStatus.sick_leave).toBe(3); // Wednesday to Friday
    expect(byStatus.holiday).toBe(0);
  });

  it("take each day from the most recently created period that covers it", () => {
    const { byStatus, byEmployee } = countLeaveDays(
      [
        period("fay", "holiday", "2026-11-09", "2026-11-13", 10),
        period("fay", "active", "2026-11-12", "2026-11-12", 30), // came back in for a day
        period("fay", "sick_leave", "2026-11-11", "2026-11-11", 20),
      ],
      NOVEMBER,
      TODAY,
    );
    expect(byStatus).toMatchObject({ holiday: 3, sick_leave: 1 });
    expect(byEmployee.get("fay")).toBe(4);
  });

  it("keep the given order between periods created at the same moment", () => {
    const { byStatus } = countLeaveDays(
      [
        period("gus", "holiday", "2026-11-02", "2026-11-02", 5),
        period("gus", "training", "2026-11-02", "2026-11-02", 5),
      ],
      NOVEMBER,
      TODAY,
    );
    expect(byStatus).toMatchObject({ holiday: 0, training: 1 });
  });

  it("treat an unknown stored status as active, and skip a record with a broken date", () => {
    const { byStatus, byEmployee } = countLeaveDays(
      [period("hal", "sabbatical", "2026-11-02", "2026-11-06"), period("hal", "holiday", "2026-13-40", null)],
      NOVEMBER,
      TODAY,
    );
    expect(Object.values(byStatus).every((days) => days === 0)).toBe(true);
    expect(byEmployee.size).toBe(0);
  });

  it("are nothing for a period that starts after today", () => {
    const { byStatus } = countLeaveDays(
      [period("ivy", "holiday", "2026-12-01", null)],
      { startDate: "2026-12-01", endDate: "2026-12-31" },
      TODAY,
    );
    expect(byStatus.holiday).toBe(0);
  });
});

describe("the analytics card", () => {
  it("adds up a known history for the location's current staff", () => {
    const employees = [
      { id: "alice", currentStatus: "active" },
      { id: "bob", currentStatus: "sick_leave" },
      { id: "carol", currentStatus: "holiday" },
      { id: "dan", currentStatus: "mystery" }, // displays, and counts, as active
    ];
    const records = [
      period("alice", "holiday", "2026-11-02", "2026-11-06"),
      period("bob", "sick_leave", "2026-11-13", null),
      period("carol", "holiday", "2026-11-19", "2026-11-30"),
      period("zed", "holiday", "2026-11-02", "2026-11-06"), // not at this location any more
    ];
    expect(leaveAnalytics({ employees, records, range: NOVEMBER, today: TODAY })).toEqual({
      total_employees: 4,
      employees_on_leave: 2,
      employees_with_leave: 3,
      leave_breakdown: {
        holiday: 7, // Alice 5, Carol 2 (Thursday 19th and Friday 20th)
        sick_leave: 6, // Bob: 13th, 16th to 20th
        personal_leave: 0,
        parental_leave: 0,
        training: 0,
        custom: 0,
      },
      current_status_breakdown: {
        active: 2,
        holiday: 1,
        sick_leave: 1,
        personal_leave: 0,
        parental_leave: 0,
        training: 0,
        custom: 0,
      },
    });
  });
});
