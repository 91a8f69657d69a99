import { beforeAll, describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import type { StaffHoursRow } from "../../worker/contracts/hours";
import { api, createManager } from "../support/api";
import { get, insertSession, markDeleted } from "../support/hours";
import { addEmployee, addLocation, type Manager } from "../support/kiosk";

// A known October 2025 at one London location. The clocks went back on Sunday 26 October 2025.
let manager: Manager;
let locationId: string;
const staff: Record<string, Employee> = {};

beforeAll(async () => {
  manager = await createManager({ plan: "pro" });
  locationId = await addLocation(manager, "Camden High Street");
  for (const [first, last, pin] of [
    ["Jane", "Smith", "1111"],
    ["Ravi", "Kumar", "2222"],
    ["Amelia", "Clarke", "3333"],
    ["Ben", "Hughes", "4444"],
    ["Olly", "Left", "5555"],
    ["Pat", "Gone", "6666"],
    ["Zed", "Idle", "7777"],
  ] as const) {
    staff[first] = await addEmployee(manager, locationId, { first_name: first, last_name: last, pin });
  }
  const id = (name: string) => staff[name]?.id ?? "";
  // Jane: a day shift (8h 30m, break 30m), then 22:00 Saturday to 06:00 Sunday over the change: 9 real hours.
  await insertSession(locationId, id("Jane"), "2025-10-20T08:00:00Z", "2025-10-20T16:30:00Z");
  await insertSession(locationId, id("Jane"), "2025-10-25T21:00:00Z", "2025-10-26T06:00:00Z");
  await insertSession(locationId, id("Jane"), "2025-11-03T09:00:00Z", "2025-11-03T17:00:00Z"); // November
  // Ravi: two night shifts cut by the month's bounds: 2h on 1 October, 4h on 31 October.
  await insertSession(locationId, id("Ravi"), "2025-09-30T21:00:00Z", "2025-10-01T01:00:00Z");
  await insertSession(locationId, id("Ravi"), "2025-10-31T20:00:00Z", "2025-11-01T04:00:00Z");
  // Amelia: 12 hours on one day, with her own break (60 min) and workday (10 h).
  await insertSession(locationId, id("Amelia"), "2025-10-01T07:00:00Z", "2025-10-01T19:00:00Z");
  await api("PUT", `/api/manager/employee-breaks/${locationId}/${id("Amelia")}`, {
    token: manager.token,
    body: { custom_break_minutes: 60, custom_work_hours: 10 },
  });
  // Ben: checked in on 25 September and forgotten until a manager closed it on 2 October.
  await insertSession(locationId, id("Ben"), "2025-09-25T08:00:00Z", "2025-10-02T08:00:00Z");
  // Olly worked 2 hours, then left; Pat left without working in October.
  await insertSession(locationId, id("Olly"), "2025-10-10T09:00:00Z", "2025-10-10T11:00:00Z");
  await markDeleted(id("Olly"));
  await markDeleted(id("Pat"));
});

const rowsOf = async (query: string) => {
  const response = await get(manager, `/api/manager/staff-hours/${locationId}${query}`);
  expect(response.status).toBe(200);
  return response.body.staff_hours as StaffHoursRow[];
};

describe("staff hours for a month", () => {
  it("count a known October: over midnight, the clock change, the month's ends and a forgotten check-out", async () => {
    const response = await get(manager, `/api/manager/staff-hours/${locationId}?period=month_2025_10`);
    expect(response.body.period_info).toEqual({
      period: "month_2025_10",
      period_name: "October 2025",
      start_date: "2025-10-01",
      end_date: "2025-10-31",
    });
    const rows = response.body.staff_hours as StaffHoursRow[];
    expect(
      rows.map((r) => [r.name, r.formatted_hours, r.break_minutes, r.overtime_minutes, r.days_worked]),
    ).toEqual([
      ["Ben Hughes", "32h 0m", 60, 960, 2],
      ["Jane Smith", "16h 30m", 60, 0, 3],
      ["Amelia Clarke", "11h 0m", 60, 60, 1],
      ["Ravi Kumar", "6h 0m", 0, 0, 2],
      ["Olly Left", "2h 0m", 0, 0, 1],
      ["Zed Idle", "0h 0m", 0, 0, 0],
    ]);
    expect(rows[1]).toEqual({
      employee_id: staff.Jane?.id,
      name: "Jane Smith",
      username: "janes",
      total_minutes_absolute: 990,
      formatted_hours: "16h 30m",
      formatted_time: "16h 30m",
      gross_minutes: 1050,
      worked_minutes: 990,
      break_minutes: 60,
      overtime_minutes: 0,
      days_worked: 3,
      break_assumed_days: 2,
      open_sessions: 0,
      in_progress: false,
      deleted: false,
    });
    expect(rows.find((r) => r.name === "Olly Left")?.deleted).toBe(true);
  });

  it("follow the location's break settings", async () => {
    const off = await api("PUT", `/api/manager/customization/${locationId}`, {
      token: manager.token,
      body: {
        workday_hours: 8,
        workday_start_time: "09:00",
        workday_end_time: "17:00",
        standard_break_minutes: 30,
        break_deduction_enabled: false,
      },
    });
    expect(off.status).toBe(200);
    const jane = (await rowsOf("?period=month_2025_10")).find((r) => r.name === "Jane Smith");
    expect(jane).toMatchObject({ formatted_hours: "17h 30m", break_minutes: 0 });
    await api("PUT", `/api/manager/locations/${locationId}/customization`, {
      token: manager.token,
      body: { break_deduction_enabled: true },
    });
  });

  it("find people by first name, last name or username, ignoring case, at most five", async () => {
    expect((await rowsOf("?period=month_2025_10&search=JANES")).map((r) => r.name)).toEqual(["Jane Smith"]);
    expect((await rowsOf("?period=month_2025_10&search=kum")).map((r) => r.name)).toEqual(["Ravi Kumar"]);
    expect(await rowsOf("?period=month_2025_10&search=nobody")).toEqual([]);
    const shop = await addLocation(manager, "Jones & Sons");
    for (let i = 1; i <= 7; i++) {
      const jones = await addEmployee(manager, shop, {
        first_name: `Sam${i}`,
        last_name: "Jones",
        pin: "1234",
      });
      await insertSession(
        shop,
        jones.id,
        "2025-10-06T08:00:00Z",
        `2025-10-06T${String(8 + i).padStart(2, "0")}:00:00Z`,
      );
    }
    const jones = await get(manager, `/api/manager/staff-hours/${shop}?period=month_2025_10&search=JONES`);
    expect((jones.body.staff_hours as StaffHoursRow[]).map((r) => r.name)).toEqual([
      "Sam7 Jones",
      "Sam6 Jones",
      "Sam5 Jones",
      "Sam4 Jones",
      "Sam3 Jones",
    ]);
    const many = await rowsOf("?period=month_2025_10&search=e");
    expect(many.map((r) => r.name)).toEqual([
      "Ben Hughes",
      "Jane Smith",
      "Amelia Clarke",
      "Olly Left",
      "Zed Idle",
    ]);
  });

  it("show this week by default, with someone checked in now counted up to now", async () => {
    const now = Date.now();
    await insertSession(locationId, staff.Zed?.id ?? "", new Date(now - 90 * 60_000).toISOString(), null);
    const response = await get(manager, `/api/manager/staff-hours/${locationId}`);
    expect(response.body.period_info).toMatchObject({ period: "this_week", period_name: "This week" });
    const zed = (response.body.staff_hours as StaffHoursRow[]).find((r) => r.name === "Zed Idle");
    expect(zed).toMatchObject({ in_progress: true, open_sessions: 1 });
    expect(zed?.gross_minutes).toBeGreaterThanOrEqual(0);
  });

  it("refuse periods that are not offered, with a reason", async () => {
    for (const period of ["last_year", "month_2025_8", "month_2099_1", "month_2025_09", "ytd"]) {
      const response = await get(manager, `/api/manager/staff-hours/${locationId}?period=${period}`);
      expect(response.status, period).toBe(400);
      expect(response.body.detail).toContain("use this_week, month_YYYY_M");
    }
    const long = await get(manager, `/api/manager/staff-hours/${locationId}?search=${"x".repeat(101)}`);
    expect(long).toMatchObject({ status: 400, body: { detail: "Search must be at most 100 characters" } });
  });

  it("answer 404 for another account's location and 401 without a session", async () => {
    const other = await createManager({ plan: "pro" });
    expect((await get(other, `/api/manager/staff-hours/${locationId}`)).status).toBe(404);
    expect((await api("GET", `/api/manager/staff-hours/${locationId}`)).status).toBe(401);
  });
});

describe("months on offer", () => {
  it("run from September 2025 to this month, newest first", async () => {
    const response = await get(manager, "/api/manager/reports/available-months");
    const months = response.body.available_months as { key: string; name: string }[];
    expect(months.at(-1)).toEqual({ key: "month_2025_9", name: "September 2025" });
    expect(months.at(-2)).toEqual({ key: "month_2025_10", name: "October 2025" });
    expect(months[0]?.key).toMatch(/^month_20\d\d_\d{1,2}$/);
  });
});
