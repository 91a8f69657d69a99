import { describe, expect, it } from "vitest";
import type { SetupChecklistResponse, SetupStep } from "../../worker/contracts/setup";
import { api, createManager } from "../support/api";
import { get } from "../support/hours";
import { addEmployee, checkIn, JANE, type Manager, RAVI, shopWith } from "../support/kiosk";

const checklist = async (manager: Manager, locationId: string) => {
  const response = await get(manager, `/api/manager/setup/${locationId}`);
  expect(response.status).toBe(200);
  return response.body as unknown as SetupChecklistResponse;
};

/** The steps as `id: done` (and "not on plan" where the plan lacks what the step sets). */
const stateOf = (answer: SetupChecklistResponse) =>
  Object.fromEntries(
    answer.steps.map((step: SetupStep) => [step.id, step.on_plan ? step.done : "not on plan"]),
  );

describe("a new location's setup checklist", () => {
  it("on Starter: the location, staff with PINs and the kiosk's first punch; the Pro steps do not hold it open", async () => {
    const { manager, locationId } = await shopWith([]);
    const fresh = await checklist(manager, locationId);
    expect(fresh.location_id).toBe(locationId);
    expect(stateOf(fresh)).toEqual({
      location: true,
      staff: false,
      kiosk: false,
      rules: "not on plan",
      payroll_ids: "not on plan",
    });
    expect(fresh.steps.map((step) => step.id)).toEqual([
      "location",
      "staff",
      "kiosk",
      "rules",
      "payroll_ids",
    ]);
    expect(fresh).toMatchObject({ complete: false, active_employees: 0, missing_payroll_ids: 0 });

    const jane = await addEmployee(manager, locationId, JANE);
    expect(stateOf(await checklist(manager, locationId))).toMatchObject({ staff: true, kiosk: false });

    // Jane's first punch at the kiosk: the location's hub has it, and the checklist is done.
    expect((await checkIn(locationId, jane.username, JANE.pin)).status).toBe(200);
    const done = await checklist(manager, locationId);
    expect(stateOf(done)).toMatchObject({ staff: true, kiosk: true });
    expect(done).toMatchObject({ complete: true, active_employees: 1, missing_payroll_ids: 1 });
  });

  it("on Pro: a paired device, saved pay rules or changed break settings, and a payroll ID for everyone active", async () => {
    const { manager, locationId, employees } = await shopWith([JANE, RAVI], { plan: "pro" });
    const [jane, ravi] = employees;
    if (!jane || !ravi) throw new Error("two employees");
    expect(stateOf(await checklist(manager, locationId))).toEqual({
      location: true,
      staff: true,
      kiosk: false,
      rules: false,
      payroll_ids: false,
    });

    // A paired kiosk device counts before anyone has punched.
    const paired = await api("POST", `/api/manager/kiosk-devices/${locationId}`, {
      token: manager.token,
      body: { label: "Till tablet" },
    });
    expect(paired.status).toBe(201);

    // Saving the break settings unchanged writes nothing; a changed break sets the rules.
    const breaks = {
      workday_hours: 8,
      workday_start_time: "09:00",
      workday_end_time: "17:00",
      break_deduction_enabled: true,
    };
    const unchanged = await api("PUT", `/api/manager/customization/${locationId}`, {
      token: manager.token,
      body: { ...breaks, standard_break_minutes: 30 },
    });
    expect(unchanged.status).toBe(200);
    expect(stateOf(await checklist(manager, locationId))).toMatchObject({ kiosk: true, rules: false });
    await api("PUT", `/api/manager/customization/${locationId}`, {
      token: manager.token,
      body: { ...breaks, standard_break_minutes: 45 },
    });

    // Payroll IDs: Jane's alone is not enough while Ravi is active; once he is inactive, it is.
    const payTerms = (payroll_id: string) => ({
      payroll_id,
      contracted_weekly_hours: null,
      hourly_rate: null,
    });
    const saved = await api("PUT", `/api/manager/employee-pay/${locationId}/${jane.id}`, {
      token: manager.token,
      body: payTerms("1001"),
    });
    expect(saved.status).toBe(200);
    const partly = await checklist(manager, locationId);
    expect(stateOf(partly)).toMatchObject({ rules: true, payroll_ids: false });
    expect(partly).toMatchObject({ complete: false, active_employees: 2, missing_payroll_ids: 1 });
    await api("PUT", `/api/manager/employees/${ravi.id}`, { token: manager.token, body: { active: false } });
    const done = await checklist(manager, locationId);
    expect(done).toMatchObject({ complete: true, active_employees: 1, missing_payroll_ids: 0 });
    expect(done.steps.every((step) => step.done)).toBe(true);
  });

  it("counts saved pay rules as set, whatever their values", async () => {
    const { manager, locationId } = await shopWith([JANE], { plan: "business" });
    expect(stateOf(await checklist(manager, locationId)).rules).toBe(false);
    const saved = await api("PUT", `/api/manager/pay-rules/${locationId}`, {
      token: manager.token,
      body: { pay_frequency: "weekly", pay_anchor_date: "2025-09-01" },
    });
    expect(saved.status).toBe(200);
    expect(stateOf(await checklist(manager, locationId)).rules).toBe(true);
  });

  it("answers 404 for another account's location and one that names nothing, 401 without a session", async () => {
    const { locationId } = await shopWith([JANE]);
    const stranger = await createManager();
    const theirs = await get(stranger, `/api/manager/setup/${locationId}`);
    expect(theirs).toMatchObject({ status: 404, body: { detail: "Location not found" } });
    expect((await get(stranger, "/api/manager/setup/no-such-location")).status).toBe(404);
    expect((await api("GET", `/api/manager/setup/${locationId}`)).status).toBe(401);
  });
});
