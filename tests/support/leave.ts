import { bankHolidaysBetween } from "../../worker/domain/bank-holidays";
import { addDays, localDateOfDayNumber, weekdayOf, zoneCalendar } from "../../worker/domain/time-zone";
import { api } from "./api";
import { JANE, type NewStaff, RAVI } from "./kiosk";
import { staffSessionFor, staffShop } from "./staff";

// Leave requests for the workerd tests (docs/staff-app.md, "Holiday and leave requests").

const LONDON = zoneCalendar("Europe/London");
export const TODAY = localDateOfDayNumber(LONDON.dayOf(Date.now()));
export const YESTERDAY = addDays(TODAY, -1);

/** A Monday at least `weeksAhead` weeks away whose Monday to Friday has no bank holiday in England. */
export function cleanMonday(weeksAhead: number): string {
  let monday = addDays(TODAY, 8 - weekdayOf(TODAY) + 7 * (weeksAhead - 1));
  while (bankHolidaysBetween("england-and-wales", monday, addDays(monday, 4)).length > 0) {
    monday = addDays(monday, 7);
  }
  return monday;
}

/**
 * Staff started two years ago on the first of this month, so their leave year began on it: a request in the
 * months ahead falls in this leave year.
 */
export const STARTED = `${Number(TODAY.slice(0, 4)) - 2}${TODAY.slice(4, 7)}-01`;

/** A shop on Pro whose staff work five days a week (28 days' holiday a year); Jane signed in. */
export async function leaveShop(staff: NewStaff[] = [JANE, RAVI]) {
  const [first, ...rest] = staff;
  const shop = await staffShop(first, { plan: "pro" });
  const others = [];
  for (const person of rest) {
    const added = await api("POST", `/api/manager/employees/${shop.locationId}`, {
      token: shop.manager.token,
      body: person,
    });
    others.push(added.body.employee as { id: string; username: string });
  }
  for (const id of [shop.employee.id, ...others.map((o) => o.id)]) {
    const saved = await api("PUT", `/api/manager/employee-pay/${shop.locationId}/${id}`, {
      token: shop.manager.token,
      body: {
        payroll_id: null,
        contracted_weekly_hours: null,
        hourly_rate: null,
        employment_start_date: STARTED,
        working_days_per_week: 5,
      },
    });
    if (saved.status !== 200) throw new Error(`pay: ${JSON.stringify(saved.body)}`);
  }
  return { ...shop, others };
}

export const askForLeave = (token: string, body: Record<string, unknown>) =>
  api("POST", "/api/staff/me/leave-requests", { token, body });

export async function holidayOf(token: string) {
  const got = await api("GET", "/api/staff/me/holiday", { token });
  if (got.status !== 200) throw new Error(`holiday: ${got.status}`);
  return got.body as { remaining: number; booked: number; pending: number; unit: string };
}

export { staffSessionFor };
