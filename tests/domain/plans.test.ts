import { describe, expect, it } from "vitest";
import {
  cheapestPlanWith,
  type Feature,
  featureDeniedMessage,
  hasFeature,
  includesReport,
  reportDeniedMessage,
} from "../../worker/domain/plans";

const FEATURES: Feature[] = [
  "dailyBreakSettings",
  "employeeBreaks",
  "csvExport",
  "logoUpload",
  "aiAssistant",
];

describe("plan features (docs/plans-and-billing.md)", () => {
  it("gives Starter none of the paid features, Pro and Business all of them", () => {
    for (const feature of FEATURES) {
      expect(hasFeature({ plan: "starter" }, feature), feature).toBe(false);
      expect(hasFeature({ plan: "pro" }, feature), feature).toBe(true);
      expect(hasFeature({ plan: "business" }, feature), feature).toBe(true);
      expect(cheapestPlanWith(feature)?.name).toBe("Pro");
    }
  });

  it("treats an unknown plan as Starter", () => {
    expect(hasFeature({ plan: "platinum" }, "csvExport")).toBe(false);
  });

  it("gives Starter 7-day reports, Pro and Business 7-day, 14-day and monthly", () => {
    expect(
      ["7_days", "14_days", "monthly"].map((k) => includesReport({ plan: "starter" }, k as "7_days")),
    ).toEqual([true, false, false]);
    expect(includesReport({ plan: "pro" }, "monthly")).toBe(true);
    expect(includesReport({ plan: "business" }, "14_days")).toBe(true);
  });

  it("names the plans that have what was refused", () => {
    expect(featureDeniedMessage("dailyBreakSettings")).toBe(
      "Daily break settings are available on the Pro and Business plans. Upgrade to unlock them.",
    );
    expect(featureDeniedMessage("csvExport")).toContain("requires Pro or Business plan");
    expect(featureDeniedMessage("aiAssistant")).toBe(
      "AI Assistant is only available for Pro and Business plan users. Upgrade your plan to access this feature.",
    );
    expect(reportDeniedMessage("14_days")).toBe(
      "14-day reports are available on the Pro and Business plans. Upgrade to see them.",
    );
  });
});
