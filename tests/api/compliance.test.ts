import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type {
  ComplianceResponse,
  ComplianceSummaryResponse,
  HolidayBalancesResponse,
} from "../../worker/contracts/compliance";
import type { LiveStatus } from "../../worker/contracts/live";
import type { EmployeePayResponse } from "../../worker/contracts/pay";
import { employees } from "../../worker/db/schema";
import { parseCsv } from "../../worker/domain/csv";
import { accruedHolidayMinutes } from "../../worker/domain/holiday-accrual";
import {
  addDays,
  formatDate,
  localDateOfDayNumber,
  weekdayOf,
  zoneCalendar,
} from "../../worker/domain/time-zone";
import { scriptOpenAi, toolResults } from "../support/ai";
import { api } from "../support/api";
import { download, insertSession, insertStatusPeriod } from "../support/hours";
import { checkIn, db, hubStub, JANE, type Manager, RAVI, shopWith } from "../support/kiosk";

// UK working time, minimum wage and holiday (docs/compliance.md), checked from the hours the kiosk and the
// manager's corrections recorded: the Compliance view's findings with their evidence, the working-time facts
// kept per employee, Live Status's warnings, holiday accrual, and the evidence pack.

const LONDON = zoneCalendar("Europe/London");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const todayNumber = LONDON.dayOf(Date.now());
const thisMonday = todayNumber - (weekdayOf(localDateOfDayNumber(todayNumber)) - 1);
const LAST_MONDAY = localDateOfDayNumber(thisMonday - 7);
/** Local London time on a day counted from last Monday (0), as ISO. */
const lastWeek = (day: number, hours: number, minutes = 0) =>
  new Date(LONDON.startOf(thisMonday - 7 + day) + (hours * 60 + minutes) * MINUTE).toISOString();

const report = async (manager: Manager, locationId: string, week = LAST_MONDAY) => {
  const response = await api("GET", `/api/manager/compliance/${locationId}?week=${week}`, {
    token: manager.token,
  });
  expect(response.status).toBe(200);
  return response.body as unknown as ComplianceResponse;
};

const savePay = (manager: Manager, locationId: string, employeeId: string, body: Record<string, unknown>) =>
  api("PUT", `/api/manager/employee-pay/${locationId}/${employeeId}`, {
    token: manager.token,
    body: { payroll_id: null, contracted_weekly_hours: null, hourly_rate: null, ...body },
  });

/** A Pro shop whose staff joined long ago (the 48-hour average counts from when they started). */
async function proShop(staff = [JANE]) {
  const shop = await shopWith(staff, { plan: "pro" });
  for (const e of shop.employees) {
    await db()
      .update(employees)
      .set({ createdAt: Date.parse("2025-01-06T09:00:00Z") })
      .where(eq(employees.id, e.id));
  }
  return shop;
}

describe("the Compliance view", () => {
  it("finds a rest of 8 hours between two shifts and shows both shifts as the evidence", async () => {
    const {
      manager,
      locationId,
      employees: [jane],
    } = await proShop();
    const late = await insertSession(locationId, jane?.id ?? "", lastWeek(0, 15), lastWeek(0, 23));
    const early = await insertSession(locationId, jane?.id ?? "", lastWeek(1, 7), lastWeek(1, 15));

    const week = await report(manager, locationId);
    const found = week.employees.find((e) => e.employee_id === jane?.id);
    const rest = found?.breaches.find((b) => b.rule === "daily_rest");
    expect(rest?.detail).toContain("Rested 8h 0m");
    expect(rest?.detail).toContain("23:00");
    expect(rest?.this_week).toBe(true);
    expect(rest?.fix).toMatch(/at least 11 hours/);
    expect(rest?.shift_ids).toEqual([late, early]);
    expect(found?.shifts.map((s) => s.id)).toEqual([late, early]);
    expect(found?.light).toBe("red");
    expect(week.light).toBe("red");

    // Seen from this week, the same breach is earlier in the reference period: amber, not red.
    const now = await report(manager, locationId, localDateOfDayNumber(thisMonday));
    const later = now.employees.find((e) => e.employee_id === jane?.id);
    expect(later?.breaches.find((b) => b.rule === "daily_rest")?.this_week).toBe(false);
    expect(later?.light).toBe("amber");

    const summary = await api("GET", "/api/manager/compliance", { token: manager.token });
    const locations = (summary.body as unknown as ComplianceSummaryResponse).locations;
    expect(locations).toEqual([
      expect.objectContaining({
        location_id: locationId,
        light: "amber",
        breaches_this_week: 0,
        breaches_earlier: 1,
      }),
    ]);
  });

  it("is green for a week of ordinary shifts with a lunch break", async () => {
    const {
      manager,
      locationId,
      employees: [jane],
    } = await proShop();
    for (const day of [0, 1, 2])
      await insertSession(locationId, jane?.id ?? "", lastWeek(day, 9), lastWeek(day, 13));
    const week = await report(manager, locationId);
    expect(week.employees.find((e) => e.employee_id === jane?.id)?.breaches).toEqual([]);
    expect(week.light).toBe("green");
  });

  it("averages 17 weeks against 48 hours, and an opt-out in writing lifts the limit", async () => {
    const {
      manager,
      locationId,
      employees: [jane],
    } = await proShop();
    const sessions = [];
    for (let week = 0; week < 17; week++) {
      for (let day = 0; day < 5; day++) {
        const dayNumber = thisMonday - 7 - week * 7 + day;
        sessions.push({
          id: `long-${week}-${day}`,
          employeeId: jane?.id ?? "",
          checkIn: LONDON.startOf(dayNumber) + 7 * HOUR,
          checkOut: LONDON.startOf(dayNumber) + 18 * HOUR,
          closedBy: "kiosk" as const,
          createdAt: LONDON.startOf(dayNumber) + 7 * HOUR,
        });
      }
    }
    await hubStub(locationId).importSessions(sessions);

    // Judged in the week the 17 weeks end: any 17 weeks ending this week leave out some of them.
    const lastWeek = localDateOfDayNumber(thisMonday - 7);
    const before = (await report(manager, locationId, lastWeek)).employees.find(
      (e) => e.employee_id === jane?.id,
    );
    expect(before?.average.weeks).toHaveLength(17);
    expect(before?.average.average_minutes).toBe(55 * 60);
    const average = before?.breaches.find((b) => b.rule === "average_week");
    expect(average?.detail).toContain("55h 0m");
    expect(average?.fix).toMatch(/opt-out/);

    const signed = await savePay(manager, locationId, jane?.id ?? "", { opt_out_signed: "2025-02-01" });
    expect(signed.status).toBe(200);
    const after = (await report(manager, locationId, lastWeek)).employees.find(
      (e) => e.employee_id === jane?.id,
    );
    expect(after?.average.opted_out).toBe(true);
    expect(after?.breaches.some((b) => b.rule === "average_week")).toBe(false);
  });

  it("flags a pay period paid below the minimum wage for the hours actually worked", async () => {
    const {
      manager,
      locationId,
      employees: [jane],
    } = await proShop();
    expect(
      (await savePay(manager, locationId, jane?.id ?? "", { hourly_rate: 13, date_of_birth: "1990-05-01" }))
        .status,
    ).toBe(200);
    await insertSession(locationId, jane?.id ?? "", lastWeek(2, 9), lastWeek(2, 17));
    const found = (await report(manager, locationId)).employees.find((e) => e.employee_id === jane?.id);
    const wage = found?.breaches.find((b) => b.rule === "minimum_wage");
    // The location deducts an unclocked 30-minute break: 7h 30m paid at £13.00, but 8 hours at work.
    expect(wage?.detail).toContain("Pay of £97.50 for 8h 0m worked");
    expect(wage?.detail).toContain("is £4.18 below the minimum of £12.71 an hour");
    expect(wage?.date).toBe(LAST_MONDAY);
  });

  it("is for Pro and Business, for the caller's own locations, by a week's Monday", async () => {
    const starter = await shopWith([JANE]);
    const refused = await api("GET", `/api/manager/compliance/${starter.locationId}`, {
      token: starter.manager.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/available on the Pro and Business plans/);

    const { manager, locationId } = await proShop();
    const other = await api("GET", `/api/manager/compliance/${starter.locationId}`, { token: manager.token });
    expect(other.status).toBe(404);
    const tuesday = addDays(LAST_MONDAY, 1);
    const notMonday = await api("GET", `/api/manager/compliance/${locationId}?week=${tuesday}`, {
      token: manager.token,
    });
    expect(notMonday.status).toBe(400);
    expect(notMonday.body.detail).toBe("The week must be given by its Monday");
  });
});

describe("an employee's working-time facts", () => {
  it("keeps a date of birth, irregular hours and a 48-hour opt-out with the pay terms", async () => {
    const {
      manager,
      locationId,
      employees: [jane],
    } = await proShop();
    const saved = await savePay(manager, locationId, jane?.id ?? "", {
      date_of_birth: "1999-07-14",
      irregular_hours: true,
      opt_out_signed: "2026-01-05",
      opt_out_withdrawn: "2026-06-01",
    });
    expect(saved.status).toBe(200);
    expect((saved.body as unknown as EmployeePayResponse).employee_pay).toMatchObject({
      date_of_birth: "1999-07-14",
      irregular_hours: true,
      opt_out_signed: "2026-01-05",
      opt_out_withdrawn: "2026-06-01",
    });
    // Fields left out keep their saved values.
    const kept = await savePay(manager, locationId, jane?.id ?? "", { hourly_rate: 12.71 });
    expect((kept.body as unknown as EmployeePayResponse).employee_pay.date_of_birth).toBe("1999-07-14");
  });

  it("refuses what the rules do not allow, with a reason", async () => {
    const {
      manager,
      locationId,
      employees: [jane],
    } = await proShop();
    const cases: [Record<string, unknown>, string][] = [
      [{ opt_out_withdrawn: "2026-01-01" }, "Give the date the opt-out was signed before its withdrawal"],
      [
        { opt_out_signed: "2026-02-01", opt_out_withdrawn: "2026-01-01" },
        "An opt-out can only be withdrawn on or after the day it was signed",
      ],
      [
        { date_of_birth: "2010-03-01", opt_out_signed: "2026-02-01" },
        "A worker under 18 cannot opt out of the 48-hour week",
      ],
      [{ date_of_birth: "2099-01-01" }, "The date of birth cannot be in the future"],
      [
        { date_of_birth: "1900-01-01" },
        "The date of birth must make the employee between 13 and 100 years old",
      ],
    ];
    for (const [body, detail] of cases) {
      const refused = await savePay(manager, locationId, jane?.id ?? "", body);
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe(detail);
    }
  });
});

describe("Live Status's working-time warnings", () => {
  it("warns the manager, not the worker, of a check-in less than 12 hours after a young worker left", async () => {
    const {
      manager,
      locationId,
      employees: [jane, ravi],
    } = await proShop([JANE, RAVI]);
    const sixteen = addDays(localDateOfDayNumber(todayNumber), -16 * 365);
    expect((await savePay(manager, locationId, jane?.id ?? "", { date_of_birth: sixteen })).status).toBe(200);
    const now = Date.now();
    // An hour's shift that began more than 12 hours ago: the 24 hours from its start hold no 12 hours' rest.
    await insertSession(
      locationId,
      jane?.id ?? "",
      new Date(now - 12.5 * HOUR).toISOString(),
      new Date(now - 11.5 * HOUR).toISOString(),
    );
    await insertSession(
      locationId,
      ravi?.id ?? "",
      new Date(now - 20 * HOUR).toISOString(),
      new Date(now - 13 * HOUR).toISOString(),
    );

    const answers = [
      await checkIn(locationId, jane?.username ?? "", JANE.pin),
      await checkIn(locationId, ravi?.username ?? "", RAVI.pin),
    ];
    // The kiosk answers both workers alike: the warning is for the manager only.
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(Object.keys(answers[0]?.body ?? {}).sort()).toEqual(Object.keys(answers[1]?.body ?? {}).sort());
    expect(JSON.stringify(answers[0]?.body)).not.toMatch(/rest|reg 10|warning/i);

    const live = await api("GET", `/api/manager/live-status/${locationId}`, { token: manager.token });
    // Jane, under 18 and still in, will also enter the night's restricted period: that warning depends on the
    // time of day this runs and has its own tests (tests/domain/live-warnings.test.ts).
    const all = (live.body as unknown as LiveStatus).warnings.filter((w) => w.rule !== "young_night_work");
    // A young worker's 8-hour warning is listed ahead, to show once its time comes.
    const warnings = all.filter((w) => Date.parse(w.from) <= Date.now());
    expect(all.filter((w) => !warnings.includes(w)).map((w) => w.rule)).toEqual(["young_daily_limit"]);
    expect(warnings).toEqual([
      expect.objectContaining({ id: jane?.id, rule: "daily_rest", name: "Jane Smith" }),
    ]);
    expect(warnings[0]?.detail).toMatch(/after 11h 30m rest; at least 12h are needed/);
  });

  it("judges the shifts as they now stand: a late shift the manager voided warns of nothing", async () => {
    const {
      manager,
      locationId,
      employees: [jane],
    } = await proShop([JANE]);
    const now = Date.now();
    const late = await insertSession(
      locationId,
      jane?.id ?? "",
      new Date(now - 14 * HOUR).toISOString(),
      new Date(now - 2 * HOUR).toISOString(),
    );
    expect((await checkIn(locationId, jane?.username ?? "", JANE.pin)).status).toBe(200);
    const warned = async () => {
      const live = await api("GET", `/api/manager/live-status/${locationId}`, { token: manager.token });
      return (live.body as unknown as LiveStatus).warnings.map((w) => w.rule);
    };
    expect(await warned()).toEqual(["daily_rest"]);

    const voided = await api("POST", `/api/manager/timesheets/${locationId}/entries/${late}/void`, {
      token: manager.token,
      body: { reason: "Clocked in at the wrong branch's kiosk" },
    });
    expect(voided.status).toBe(200);
    expect(await warned()).toEqual([]);
  });
});

describe("holiday for irregular-hours workers", () => {
  it("accrues 12.07% of each ended pay period's hours, less holiday taken", async () => {
    const {
      manager,
      locationId,
      employees: [jane, ravi],
    } = await proShop([JANE, RAVI]);
    await savePay(manager, locationId, jane?.id ?? "", {
      irregular_hours: true,
      contracted_weekly_hours: 20,
    });
    await insertSession(locationId, jane?.id ?? "", lastWeek(0, 9), lastWeek(0, 19));
    await insertSession(locationId, ravi?.id ?? "", lastWeek(0, 9), lastWeek(0, 19));
    await insertStatusPeriod(jane?.id ?? "", "holiday", addDays(LAST_MONDAY, 3), addDays(LAST_MONDAY, 3));

    const response = await api("GET", `/api/manager/compliance/${locationId}/holiday`, {
      token: manager.token,
    });
    expect(response.status).toBe(200);
    const body = response.body as unknown as HolidayBalancesResponse;
    expect(body.employees.map((e) => e.employee_id)).toEqual([jane?.id]);
    const lastPeriod = body.employees[0]?.periods.at(-1);
    // 10 hours less the location's 30-minute break; a day's holiday is a fifth of the 20-hour week.
    expect(lastPeriod).toMatchObject({ start_date: LAST_MONDAY, worked_hours: 9.5, taken_hours: 4 });
    expect(lastPeriod?.accrued_hours).toBeCloseTo(accruedHolidayMinutes(570) / 60, 2);
    const accrued = body.employees[0]?.accrued_hours ?? 0;
    expect(body.employees[0]?.balance_hours).toBeCloseTo(accrued - 4, 2);
  });
});

describe("the evidence pack", () => {
  it("lists every shift, week and breach of the range as CSV, safe for a spreadsheet", async () => {
    const {
      manager,
      locationId,
      employees: [jane],
    } = await proShop();
    await db()
      .update(employees)
      .set({ firstName: "=HYPERLINK(1)" })
      .where(eq(employees.id, jane?.id ?? ""));
    await insertSession(locationId, jane?.id ?? "", lastWeek(0, 15), lastWeek(0, 23));
    await insertSession(locationId, jane?.id ?? "", lastWeek(1, 7), lastWeek(1, 15));
    const to = addDays(LAST_MONDAY, 6);
    const file = await download(
      manager,
      `/api/manager/compliance/${locationId}/evidence?from=${LAST_MONDAY}&to=${to}&format=csv`,
    );
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/text\/csv/);
    const rows = parseCsv(file.text);
    expect(rows[0]?.slice(0, 4)).toEqual(["Employee", "Payroll ID", "Record", "Date"]);
    const shifts = rows.filter((r) => r[2] === "Shift");
    expect(shifts.map((r) => [r[4], r[5], r[8]])).toEqual([
      ["15:00", "23:00", ""],
      ["07:00", "15:00", "8h 0m"],
    ]);
    expect(rows.some((r) => r[2] === "Breach" && r[12] === "Daily rest")).toBe(true);
    expect(rows.find((r) => r[2] === "Week")?.[7]).toBe("16h 0m");
    expect(rows.every((r) => !r[0]?.startsWith("="))).toBe(true);
  });

  it("is a PDF by default, and refuses a range it cannot make", async () => {
    const { manager, locationId } = await proShop();
    const pdf = await download(
      manager,
      `/api/manager/compliance/${locationId}/evidence?from=${LAST_MONDAY}&to=${addDays(LAST_MONDAY, 6)}`,
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe("%PDF-");

    const cases: [string, string][] = [
      ["", "Give the evidence pack's range as from=YYYY-MM-DD and to=YYYY-MM-DD"],
      ["?from=2026-02-01&to=2026-01-01", "The range must end on or after its first day"],
      ["?from=2024-01-01&to=2026-01-01", "The range can be at most 366 days"],
    ];
    for (const [query, detail] of cases) {
      const refused = await api("GET", `/api/manager/compliance/${locationId}/evidence${query}`, {
        token: manager.token,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe(detail);
    }
  });
});

describe("what the clock cannot show, and new starters", () => {
  it("says rest breaks are not checked where breaks are not recorded, instead of all clear", async () => {
    const {
      manager,
      locationId,
      employees: [jane],
    } = await proShop();
    // 9h 15m with no break, at a location whose kiosk does not record breaks.
    await insertSession(locationId, jane?.id ?? "", lastWeek(0, 9), lastWeek(0, 18, 15));
    const week = await report(manager, locationId);
    expect(week.not_checked).toEqual([
      { rule: "rest_break", verdict: "Not checked: breaks are not recorded here" },
    ]);
    const found = week.employees.find((e) => e.employee_id === jane?.id);
    expect(found?.breaches.filter((b) => b.rule === "rest_break")).toEqual([]);
    expect(found?.not_checked).toEqual([
      { rule: "rest_break", verdict: "Not checked: breaks are not recorded here", dates: [LAST_MONDAY] },
    ]);
    const summary = await api("GET", "/api/manager/compliance", { token: manager.token });
    expect((summary.body as unknown as ComplianceSummaryResponse).locations[0]?.not_checked).toEqual(
      week.not_checked,
    );

    // Once the kiosk records breaks, the same day is checked, and breaks the rule.
    const recording = await api("PUT", `/api/manager/locations/${locationId}/customization`, {
      token: manager.token,
      body: { record_breaks: true },
    });
    expect(recording.status).toBe(200);
    const checked = await report(manager, locationId);
    expect(checked.not_checked).toEqual([]);
    const breach = checked.employees
      .find((e) => e.employee_id === jane?.id)
      ?.breaches.find((b) => b.rule === "rest_break");
    expect(breach?.detail).toContain("Worked 9h 15m");
  });

  it("averages a new starter over the days since they started, up to today, and never over less than a week", async () => {
    const {
      manager,
      locationId,
      employees: [jane],
    } = await shopWith([JANE], { plan: "pro" });
    // Their first shift, 1h 7m, ending this minute.
    const end = Math.floor(Date.now() / MINUTE) * MINUTE;
    await insertSession(
      locationId,
      jane?.id ?? "",
      new Date(end - 67 * MINUTE).toISOString(),
      new Date(end).toISOString(),
    );
    const today = localDateOfDayNumber(todayNumber);
    const started = localDateOfDayNumber(Math.min(LONDON.dayOf(end - 67 * MINUTE), todayNumber));
    const week = await report(manager, locationId, localDateOfDayNumber(thisMonday));
    const average = week.employees.find((e) => e.employee_id === jane?.id)?.average;
    expect(average).toMatchObject({
      since_start: true,
      reference_start: started,
      // Days not yet lived are not part of the period.
      reference_end: today,
      divided_by_weeks: 1,
      average_minutes: 67,
    });
    expect(average?.reference_days).toBeLessThan(3);
  });
});

describe("the evidence pack's records", () => {
  it("starts the default range at the first record, and says why shifts were corrected", async () => {
    const {
      manager,
      locationId,
      employees: [jane],
    } = await shopWith([JANE], { plan: "pro" });
    // Their first shift was last Tuesday (added to Clocked today, but they worked before).
    const first = await insertSession(locationId, jane?.id ?? "", lastWeek(1, 9), lastWeek(1, 17));
    const week = await report(manager, locationId, localDateOfDayNumber(thisMonday));
    expect(week.records_from).toBe(addDays(LAST_MONDAY, 1));

    const corrected = await api("PUT", `/api/manager/timesheets/${locationId}/entries/${first}`, {
      token: manager.token,
      body: { check_out_at: lastWeek(1, 16), reason: "=Left at four; forgot to clock out" },
    });
    expect(corrected.status).toBe(200);
    const file = await download(
      manager,
      `/api/manager/compliance/${locationId}/evidence?from=${addDays(LAST_MONDAY, -28)}&to=${addDays(LAST_MONDAY, 6)}&format=csv`,
    );
    const rows = parseCsv(file.text);
    expect(rows[0]?.slice(9, 12)).toEqual(["Source", "Reason", "17-week average"]);
    const shift = rows.find((r) => r[2] === "Shift");
    expect(shift?.slice(4, 11)).toEqual([
      "09:00",
      "16:00",
      "Not recorded",
      "7h 0m",
      "",
      "Corrected by manager",
      "'=Left at four; forgot to clock out",
    ]);
    expect(rows.find((r) => r[2] === "Not checked")?.[13]).toBe(
      "Rest break (Working Time Regulations 1998, reg 12): Not checked: breaks are not recorded here",
    );
    // Weeks from the one they started in, not four weeks of "0h 0m" before it.
    const weeks = rows.filter((r) => r[2] === "Week");
    expect(weeks.map((r) => r[3])).toEqual([formatDate(LAST_MONDAY)]);
    expect(weeks[0]?.[11]).toMatch(/^7h 0m \(over the \d+ days since they started, /);
  });
});

describe("the assistant's working-time answers", () => {
  /** A shop where Jane, 19 and opted out at £13.00 an hour, rested 8 hours between two shifts last week. */
  async function shortRest() {
    const shop = await proShop([JANE, RAVI]);
    const [jane] = shop.employees;
    await savePay(shop.manager, shop.locationId, jane?.id ?? "", {
      date_of_birth: "2007-02-03",
      opt_out_signed: "2025-06-02",
      hourly_rate: 13,
    });
    await insertSession(shop.locationId, jane?.id ?? "", lastWeek(0, 15), lastWeek(0, 23));
    await insertSession(shop.locationId, jane?.id ?? "", lastWeek(1, 7), lastWeek(1, 15));
    return shop;
  }

  it("answers who broke the 11-hour rest rule last week from the checks, offline", async () => {
    const { manager } = await shortRest();
    const response = await api("POST", "/api/ai-assistant/chat", {
      token: manager.token,
      body: { message: "Who broke the 11-hour rest rule last week?" },
    });
    expect(response.status).toBe(200);
    expect(response.body.response).toMatch(
      /^Broke the daily rest rule last week at Camden High Street: Jane Smith: Daily rest \(Working Time Regulations 1998, reg 10\)\. Rested 8h 0m.*required in each 24-hour period\.$/,
    );
    expect(response.body.response).not.toContain("Ravi");
  });

  it("gives the model a tool over the same checks, and never an employee's date of birth, opt-out or rate", async () => {
    const { manager } = await shortRest();
    const openai = await scriptOpenAi([
      { tool_calls: [{ name: "working_time_breaches", arguments: { week: "last_week" } }] },
      { content: "Jane Smith rested 8 hours." },
    ]);
    const response = await openai.call("POST", "/api/ai-assistant/chat", {
      token: manager.token,
      body: { message: "Who broke the 11-hour rest rule last week?" },
    });
    expect(response.body).toEqual({ response: "Jane Smith rested 8 hours." });
    const requests = await openai.requests();
    const [result] = toolResults(requests[1]);
    expect(JSON.stringify(result)).toContain("Rested 8h 0m");
    const everything = JSON.stringify(requests);
    for (const secret of [
      "2007-02-03",
      "03/02/2007",
      "2025-06-02",
      "02/06/2025",
      "13.00",
      "opt_out",
      "date_of_birth",
      "hourly_rate",
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});
