import { describe, expect, it } from "vitest";
import { hasFeature, PLANS, planInfo, STARTER_FALLBACK, userType } from "../../worker/domain/plans";

const starter = { plan: "starter", isVip: false };
const pro = { plan: "pro", isVip: false };
const business = { plan: "business", isVip: false };

describe("the plan table", () => {
  it("holds the spec's prices in pence, limits and trial", () => {
    expect(PLANS.starter).toMatchObject({
      oneOffPence: 14900,
      monthlyPence: 1900,
      maxLocations: 1,
      trialDays: 0,
    });
    expect(PLANS.pro).toMatchObject({
      oneOffPence: 24900,
      monthlyPence: 3900,
      maxLocations: 3,
      trialDays: 3,
    });
    expect(PLANS.business).toMatchObject({ oneOffPence: 39900, monthlyPence: 9900, maxLocations: null });
  });
});

describe("what each plan unlocks", () => {
  it("gives Starter none of logo, CSV, breaks or the assistant", () => {
    for (const feature of [
      "logoUpload",
      "csvExport",
      "dailyBreakSettings",
      "employeeBreaks",
      "aiAssistant",
    ] as const) {
      expect(hasFeature(starter, feature)).toBe(false);
      expect(hasFeature(pro, feature)).toBe(true);
      expect(hasFeature(business, feature)).toBe(true);
    }
  });

  it("gives VIP accounts the assistant on any plan, and no other feature", () => {
    expect(hasFeature({ plan: "starter", isVip: true }, "aiAssistant")).toBe(true);
    expect(hasFeature({ plan: "starter", isVip: true }, "csvExport")).toBe(false);
  });

  it("treats an unknown plan as Starter", () => {
    expect(hasFeature({ plan: "gold", isVip: false }, "csvExport")).toBe(false);
  });
});

describe("plan info", () => {
  it("answers Starter's limits, with the 7-day report only", () => {
    expect(planInfo(starter, { locations: 1, employees_by_location: [] })).toEqual({
      plan: "starter",
      limits: {
        max_employees_per_location: 10,
        max_locations: 1,
        available_reports: ["7_days"],
        can_upload_logo: false,
        has_ai_assistant: false,
      },
      current_usage: { locations: 1, employees_by_location: [] },
      is_vip: false,
    });
  });

  it("answers null for unlimited: Business locations, and everything for Business + VIP", () => {
    expect(planInfo(business, { locations: 7, employees_by_location: [] }).limits).toMatchObject({
      max_employees_per_location: 150,
      max_locations: null,
      available_reports: ["7_days", "14_days", "monthly"],
    });
    const vip = planInfo({ plan: "business", isVip: true }, { locations: 7, employees_by_location: [] });
    expect(vip.limits.max_employees_per_location).toBeNull();
    expect(vip.limits.max_locations).toBeNull();
    expect(vip.is_vip).toBe(true);
  });

  it("falls back to Starter's limits", () => {
    expect(STARTER_FALLBACK.limits).toMatchObject({ max_employees_per_location: 10, max_locations: 1 });
  });

  it("makes subscription_status 'admin' an admin user", () => {
    expect(userType("admin")).toBe("admin");
    expect(userType("active")).toBe("manager");
  });
});
