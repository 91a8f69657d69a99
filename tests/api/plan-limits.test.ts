import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import { api, createManager } from "../support/api";
import { addEmployee, addLocation, shopWith } from "../support/kiosk";

// Every limit is enforced by the server, from the one plan module (worker/domain/plans.ts).

const staff = (count: number, label = "Person") =>
  Array.from({ length: count }, (_, i) => ({ first_name: `${label}${i}`, last_name: "Test", pin: "1234" }));

const tryLocation = (token: string, name: string) =>
  api("POST", "/api/manager/locations", { token, body: { name } });
const tryEmployee = (token: string, locationId: string, first_name = "One") =>
  api("POST", `/api/manager/employees/${locationId}`, {
    token,
    body: { first_name, last_name: "More", pin: "1234" },
  });

describe("plan limits", () => {
  it("refuse an 11th employee and a 2nd location on Starter", async () => {
    const { manager, locationId } = await shopWith(staff(10));
    expect(await tryEmployee(manager.token, locationId)).toMatchObject({
      status: 403,
      body: {
        detail: expect.stringContaining("Your Starter plan includes up to 10 employees per location."),
      },
    });
    expect(await tryLocation(manager.token, "Second shop")).toMatchObject({
      status: 403,
      body: { detail: "Your Starter plan includes 1 location. Upgrade to Pro for up to 3 locations." },
    });
  });

  it("allow Pro three locations and refuse a fourth", async () => {
    const manager = await createManager({ plan: "pro" });
    for (const name of ["A", "B", "C"]) expect((await tryLocation(manager.token, name)).status).toBe(201);
    expect(await tryLocation(manager.token, "D")).toMatchObject({
      status: 403,
      body: {
        detail: "Your Pro plan includes up to 3 locations. Upgrade to Business for unlimited locations.",
      },
    });
  });

  it("let VIP accounts past both limits", async () => {
    const { manager, locationId } = await shopWith(staff(10), { isVip: true });
    expect((await tryEmployee(manager.token, locationId)).status).toBe(201);
    expect((await tryLocation(manager.token, "Second shop")).status).toBe(201);
  });
});

describe("a downgrade over the limits", () => {
  it("keeps every location and employee readable and usable, and blocks only additions", async () => {
    const manager = await createManager();
    // Pro through the sandbox, then three locations and twelve staff at one of them.
    const change = await api("POST", "/api/user/subscription/change-plan", {
      token: manager.token,
      body: { action: "change", new_plan: "pro" },
    });
    const checkout_id = String(change.body.url).split("=")[1];
    expect(
      (await api("POST", "/api/billing/sandbox/complete", { token: manager.token, body: { checkout_id } }))
        .status,
    ).toBe(200);
    const camden = await addLocation(manager, "Camden");
    await addLocation(manager, "Shoreditch");
    await addLocation(manager, "Brixton");
    const team: Employee[] = [];
    for (const person of staff(12)) team.push(await addEmployee(manager, camden, person));

    // Cancelling the trial moves the account to Starter (1 location, 10 per location).
    expect((await api("POST", "/api/user/subscription/cancel", { token: manager.token })).status).toBe(200);
    const info = await api("GET", "/api/user/plan-info", { token: manager.token });
    expect(info.body).toMatchObject({ plan: "starter", current_usage: { locations: 3 } });

    const locations = await api("GET", "/api/manager/locations", { token: manager.token });
    expect(locations.body.locations).toHaveLength(3);
    const employees = await api("GET", `/api/manager/employees/${camden}`, { token: manager.token });
    expect(employees.body.employees).toHaveLength(12);
    const renamed = await api("PUT", `/api/manager/employees/${team[0]?.id}/name`, {
      token: manager.token,
      body: { first_name: "Renamed", last_name: "Person" },
    });
    expect(renamed.status).toBe(200);
    expect((await api("GET", `/api/manager/live-status/${camden}`, { token: manager.token })).status).toBe(
      200,
    );

    expect(await tryEmployee(manager.token, camden)).toMatchObject({
      status: 403,
      body: { detail: expect.stringContaining("Upgrade to Pro for up to 50 employees per location") },
    });
    expect((await tryLocation(manager.token, "Fourth")).status).toBe(403);
  });
});
