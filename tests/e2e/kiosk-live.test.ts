import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { managerWithLocation, openDashboard } from "./support/accounts";
import { baseUrl, expectToast, launchBrowser, newPage, screenshot } from "./support/browser";

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

  it("warns the manager on Live Status, as it happens, when someone guesses PINs at the public kiosk", async () => {
    const manager = await managerWithLocation("Nia Roberts", "Cardiff Bay Café");
    const staff = [];
    for (const first of ["Alys", "Bryn", "Cari", "Dyfan", "Eira"]) {
      staff.push((await manager.addEmployee(first, "Jones", "2468")).employee.username);
    }
    const dashboard = await newPage(browser);
    await openDashboard(dashboard, manager.session);
    await dashboard.getByText("Live", { exact: true }).waitFor();
    expect(await dashboard.getByText(/Possible PIN guessing/).count()).toBe(0);

    // An outsider with the location's id: four wrong PINs for each of five people spend the page's budget.
    for (const username of staff) {
      for (let i = 0; i < 4; i++) {
        await fetch(`${baseUrl()}/api/kiosk/submit/${manager.locationId}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ username, pin: "1357", action: "check_in" }),
        });
      }
    }
    const notice = dashboard
      .getByRole("alert")
      .filter({ hasText: "Possible PIN guessing at the public kiosk page." });
    await notice.waitFor({ timeout: 5000 });
    expect(await notice.textContent()).toMatch(/20 wrong PINs since \d\d:\d\d/);
    expect(await notice.textContent()).toMatch(/paused until \d\d:\d\d; your other kiosks keep working/);
    await screenshot(dashboard, "live-status-pin-alert");
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

  it("pairs this browser as the location's kiosk, and clocks in from the dashboard overlay", async () => {
    const manager = await managerWithLocation("Rhys Jones", "Cardiff Bay Café");
    await manager.addEmployee("Wyn", "Evans", "7531");
    const page = await newPage(browser);
    page.on("dialog", (dialog) => void dialog.accept());
    await openDashboard(page, manager.session);

    await page.getByRole("button", { name: "Clock someone in here" }).click();
    const overlay = page.getByRole("dialog", { name: "Kiosk for Cardiff Bay Café" });
    await overlay.getByRole("button", { name: "Check In" }).click();
    await overlay.getByRole("button", { name: "W", exact: true }).click();
    await overlay.getByRole("button", { name: /Wyn Evans/ }).click();
    await overlay.getByLabel("Enter your 4-digit PIN").fill("7531");
    await overlay.getByLabel("Enter your 4-digit PIN").press("Enter");
    await overlay
      .getByText(/^Checked in at/)
      .first()
      .waitFor();
    await overlay.getByRole("button", { name: "Close", exact: true }).click();
    await page.locator(".person-list li", { hasText: "Wyn Evans" }).waitFor();

    await page.getByRole("button", { name: "Use this browser as a kiosk" }).click();
    await page.waitForURL((url) => url.pathname === "/kiosk");
    await page.getByRole("heading", { name: "Cardiff Bay Café" }).waitFor();
    await page.getByRole("button", { name: "Check Out" }).click();
    await page.getByRole("button", { name: "W", exact: true }).click();
    await page.getByRole("button", { name: /Wyn Evans/ }).click();
    await page.getByLabel("Enter your 4-digit PIN").fill("7531");
    await page.getByRole("button", { name: "Check Out" }).click();
    await page
      .getByText(/^Checked out at/)
      .first()
      .waitFor();
  });

  it("loads React and the kiosk, without React Router, sonner or the app's screens", async () => {
    const modulesOf = async (path: string, heading: string) => {
      const page = await newPage(browser);
      const requested: string[] = [];
      page.on("request", (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(path);
      await page.getByRole("heading", { name: heading }).waitFor();
      return requested;
    };
    const APP_ONLY = /react-router|sonner|\/app\/(main|router)\.tsx|\/app\/routes\//;
    // What the kiosk must not load, the app does load (the dev server serves each module on its own).
    expect(
      (await modulesOf("/manager-dashboard", "Welcome Back")).filter((p) => APP_ONLY.test(p)),
    ).not.toEqual([]);
    const kiosk = await modulesOf("/attendance/no-such-location", "Kiosk unavailable");
    expect(kiosk).toContain("/app/kiosk-main.tsx");
    expect(kiosk.filter((path) => APP_ONLY.test(path))).toEqual([]);
  });

  it("goes to the kiosk's own page when the app's router is sent to a kiosk address", async () => {
    const page = await newPage(browser);
    await page.goto("/manager-dashboard");
    await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
    // A history step (as a <Link> or navigate() would make): the router sees the address, no page loads.
    await page.evaluate(() => {
      history.pushState(null, "", "/attendance/no-such-location");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.getByRole("heading", { name: "Kiosk unavailable" }).waitFor();
    expect(await page.locator('script[src="/app/kiosk-main.tsx"]').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/attendance/no-such-location");
  });

  it("explains an unpaired /kiosk", async () => {
    const page = await newPage(browser);
    await page.goto("/kiosk");
    await page.getByRole("heading", { name: "This device is not a kiosk yet" }).waitFor();
  });
});
