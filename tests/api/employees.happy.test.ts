import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import { employees as employeesTable } from "../../worker/db/schema";
import { api } from "../support/api";
import { statusHistoryOf } from "../support/hours";
import {
  addEmployee,
  checkIn,
  db,
  JANE,
  keysAndValues,
  openSessionsOf,
  RAVI,
  sessionsOf,
  shopWith,
} from "../support/kiosk";

const list = async (token: string, locationId: string) =>
  (await api("GET", `/api/manager/employees/${locationId}`, { token })).body.employees as Employee[];

describe("adding and listing employees", () => {
  it("adds staff with generated usernames and lists them without any PIN", async () => {
    const { manager, locationId, employees } = await shopWith([JANE, RAVI]);
    expect(employees[0]).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      location_id: locationId,
      first_name: "Jane",
      last_name: "Smith",
      username: "janes",
      email: null,
      active: true,
      staff_app_invited_at: null,
      current_status: "active",
      status_note: null,
      status_start_date: null,
      status_end_date: null,
      checked_in: false,
    });
    const listed = await api("GET", `/api/manager/employees/${locationId}`, { token: manager.token });
    expect(listed.status).toBe(200);
    expect((listed.body.employees as Employee[]).map((e) => e.username)).toEqual(["janes", "ravik"]);
    expect(keysAndValues(listed.body).keys.filter((key) => /pin/i.test(key))).toEqual([]);
  });

  it("numbers usernames that are taken, even by employees added at the same moment", async () => {
    const { manager, locationId } = await shopWith([JANE], { plan: "pro" });
    const twins = await Promise.all(
      [1, 2, 3].map(() =>
        api("POST", `/api/manager/employees/${locationId}`, {
          token: manager.token,
          body: { first_name: "Jane", last_name: "Sharma", pin: "1111" },
        }),
      ),
    );
    expect(twins.map((r) => r.status)).toEqual([201, 201, 201]);
    expect((await list(manager.token, locationId)).map((e) => e.username).sort()).toEqual([
      "janes",
      "janes2",
      "janes3",
      "janes4",
    ]);
  });

  it("checks names and the PIN with the spec's messages", async () => {
    const { manager, locationId } = await shopWith([]);
    const add = (body: unknown) =>
      api("POST", `/api/manager/employees/${locationId}`, { token: manager.token, body });
    expect(await add({ first_name: "Jane", last_name: "Smith", pin: "123" })).toMatchObject({
      status: 400,
      body: { detail: "PIN must be exactly 4 digits" },
    });
    expect((await add({ first_name: "Jane", last_name: "Smith", pin: "12345" })).body.detail).toBe(
      "PIN must be exactly 4 digits",
    );
    expect((await add({ first_name: "Jane", last_name: "Smith", pin: 1234 })).body.detail).toBe(
      "PIN must be exactly 4 digits",
    );
    expect((await add({ first_name: "  ", last_name: "Smith", pin: "1234" })).body.detail).toBe(
      "First name is required",
    );
    expect((await add({ first_name: "Jane", pin: "1234" })).body.detail).toBe("Last name is required");
    expect(
      await add({ first_name: "Jane", last_name: "Smith", pin: "1234", location_id: "elsewhere" }),
    ).toMatchObject({
      status: 400,
      body: { detail: "location_id does not match the location in the address" },
    });
    expect(
      (await add({ first_name: "Jane", last_name: "Smith", pin: "1234", location_id: locationId })).status,
    ).toBe(201);
    const malformed = await api("POST", `/api/manager/employees/${locationId}`, {
      token: manager.token,
      rawBody: "{nope",
    });
    expect(malformed).toMatchObject({ status: 400, body: { detail: "Malformed JSON in request body" } });
  });

  it("requires a signed-in manager", async () => {
    const { locationId } = await shopWith([]);
    expect((await api("GET", `/api/manager/employees/${locationId}`)).status).toBe(401);
  });
});

describe("the plan's employee limit", () => {
  it("refuses an 11th employee on Starter with a 403 that says what to do", async () => {
    const staff = Array.from({ length: 10 }, (_, i) => ({
      first_name: `Person${i}`,
      last_name: "Test",
      pin: "1234",
    }));
    const { manager, locationId } = await shopWith(staff);
    const eleventh = await api("POST", `/api/manager/employees/${locationId}`, {
      token: manager.token,
      body: { first_name: "One", last_name: "Toomany", pin: "1234" },
    });
    expect(eleventh).toMatchObject({
      status: 403,
      body: {
        detail:
          "Your Starter plan includes up to 10 employees per location. Upgrade to Pro for up to 50 employees per location, or delete employees who have left.",
      },
    });
    expect(await list(manager.token, locationId)).toHaveLength(10);
  });

  it("cannot be raced past by simultaneous adds, and frees a place when someone is deleted", async () => {
    const staff = Array.from({ length: 8 }, (_, i) => ({
      first_name: `Person${i}`,
      last_name: "Test",
      pin: "1234",
    }));
    const { manager, locationId, employees } = await shopWith(staff);
    const results = await Promise.all(
      ["Ada", "Ben", "Cat", "Dan", "Eve"].map((first_name) =>
        api("POST", `/api/manager/employees/${locationId}`, {
          token: manager.token,
          body: { first_name, last_name: "Racer", pin: "1234" },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 403)).toHaveLength(3);
    await api("DELETE", `/api/manager/employees/${employees[0]?.id}`, { token: manager.token });
    expect((await addEmployee(manager, locationId, JANE)).username).toBe("janes");
  });

  it("does not apply to VIP accounts", async () => {
    const staff = Array.from({ length: 11 }, (_, i) => ({
      first_name: `Vip${i}`,
      last_name: "Staff",
      pin: "1234",
    }));
    const { manager, locationId } = await shopWith(staff, { isVip: true });
    expect(await list(manager.token, locationId)).toHaveLength(11);
  });
});

describe("changing an employee", () => {
  it("deactivates and reactivates; a deactivated employee leaves the kiosk and their open session closes", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const jane = employees[0] as Employee;
    await checkIn(locationId, "janes", JANE.pin);
    expect((await list(manager.token, locationId)).map((e) => e.checked_in)).toEqual([true]);
    const off = await api("PUT", `/api/manager/employees/${jane.id}`, {
      token: manager.token,
      body: { active: false },
    });
    expect(off).toMatchObject({
      status: 200,
      body: { success: true, employee: { active: false, checked_in: false } },
    });
    expect(await openSessionsOf(jane.id)).toHaveLength(0);
    expect((await sessionsOf(jane.id))[0]?.closedBy).toBe("manager");
    expect((await api("GET", `/api/employees/initials/${locationId}`)).body.initials).toEqual([]);
    const on = await api("PUT", `/api/manager/employees/${jane.id}`, {
      token: manager.token,
      body: { active: true },
    });
    expect(on.body.employee).toMatchObject({ active: true });
    expect(
      (
        await api("PUT", `/api/manager/employees/${jane.id}`, {
          token: manager.token,
          body: { active: "yes" },
        })
      ).body,
    ).toEqual({ detail: "active must be true or false" });
  });

  it("renames, keeping the username staff already know", async () => {
    const { manager, employees } = await shopWith([JANE]);
    const jane = employees[0] as Employee;
    const renamed = await api("PUT", `/api/manager/employees/${jane.id}/name`, {
      token: manager.token,
      body: { first_name: " Janet ", last_name: "Smith-Jones" },
    });
    expect(renamed.body.employee).toMatchObject({
      first_name: "Janet",
      last_name: "Smith-Jones",
      username: "janes",
    });
    const blank = await api("PUT", `/api/manager/employees/${jane.id}/name`, {
      token: manager.token,
      body: { first_name: "Janet", last_name: "" },
    });
    expect(blank).toMatchObject({ status: 400, body: { detail: "Last name is required" } });
  });

  it("changes the PIN: the new one works at the kiosk, the old one no longer does", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const jane = employees[0] as Employee;
    const changed = await api("PUT", `/api/manager/employees/${jane.id}/pin`, {
      token: manager.token,
      body: { pin: "9090" },
    });
    expect(changed).toMatchObject({ status: 200, body: { success: true } });
    expect((await checkIn(locationId, "janes", JANE.pin)).status).toBe(401);
    expect((await checkIn(locationId, "janes", "9090")).status).toBe(200);
    const bad = await api("PUT", `/api/manager/employees/${jane.id}/pin`, {
      token: manager.token,
      body: { pin: "90" },
    });
    expect(bad.body.detail).toBe("PIN must be exactly 4 digits");
  });

  it("sets a status with note and dates, keeping every period in the history", async () => {
    const { manager, employees } = await shopWith([JANE]);
    const jane = employees[0] as Employee;
    const put = (body: unknown) =>
      api("PUT", `/api/manager/employees/${jane.id}/status`, { token: manager.token, body });
    const holiday = await put({
      status: "holiday",
      note: "Cornwall",
      start_date: "2026-08-03",
      end_date: "2026-08-07",
    });
    expect(holiday.body.employee).toMatchObject({
      current_status: "holiday",
      status_note: "Cornwall",
      status_start_date: "2026-08-03",
      status_end_date: "2026-08-07",
    });
    const back = (await put({ status: "active", note: "" })).body.employee as Employee;
    expect(back).toMatchObject({ current_status: "active", status_note: null, status_end_date: null });
    expect(back.status_start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The location's hub keeps every period.
    const history = await statusHistoryOf(jane.id);
    expect(history.map((h) => [h.status, h.note, h.start_date, h.end_date, h.created_by])).toEqual([
      ["holiday", "Cornwall", "2026-08-03", "2026-08-07", manager.id],
      ["active", null, back.status_start_date, null, manager.id],
    ]);

    expect((await put({ status: "on_strike" })).body.detail).toMatch(
      /^Status must be one of: active, holiday/,
    );
    expect((await put({ status: "custom", note: "x".repeat(101) })).body.detail).toBe(
      "Status note must be at most 100 characters",
    );
    expect(
      (await put({ status: "holiday", start_date: "2026-08-07", end_date: "2026-08-03" })).body.detail,
    ).toBe("End date cannot be before the start date");
    expect((await put({ status: "holiday", end_date: "2001-01-01" })).body.detail).toBe(
      "End date cannot be before the start date",
    );
    expect((await put({ status: "holiday", start_date: "2026-02-30" })).body.detail).toBe(
      "Start date must be a date (YYYY-MM-DD)",
    );
  });

  it("deletes softly: gone from the dashboard and kiosk, but the row and its sessions stay", async () => {
    const { manager, locationId, employees } = await shopWith([JANE, RAVI]);
    const jane = employees[0] as Employee;
    await checkIn(locationId, "janes", JANE.pin);
    const removed = await api("DELETE", `/api/manager/employees/${jane.id}`, { token: manager.token });
    expect(removed).toMatchObject({ status: 200, body: { success: true } });
    expect((await list(manager.token, locationId)).map((e) => e.first_name)).toEqual(["Ravi"]);
    expect((await api("GET", `/api/employees/by-initial/${locationId}/J`)).body.employees).toEqual([]);
    const row = await db().query.employees.findFirst({ where: eq(employeesTable.id, jane.id) });
    expect(row?.deletedAt).toEqual(expect.any(Number));
    expect(await sessionsOf(jane.id)).toMatchObject([
      { closedBy: "manager", checkOutAt: expect.any(Number) },
    ]);
    expect((await api("DELETE", `/api/manager/employees/${jane.id}`, { token: manager.token })).status).toBe(
      404,
    );
  });
});

describe("closing a session from the dashboard", () => {
  it("closes the open session now, as the manager, and says so", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const jane = employees[0] as Employee;
    await checkIn(locationId, "janes", JANE.pin);
    const closed = await api("POST", `/api/manager/employees/${locationId}/${jane.id}/close-session`, {
      token: manager.token,
    });
    expect(closed).toMatchObject({ status: 200, body: { success: true } });
    expect(closed.body.message).toMatch(/^Session closed at \d{2}:\d{2} — worked 0h 0m$/);
    expect(await sessionsOf(jane.id)).toMatchObject([
      { closedBy: "manager", checkOutAt: expect.any(Number) },
    ]);
    const again = await api("POST", `/api/manager/employees/${locationId}/${jane.id}/close-session`, {
      token: manager.token,
    });
    expect(again).toMatchObject({ status: 400, body: { detail: "Jane Smith is not checked in" } });
  });
});
