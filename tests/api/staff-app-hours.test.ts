import { exports } from "cloudflare:workers";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type {
  StaffHoursResponse,
  StaffQueriesResponse,
  StaffQueryResponse,
} from "../../worker/contracts/staff-hours";
import type { TimesheetResponse } from "../../worker/contracts/timesheets";
import { parseCsv } from "../../worker/domain/csv";
import { addDays, localDateOfDayNumber, weekdayOf, zoneCalendar } from "../../worker/domain/time-zone";
import { api } from "../support/api";
import { insertSession } from "../support/hours";
import { addEmployee, auditRowsFor, JANE, RAVI } from "../support/kiosk";
import { staffSessionFor, staffShop } from "../support/staff";

// The staff app's hours (docs/staff-app.md, "My hours, queries and my data"): the employee's own entries as
// the manager will approve them, queries about them that hold up approval until answered or reviewed, and
// their own data as a ZIP of CSVs.

const LONDON = zoneCalendar("Europe/London");
const MINUTE = 60_000;
const today = LONDON.dayOf(Date.now());
const lastMonday = today - (weekdayOf(localDateOfDayNumber(today)) - 1) - 7;
const LAST_PERIOD = `pay_${localDateOfDayNumber(lastMonday)}`;
const THIS_PERIOD = `pay_${localDateOfDayNumber(lastMonday + 7)}`;
const lastWeek = (day: number, hours: number, minutes = 0) =>
  new Date(LONDON.startOf(lastMonday + day) + (hours * 60 + minutes) * MINUTE).toISOString();

/** A Pro shop (weekly pay periods from Monday) where Jane, signed in to the staff app, and Ravi worked last Monday. */
async function shopWithShifts() {
  const shop = await staffShop(JANE, { plan: "pro" });
  const raviId = (await addEmployee(shop.manager, shop.locationId, RAVI)).id;
  const janeEntry = await insertSession(shop.locationId, shop.employee.id, lastWeek(0, 9), lastWeek(0, 17));
  const raviEntry = await insertSession(shop.locationId, raviId, lastWeek(0, 10), lastWeek(0, 14));
  return { ...shop, raviId, janeEntry, raviEntry };
}

type Shop = Awaited<ReturnType<typeof shopWithShifts>>;

const myHours = async (token: string, period?: string) => {
  const response = await api("GET", `/api/staff/me/hours${period ? `?period=${period}` : ""}`, { token });
  return {
    status: response.status,
    body: response.body as unknown as StaffHoursResponse & { detail?: string },
  };
};

const raise = (token: string, body: Record<string, unknown>) =>
  api("POST", "/api/staff/me/queries", { token, body });

const approve = (shop: Shop, reviewed?: boolean) =>
  api("POST", `/api/manager/timesheets/${shop.locationId}/approve`, {
    token: shop.manager.token,
    body: { period: LAST_PERIOD, ...(reviewed === undefined ? {} : { reviewed_exceptions: reviewed }) },
  });

const answer = (shop: Shop, queryId: string, text: string, locationId = shop.locationId) =>
  api("POST", `/api/manager/timesheets/${locationId}/queries/${queryId}/answer`, {
    token: shop.manager.token,
    body: { answer: text },
  });

async function managersSheet(shop: Shop) {
  const response = await api(
    "GET",
    `/api/manager/timesheets/${shop.locationId}?period=week_${localDateOfDayNumber(lastMonday)}`,
    {
      token: shop.manager.token,
    },
  );
  expect(response.status).toBe(200);
  return response.body as unknown as TimesheetResponse;
}

describe("my hours", () => {
  it("shows last pay period's entries as the manager will approve them, a correction with its reason", async () => {
    const shop = await shopWithShifts();
    const corrected = await api(
      "PUT",
      `/api/manager/timesheets/${shop.locationId}/entries/${shop.janeEntry}`,
      {
        token: shop.manager.token,
        body: { check_out_at: lastWeek(0, 16, 30), reason: "Left early for the dentist" },
      },
    );
    expect(corrected.status).toBe(200);

    const { status, body } = await myHours(shop.staff.token, LAST_PERIOD);
    expect(status).toBe(200);
    expect(body.periods.map((p) => p.key)).toEqual([THIS_PERIOD, LAST_PERIOD]);
    expect(body.days).toHaveLength(7);
    const monday = body.days[0];
    expect(monday?.date).toBe(localDateOfDayNumber(lastMonday));
    expect(monday?.entries).toHaveLength(1);
    expect(monday?.entries[0]).toMatchObject({
      id: shop.janeEntry,
      check_in_at: lastWeek(0, 9),
      check_out_at: lastWeek(0, 16, 30),
      worked_minutes: 450,
      voided: false,
      correction: { kind: "edited", reason: "Left early for the dentist" },
    });
    expect(body.totals.worked_minutes).toBe(monday?.worked_minutes);
    expect(body.totals.paid_minutes).toBe(body.totals.worked_minutes);
    expect(body.approved).toBe(false);
    // Ravi's entry that day is nowhere in Jane's hours.
    expect(JSON.stringify(body)).not.toContain(shop.raviEntry);
  });

  it("opens on this pay period, and refuses a period that is neither this one nor the last", async () => {
    const shop = await shopWithShifts();
    const { body } = await myHours(shop.staff.token);
    expect(body.period_info.period).toBe(THIS_PERIOD);
    expect(body.days.flatMap((d) => d.entries)).toHaveLength(0);
    const older = `pay_${localDateOfDayNumber(lastMonday - 7)}`;
    const refused = await myHours(shop.staff.token, older);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe("Unknown pay period: choose this pay period or the last one.");
  });

  it("answers 401 without a staff session", async () => {
    const shop = await shopWithShifts();
    expect((await myHours(shop.manager.token)).status).toBe(401);
  });
});

describe("queries", () => {
  it("raises a query on an entry of their own, which they see listed", async () => {
    const shop = await shopWithShifts();
    const raised = await raise(shop.staff.token, { entry_id: shop.janeEntry, note: "I stayed until 17:30" });
    expect(raised.status).toBe(201);
    const { query } = raised.body as unknown as StaffQueryResponse;
    expect(query).toMatchObject({ entry_id: shop.janeEntry, date: null, open: true, answer: null });
    const listed = await api("GET", "/api/staff/me/queries", { token: shop.staff.token });
    expect((listed.body as unknown as StaffQueriesResponse).queries.map((q) => q.id)).toEqual([query.id]);
    const hours = await myHours(shop.staff.token, LAST_PERIOD);
    expect(hours.body.days[0]?.entries[0]?.queries.map((q) => q.note)).toEqual(["I stayed until 17:30"]);
  });

  it("answers 404 for another employee's entry and another account's", async () => {
    const shop = await shopWithShifts();
    const other = await shopWithShifts();
    for (const entry_id of [shop.raviEntry, other.janeEntry, "no-such-entry"]) {
      const refused = await raise(shop.staff.token, { entry_id, note: "Not mine" });
      expect(refused.status).toBe(404);
      expect(refused.body.detail).toBe("Entry not found");
    }
  });

  it("refuses a query without exactly one of entry and date, or without a fitting note", async () => {
    const shop = await shopWithShifts();
    const date = localDateOfDayNumber(lastMonday + 1);
    const cases: [Record<string, unknown>, string][] = [
      [{ note: "Neither" }, "one of entry_id or date"],
      [{ entry_id: shop.janeEntry, date, note: "Both" }, "one of entry_id or date"],
      [{ date, note: "" }, "Say what's wrong"],
      [{ date, note: "x".repeat(501) }, "at most 500 characters"],
      [{ date: "28/11/2026", note: "Wrong format" }, "YYYY-MM-DD"],
      [{ date, note: "Extra", employee_id: shop.raviId }, ""],
    ];
    for (const [body, detail] of cases) {
      const refused = await raise(shop.staff.token, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(String(refused.body.detail)).toContain(detail);
    }
  });

  it("takes a day in the last 62 days up to today, and no other", async () => {
    const shop = await shopWithShifts();
    const todayDate = localDateOfDayNumber(today);
    for (const date of [addDays(todayDate, 1), addDays(todayDate, -63)]) {
      const refused = await raise(shop.staff.token, { date, note: "I worked" });
      expect(refused.status, date).toBe(400);
      expect(refused.body.detail).toContain("62 days");
    }
    expect((await raise(shop.staff.token, { date: addDays(todayDate, -62), note: "I worked" })).status).toBe(
      201,
    );
  });

  it("keeps one open query per entry and per day: a second answers 409", async () => {
    const shop = await shopWithShifts();
    const date = localDateOfDayNumber(lastMonday + 2);
    expect((await raise(shop.staff.token, { entry_id: shop.janeEntry, note: "One" })).status).toBe(201);
    const again = await raise(shop.staff.token, { entry_id: shop.janeEntry, note: "Two" });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("You already have a query open about this entry.");
    expect((await raise(shop.staff.token, { date, note: "I worked but there's no entry" })).status).toBe(201);
    const dayAgain = await raise(shop.staff.token, { date, note: "Still" });
    expect(dayAgain.status).toBe(409);
    expect(dayAgain.body.detail).toBe("You already have a query open about this day.");
  });

  it("shows on the manager's timesheet as an exception, on the entry and on the day", async () => {
    const shop = await shopWithShifts();
    const date = localDateOfDayNumber(lastMonday + 3);
    await raise(shop.staff.token, { entry_id: shop.janeEntry, note: "=SUM(A1)" });
    await raise(shop.staff.token, { date, note: "I worked Thursday" });
    const sheet = await managersSheet(shop);
    const jane = sheet.employees.find((e) => e.employee_id === shop.employee.id);
    expect(sheet.employees[0]?.employee_id).toBe(shop.employee.id);
    const entry = jane?.days[0]?.entries[0];
    expect(entry?.flags).toContain("staff_query");
    expect(entry?.queries?.map((q) => q.note)).toEqual(["=SUM(A1)"]);
    expect(jane?.days[3]?.queries?.map((q) => q.note)).toEqual(["I worked Thursday"]);
    expect(jane?.exceptions).toBe(2);
  });

  it("holds up approval until the manager ticks it reviewed", async () => {
    const shop = await shopWithShifts();
    const raised = await raise(shop.staff.token, { entry_id: shop.janeEntry, note: "Wrong time" });
    const queryId = (raised.body as unknown as StaffQueryResponse).query.id;
    const refused = await approve(shop);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain("1 entry still needs review");
    expect((await approve(shop, true)).status).toBe(200);
    const listed = await api("GET", "/api/staff/me/queries", { token: shop.staff.token });
    expect((listed.body as unknown as StaffQueriesResponse).queries).toMatchObject([
      { id: queryId, reviewed: true, open: false },
    ]);
    expect((await myHours(shop.staff.token, LAST_PERIOD)).body.approved).toBe(true);
  });

  it("is answered by the manager: audited, e-mailed to the staff member, shown in the app; approval goes ahead", async () => {
    const shop = await shopWithShifts();
    const raised = await raise(shop.staff.token, { entry_id: shop.janeEntry, note: "Wrong time" });
    const queryId = (raised.body as unknown as StaffQueryResponse).query.id;
    const answered = await answer(shop, queryId, "Fixed: you left at 17:00 as recorded.");
    expect(answered.status).toBe(200);
    expect((answered.body as unknown as StaffQueryResponse).query).toMatchObject({
      answer: "Fixed: you left at 17:00 as recorded.",
      open: false,
    });
    const [audit] = await auditRowsFor(queryId);
    expect(audit).toMatchObject({ entity: "staff_query", action: "answered", locationId: shop.locationId });
    expect(JSON.parse(audit?.afterJson ?? "{}")).toMatchObject({
      answer: "Fixed: you left at 17:00 as recorded.",
    });
    const mail = await api("GET", `/api/dev/outbox?email=${encodeURIComponent(shop.staff.email)}`);
    const messages = mail.body.messages as { subject: string; body: string }[];
    expect(messages[0]?.subject).toBe("Your manager answered your query about your hours");
    expect(messages[0]?.body).toContain("Fixed: you left at 17:00 as recorded.");
    const listed = await api("GET", "/api/staff/me/queries", { token: shop.staff.token });
    expect((listed.body as unknown as StaffQueriesResponse).queries[0]?.answer).toBe(
      "Fixed: you left at 17:00 as recorded.",
    );
    expect((await approve(shop)).status).toBe(200);
  });

  it("refuses a second answer (409), an empty one (400), and another account's query or location (404)", async () => {
    const shop = await shopWithShifts();
    const other = await shopWithShifts();
    const raised = await raise(shop.staff.token, { entry_id: shop.janeEntry, note: "Wrong time" });
    const queryId = (raised.body as unknown as StaffQueryResponse).query.id;
    expect((await answer(shop, queryId, "  ")).status).toBe(400);
    // Another account's manager, at their own location: no such query there.
    const elsewhere = await api(
      "POST",
      `/api/manager/timesheets/${other.locationId}/queries/${queryId}/answer`,
      { token: other.manager.token, body: { answer: "Not yours" } },
    );
    expect(elsewhere.status).toBe(404);
    expect((await answer(shop, queryId, "Hello", other.locationId)).status).toBe(404);
    expect((await answer(shop, queryId, "Done")).status).toBe(200);
    const twice = await answer(shop, queryId, "Again");
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe("This query has already been answered.");
  });
});

describe("my data", () => {
  const exportOf = (token: string) =>
    exports.default.fetch("http://clocked.test/api/staff/me/export", {
      headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": "203.0.113.9" },
    });

  it("downloads their own records as a ZIP of CSVs, a typed formula kept as text", async () => {
    const shop = await shopWithShifts();
    await api("PUT", `/api/manager/timesheets/${shop.locationId}/entries/${shop.janeEntry}`, {
      token: shop.manager.token,
      body: { check_out_at: lastWeek(0, 16, 30), reason: "Left early" },
    });
    await raise(shop.staff.token, { entry_id: shop.janeEntry, note: '=HYPERLINK("x")' });
    await api("PUT", "/api/staff/me/availability", {
      token: shop.staff.token,
      body: { unavailable: [{ weekday: 3, from_minute: null, to_minute: null, note: "+college" }] },
    });
    const response = await exportOf(shop.staff.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="clocked-my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      "attendance.csv",
      "leave-requests.csv",
      "notification-phones.csv",
      "passkeys.csv",
      "phone-punch-positions.csv",
      "profile.csv",
      "queries.csv",
      "shifts.csv",
      "status-periods.csv",
      "unavailable-times.csv",
    ]);
    const csv = (name: string) => parseCsv(new TextDecoder().decode(files[name]));
    expect(csv("profile.csv")[1]).toEqual([
      "Jane",
      "Smith",
      shop.staff.email,
      expect.any(String),
      "Camden High Street",
    ]);
    const attendance = csv("attendance.csv");
    const monday = localDateOfDayNumber(lastMonday).split("-").reverse().join("/");
    expect(attendance.slice(1).map((row) => [row[1], row[2], row[3], row[4], row[5], row[10]])).toEqual([
      ["0", "recorded", monday, "09:00", "17:00", ""],
      ["1", "edited", monday, "09:00", "16:30", "Left early"],
    ]);
    expect(JSON.stringify(attendance)).not.toContain(shop.raviEntry);
    expect(csv("queries.csv")[1]?.[2]).toBe('\'=HYPERLINK("x")');
    expect(csv("unavailable-times.csv")[1]).toEqual(["Wednesday", "All day", "", "'+college"]);
  });

  it("is limited to 3 an hour per employee, then 429 with Retry-After", async () => {
    const shop = await shopWithShifts();
    for (let i = 0; i < 3; i++) expect((await exportOf(shop.staff.token)).status).toBe(200);
    const refused = await exportOf(shop.staff.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another employee's limit is their own.
    const ravi = await staffSessionFor(shop.raviId);
    expect((await exportOf(ravi.token)).status).toBe(200);
  });
});
