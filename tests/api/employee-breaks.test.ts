import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import { api, createManager } from "../support/api";
import { addEmployee, addLocation, auditRowsFor, JANE, RAVI, shopWith } from "../support/kiosk";

const OVERRIDE = { custom_break_minutes: 45, custom_work_hours: 7.5 };

describe("per-employee breaks", () => {
  it("are set, listed and reset on Pro", async () => {
    const { manager, locationId, employees } = await shopWith([JANE, RAVI], { plan: "pro" });
    const jane = employees[0] as Employee;
    const path = `/api/manager/employee-breaks/${locationId}/${jane.id}`;
    const saved = await api("PUT", path, { token: manager.token, body: OVERRIDE });
    expect(saved).toMatchObject({
      status: 200,
      body: { success: true, override: { employee_id: jane.id, ...OVERRIDE } },
    });
    const listed = await api("GET", `/api/manager/employee-breaks/${locationId}`, { token: manager.token });
    expect(listed.body).toEqual({ overrides: [{ employee_id: jane.id, ...OVERRIDE }] });

    await api("PUT", path, {
      token: manager.token,
      body: { custom_break_minutes: 0, custom_work_hours: 24 },
    });
    expect((await api("DELETE", path, { token: manager.token })).status).toBe(200);
    expect(
      (await api("GET", `/api/manager/employee-breaks/${locationId}`, { token: manager.token })).body,
    ).toEqual({
      overrides: [],
    });
    const actions = (await auditRowsFor(jane.id)).map((row) => row.action);
    expect(actions).toEqual(["created", "breaks_changed", "breaks_changed", "breaks_reset"]);
  });

  it("cannot be changed on Starter: 403 naming the plans; the list can still be read", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const jane = employees[0] as Employee;
    const refused = await api("PUT", `/api/manager/employee-breaks/${locationId}/${jane.id}`, {
      token: manager.token,
      body: OVERRIDE,
    });
    expect(refused).toMatchObject({
      status: 403,
      body: {
        detail: "Per-employee breaks are available on the Pro and Business plans. Upgrade to unlock them.",
      },
    });
    expect(
      (await api("GET", `/api/manager/employee-breaks/${locationId}`, { token: manager.token })).status,
    ).toBe(200);
  });

  it("refuses values outside 0–240 minutes and 1–24 hours in half hours", async () => {
    const { manager, locationId, employees } = await shopWith([JANE], { plan: "business" });
    const put = (body: Record<string, unknown>) =>
      api("PUT", `/api/manager/employee-breaks/${locationId}/${employees[0]?.id}`, {
        token: manager.token,
        body: { ...OVERRIDE, ...body },
      });
    for (const custom_break_minutes of [-5, 241, 12.5, null]) {
      expect(await put({ custom_break_minutes })).toMatchObject({
        status: 400,
        body: { detail: "Break minutes must be a whole number of minutes from 0 to 240" },
      });
    }
    for (const custom_work_hours of [0, 0.5, 24.5, 8.2]) {
      expect(await put({ custom_work_hours })).toMatchObject({
        status: 400,
        body: { detail: "Work hours must be between 1 and 24, in steps of 0.5" },
      });
    }
    expect((await put({ custom_break_minutes: 240, custom_work_hours: 1 })).status).toBe(200);
    expect((await put({ extra: 1 })).body.detail).toBe("Unexpected field: extra");
  });

  it("answer 404 for another account's ids and for staff of another location", async () => {
    const { manager, locationId, employees } = await shopWith([JANE], { plan: "pro" });
    const jane = employees[0] as Employee;
    const other = await createManager({ plan: "pro" });
    const put = (token: string, location: string, employee: string) =>
      api("PUT", `/api/manager/employee-breaks/${location}/${employee}`, { token, body: OVERRIDE });
    expect((await put(other.token, locationId, jane.id)).status).toBe(404);
    expect(
      (await api("GET", `/api/manager/employee-breaks/${locationId}`, { token: other.token })).status,
    ).toBe(404);
    const secondShop = await addLocation(manager, "Second shop");
    const ravi = await addEmployee(manager, secondShop, RAVI);
    expect(await put(manager.token, locationId, ravi.id)).toMatchObject({
      status: 404,
      body: { detail: "Employee not found" },
    });
  });
});
