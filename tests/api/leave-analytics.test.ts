import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import type { LeaveAnalytics, PeriodInfo } from "../../worker/contracts/hours";
import { addDays, localDateOf, weekdayOf } from "../../worker/domain/time-zone";
import { api, createManager } from "../support/api";
import { get, insertStatusPeriod } from "../support/hours";
import { shopWith } from "../support/kiosk";

const STAFF = [
  { first_name: "Jane", last_name: "Smith", pin: "1111" },
  { first_name: "Ravi", last_name: "Kumar", pin: "2222" },
  { first_name: "Amelia", last_name: "Clarke", pin: "3333" },
];

describe("leave analytics", () => {
  it("count this week's leave days for a known history, and today's statuses", async () => {
    const { manager, locationId, employees } = await shopWith(STAFF);
    const [jane, ravi, amelia] = employees as [Employee, Employee, Employee];
    const today = localDateOf(Date.now(), "Europe/London");
    const monday = addDays(today, 1 - weekdayOf(today));
    const weekdaysSoFar = Math.min(weekdayOf(today), 5);

    // Jane is off sick from Monday, no end date yet (through the API, as a manager records it).
    await api("PUT", `/api/manager/employees/${jane.id}/status`, {
      token: manager.token,
      body: { status: "sick_leave", start_date: monday },
    });
    // Ravi has a holiday booked next week: not taken yet.
    await insertStatusPeriod(ravi.id, "holiday", addDays(monday, 7), addDays(monday, 11));
    // Amelia booked the whole week off, then came in on Monday after all (the later record wins).
    await insertStatusPeriod(amelia.id, "holiday", monday, addDays(monday, 4), 1_000);
    await insertStatusPeriod(amelia.id, "active", monday, monday, 2_000);

    const response = await get(manager, `/api/manager/leave-analytics/${locationId}?period=this_week`);
    expect(response.status).toBe(200);
    expect(response.body.period_info).toEqual({
      period: "this_week",
      period_name: "This week",
      start_date: monday,
      end_date: addDays(monday, 6),
    } satisfies PeriodInfo);
    const analytics = response.body.leave_analytics as LeaveAnalytics;
    expect(analytics).toEqual({
      total_employees: 3,
      employees_on_leave: 1,
      employees_with_leave: weekdaysSoFar > 1 ? 2 : 1,
      leave_breakdown: {
        holiday: weekdaysSoFar - 1,
        sick_leave: weekdaysSoFar,
        personal_leave: 0,
        parental_leave: 0,
        training: 0,
        custom: 0,
      },
      current_status_breakdown: {
        active: 2,
        holiday: 0,
        sick_leave: 1,
        personal_leave: 0,
        parental_leave: 0,
        training: 0,
        custom: 0,
      },
    } satisfies LeaveAnalytics);

    const month = await get(manager, `/api/manager/leave-analytics/${locationId}`);
    expect((month.body.period_info as PeriodInfo).period).toBe("this_month");
    const ytd = await get(manager, `/api/manager/leave-analytics/${locationId}?period=ytd`);
    expect((ytd.body.period_info as PeriodInfo).period_name).toBe("Year to date");
    if (monday.slice(0, 4) === today.slice(0, 4)) {
      expect((ytd.body.leave_analytics as LeaveAnalytics).leave_breakdown.sick_leave).toBe(weekdaysSoFar);
    }
  });

  it("refuses unknown periods and other accounts' locations", async () => {
    const { manager, locationId } = await shopWith([]);
    expect(
      await get(manager, `/api/manager/leave-analytics/${locationId}?period=month_2026_1`),
    ).toMatchObject({
      status: 400,
      body: { detail: 'Unknown period "month_2026_1": use ytd, this_month or this_week' },
    });
    const other = await createManager();
    expect((await get(other, `/api/manager/leave-analytics/${locationId}`)).status).toBe(404);
  });
});
