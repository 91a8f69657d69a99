import { localDateOfDayNumber, weekdayOf, zoneCalendar } from "../../worker/domain/time-zone";
import { api } from "./api";
import { insertSession } from "./hours";
import { JANE, type Manager, RAVI, shopWith } from "./kiosk";

// A Pro shop with last week's hours, for the payroll export's tests (tests/api/payroll-*.test.ts).

const LONDON = zoneCalendar("Europe/London");
const HOUR = 3_600_000;
const today = LONDON.dayOf(Date.now());
const lastMonday = today - (weekdayOf(localDateOfDayNumber(today)) - 1) - 7;
export const LAST_PERIOD = `pay_${localDateOfDayNumber(lastMonday)}`;
const at = (day: number, hours: number) =>
  new Date(LONDON.startOf(lastMonday + day) + hours * HOUR).toISOString();

export const exportOf = (manager: Manager, locationId: string, format: string, period = LAST_PERIOD) =>
  api("GET", `/api/manager/payroll-export/${locationId}?period=${period}&format=${format}`, {
    token: manager.token,
  });

/** A Pro shop paying overtime after 8 hours a day; last week Jane worked 10 hours on Monday, Ravi 6 on Tuesday. */
export async function shopWithAWeek() {
  const shop = await shopWith([JANE, RAVI], { plan: "pro" });
  const [jane, ravi] = shop.employees.map((e) => e.id);
  const put = (path: string, body: object) => api("PUT", path, { token: shop.manager.token, body });
  await put(`/api/manager/customization/${shop.locationId}`, {
    workday_hours: 8,
    workday_start_time: "09:00",
    workday_end_time: "17:00",
    standard_break_minutes: 30,
    break_deduction_enabled: false,
  });
  await put(`/api/manager/pay-rules/${shop.locationId}`, {
    pay_frequency: "weekly",
    pay_anchor_date: "2025-09-01",
    daily_overtime_after_hours: 8,
    overtime_multiplier: 1.5,
    pay_codes: { basic: "BASIC", overtime: "OT", premium: "PREM", unpaid_break: "BRK" },
  });
  await insertSession(shop.locationId, jane ?? "", at(0, 8), at(0, 18));
  await insertSession(shop.locationId, ravi ?? "", at(1, 9), at(1, 15));
  return { ...shop, jane: jane ?? "", ravi: ravi ?? "" };
}

export const approve = (manager: Manager, locationId: string) =>
  api("POST", `/api/manager/timesheets/${locationId}/approve`, {
    token: manager.token,
    body: { period: LAST_PERIOD },
  });

export const setPay = (
  manager: Manager,
  locationId: string,
  employeeId: string,
  payrollId: string,
  rate: number,
) =>
  api("PUT", `/api/manager/employee-pay/${locationId}/${employeeId}`, {
    token: manager.token,
    body: { payroll_id: payrollId, contracted_weekly_hours: null, hourly_rate: rate },
  });
