import { describe, expect, it } from "vitest";
import { api, createManager } from "../support/api";
import { addEmployee, addLocation, JANE, RAVI } from "../support/kiosk";

describe("GET /api/user/plan-info", () => {
  it("answers the plan, its limits, the usage and VIP standing", async () => {
    const manager = await createManager({ plan: "pro" });
    const camden = await addLocation(manager, "Camden");
    await addLocation(manager, "Shoreditch");
    await addEmployee(manager, camden, JANE);
    await addEmployee(manager, camden, RAVI);
    const response = await api("GET", "/api/user/plan-info", { token: manager.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      plan: "pro",
      limits: {
        max_employees_per_location: 50,
        max_locations: 3,
        available_reports: ["7_days", "14_days", "monthly"],
        can_upload_logo: true,
        has_ai_assistant: true,
      },
      current_usage: {
        locations: 2,
        employees_by_location: [
          { location_id: camden, name: "Camden", employees: 2 },
          { location_id: expect.any(String), name: "Shoreditch", employees: 0 },
        ],
      },
      is_vip: false,
    });
  });

  it("says null (unlimited) for everything on Business + VIP, and Starter's 7-day reports", async () => {
    const vip = await createManager({ plan: "business", isVip: true });
    const vipInfo = await api("GET", "/api/user/plan-info", { token: vip.token });
    expect(vipInfo.body).toMatchObject({
      plan: "business",
      limits: { max_employees_per_location: null, max_locations: null },
      is_vip: true,
    });
    const starter = await createManager();
    const starterInfo = await api("GET", "/api/user/plan-info", { token: starter.token });
    expect(starterInfo.body).toMatchObject({
      limits: {
        max_employees_per_location: 10,
        max_locations: 1,
        available_reports: ["7_days"],
        can_upload_logo: false,
        has_ai_assistant: false,
      },
      current_usage: { locations: 0, employees_by_location: [] },
    });
  });

  it("requires a session", async () => {
    expect((await api("GET", "/api/user/plan-info")).status).toBe(401);
  });
});

describe("GET /api/user/subscription-status", () => {
  it("answers the spec's fields (and the dates the dialog shows) for a new account", async () => {
    const manager = await createManager();
    const response = await api("GET", "/api/user/subscription-status", { token: manager.token });
    expect(response.body).toEqual({
      plan: "starter",
      status: "active",
      is_trial: false,
      trial_days_remaining: 0,
      trial_expired: false,
      can_cancel: false,
      is_vip: false,
      trial_available: true,
      cancel_at_period_end: false,
      current_period_end: null,
      trial_ends_at: null,
    });
  });
});

describe("GET /api/user/me", () => {
  it("answers the saved user record, with type admin for subscription_status 'admin'", async () => {
    const admin = await createManager({ status: "admin", plan: "business" });
    const response = await api("GET", "/api/user/me", { token: admin.token });
    expect(response.body).toMatchObject({
      user: { id: admin.id, plan: "business", subscription_status: "admin", type: "admin" },
      subscription_required: false,
    });
    const manager = await createManager();
    expect((await api("GET", "/api/user/me", { token: manager.token })).body.user).toMatchObject({
      type: "manager",
    });
  });

  it("works for an account that must pay, whose dashboard calls answer 402", async () => {
    const suspended = await createManager({ status: "suspended" });
    const me = await api("GET", "/api/user/me", { token: suspended.token });
    expect(me.body).toMatchObject({
      subscription_required: true,
      user: { subscription_status: "suspended" },
    });
    const locations = await api("GET", "/api/manager/locations", { token: suspended.token });
    expect(locations.status).toBe(402);
    expect((await api("POST", "/api/manager/logout", { token: suspended.token })).status).toBe(200);
  });
});
