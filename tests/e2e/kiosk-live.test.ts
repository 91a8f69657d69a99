import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { managerWithLocation, openDashboard } from "./support/accounts";
import { expectToast, launchBrowser, newPage, screenshot } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("kiosk and Live Status, in Chromium", () => {
  it("a check-in at the kiosk appears on an open dashboard without a reload", async () => {
    const manager = await managerWithLocation();
    await manager.addEmployee("Zara", "Ahmed", "4321");
    await manager.addEmployee("Zoe", "Baker", "1234");

    const dashboard = await newPage(browser);
    await openDashboard(dashboard, manager.session);
    await dashboard.getByText("Live", { exact: true }).waitFor();
    await dashboard.getByText("Nobody is checked in right now.").waitFor();

    const kiosk = await newPage(browser);
    await kiosk.goto(`/attendance/${manager.locationId}`);
    await kiosk.getByRole("heading", { name: "Deptford Bakery" }).waitFor();
    await kiosk.getByRole("button", { name: "Check In" }).click();
    await kiosk.getByRole("button", { name: "Z", exact: true }).click();
    await kiosk.getByRole("button", { name: /Zara Ahmed/ }).click();

    const pin = kiosk.getByLabel("Enter your 4-digit PIN");
    await pin.pressSequentially("9a9b99"); // non-digits are stripped, and it stops at 4
    expect(await pin.inputValue()).toBe("9999");
    await pin.press("Enter");
    await expectToast(kiosk, "Incorrect PIN - Please try again");
    expect(await pin.inputValue()).toBe("");

    await pin.fill("4321");
    await kiosk.getByRole("button", { name: "Check In" }).click();
    await kiosk
      .getByText(/^Checked in at \d\d:\d\d$/)
      .first()
      .waitFor();
    await screenshot(kiosk, "kiosk-checked-in");

    // The dashboard hears it from the location's hub: no reload, no polling wait.
    const row = dashboard.locator(".person-list li", { hasText: "Zara Ahmed" });
    await row.waitFor({ timeout: 5000 });
    expect(
      await dashboard.locator(".stat", { hasText: "Checked in now" }).locator(".stat__value").textContent(),
    ).toBe("1");
    await screenshot(dashboard, "dashboard-live-status");

    // After 2 seconds the kiosk is back at the first step for the next person.
    await kiosk.getByRole("button", { name: "Check Out" }).waitFor({ timeout: 5000 });
  });

  it("locks an employee after five wrong PINs and sends the kiosk back to the name list", async () => {
    const manager = await managerWithLocation("Isla Murray", "Leith Deli");
    await manager.addEmployee("Quinn", "Reid", "2468");
    const kiosk = await newPage(browser);
    await kiosk.goto(`/attendance/${manager.locationId}`);
    await kiosk.getByRole("button", { name: "Check In" }).click();
    await kiosk.getByRole("button", { name: "Q", exact: true }).click();
    await kiosk.getByRole("button", { name: /Quinn Reid/ }).click();
    const pin = kiosk.getByLabel("Enter your 4-digit PIN");
    for (let i = 0; i < 4; i++) {
      await pin.fill(`000${i}`);
      await pin.press("Enter");
      await expect.poll(() => pin.inputValue()).toBe("");
    }
    await pin.fill("0004");
    await pin.press("Enter");
    await expectToast(kiosk, "Account temporarily locked due to too many incorrect attempts");
    await kiosk.getByRole("button", { name: /Quinn Reid/ }).waitFor();
  });

  it("explains an unpaired /kiosk", async () => {
    const page = await newPage(browser);
    await page.goto("/kiosk");
    await page.getByRole("heading", { name: "This device is not a kiosk yet" }).waitFor();
  });
});
