import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, demoManager, managerWithLocation, openDashboard } from "./support/accounts";
import { checkInAtKiosk, upgradeToPro } from "./support/assistant";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { PHONE, settled, touchDevice } from "./support/phone";
import { sidewaysOverflow } from "./support/sideways";

// A new location's setup checklist on the dashboard (docs/setup-checklist.md): each step says what to do
// and opens the tab where it is done; it ticks itself as the manager works and is gone once done.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
const opened: Page[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((page) => page.context().close()));
});

const checklist = (page: Page) => page.getByRole("region", { name: /^Get .+ ready$/ });
const steps = (page: Page) =>
  checklist(page)
    .locator(".setup-step")
    .evaluateAll((items) =>
      items.map(
        (item) =>
          `${item.querySelector(".setup-step__title")?.textContent} ${item.getAttribute("data-state")}`,
      ),
    );
const selectedTab = (page: Page) => page.locator("[role='tab'][aria-selected='true']").textContent();

describe("the setup checklist, in Chromium", () => {
  it("takes a new Starter location from its first employee to its first punch on a phone, then goes", async () => {
    const shop = await managerWithLocation("Megan Hughes", "Llandudno Pier Kiosk");
    const page = await touchDevice(browser, PHONE);
    opened.push(page);
    await openDashboard(page, shop.session);
    const card = checklist(page);
    await card.waitFor();
    expect(await card.getByText("1 of 3 steps done").isVisible()).toBe(true);
    // On a phone, the next step alone: what to do, and the way there.
    expect(await steps(page)).toEqual(["Add your staff (to do) to-do"]);
    expect(await card.getByText(/Each gets a 4-digit PIN/).isVisible()).toBe(true);
    await screenshot(page, "setup-checklist-phone");
    expect(await sidewaysOverflow(page)).toEqual([]);

    const addStaff = card.getByRole("link", { name: "Add employees" });
    expect(await addStaff.getAttribute("href")).toBe("/manager-dashboard?tab=employees");
    await addStaff.click();
    expect(await selectedTab(page)).toBe("Employees");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("tab-employees");
    await page.getByLabel("First name").fill("Dylan");
    await page.getByLabel("Last name").fill("Roberts");
    await page.getByLabel("4-digit PIN").fill("2580");
    await page.getByRole("button", { name: "Add Employee" }).click();
    await card.getByText("2 of 3 steps done").waitFor();
    expect(await steps(page)).toEqual(["Open the kiosk (to do) to-do"]);
    expect(await card.getByRole("link", { name: "Open kiosk ↗" }).getAttribute("href")).toBe(
      `/attendance/${shop.locationId}`,
    );

    // Every step: the Pro ones say so, and offer the plans instead.
    await card.getByRole("button", { name: "All steps" }).click();
    expect(await steps(page)).toEqual([
      "Add your location (done) done",
      "Add your staff (done) done",
      "Open the kiosk (to do) to-do",
      "Set breaks and pay rules (on Pro and Business) not-on-plan",
      "Add payroll IDs (on Pro and Business) not-on-plan",
    ]);
    expect(await card.getByRole("button", { name: "See plans" }).count()).toBe(2);
    await settled(page);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await screenshot(page, "setup-checklist-phone-all-steps");

    // Dylan's first punch at the kiosk: the location's push brings the checklist up to date, and it goes.
    const { employees } = await call<{ employees: { username: string }[] }>(
      "GET",
      `/manager/employees/${shop.locationId}`,
      undefined,
      shop.session.session_id,
    );
    await checkInAtKiosk(shop.locationId, employees[0]?.username ?? "", "2580");
    await card.waitFor({ state: "detached", timeout: 30_000 });
  });

  it("leads a Pro manager to the pay schedule and payroll IDs on a wide screen, and can be dismissed", async () => {
    const shop = await managerWithLocation("Callum Reid", "Inverness Market Deli");
    const token = shop.session.session_id;
    const session = { ...shop.session, user: await upgradeToPro(token) };
    await shop.addEmployee("Isla", "Fraser", "7391");
    await call("POST", `/manager/kiosk-devices/${shop.locationId}`, { label: "Till tablet" }, token);

    const page = await newPage(browser);
    opened.push(page);
    await openDashboard(page, session);
    const card = checklist(page);
    await card.waitFor();
    expect(await card.getByText("3 of 5 steps done").isVisible()).toBe(true);
    expect(await steps(page)).toEqual([
      "Add your location (done) done",
      "Add your staff (done) done",
      "Open the kiosk (done) done",
      "Set breaks and pay rules (to do) to-do",
      "Add payroll IDs (to do) to-do",
    ]);
    expect(await card.getByText(/1 employee has none/).isVisible()).toBe(true);
    await screenshot(page, "setup-checklist-desktop");
    await expectNoSeriousA11yViolations(page);

    // "Go to Hours" opens the Hours tab at the pay schedule; saving it sets the rules.
    await card.getByRole("link", { name: "Go to Hours" }).click();
    expect(await selectedTab(page)).toMatch(/^Hours/);
    const schedule = page.getByRole("button", { name: "Save pay schedule" });
    await schedule.waitFor();
    await expect
      .poll(() => schedule.evaluate((button) => button.getBoundingClientRect().top < innerHeight))
      .toBe(true);
    await schedule.click();
    await card.getByText("4 of 5 steps done").waitFor();

    // "Go to Employees" for the payroll IDs; once Isla has hers, the checklist is done and goes.
    await card.getByRole("link", { name: "Go to Employees" }).click();
    expect(await selectedTab(page)).toBe("Employees");
    await page.getByRole("button", { name: "Pay terms for Isla Fraser" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Payroll ID (works number)").fill("IF-0042");
    await dialog.getByRole("button", { name: "Save pay terms" }).click();
    await card.waitFor({ state: "detached" });

    // Another new location: dismissed, it stays away on this browser.
    const other = await managerWithLocation("Ffion Davies", "Tenby Harbour Café");
    const second = await newPage(browser);
    opened.push(second);
    await openDashboard(second, other.session);
    await checklist(second).getByRole("button", { name: "Dismiss" }).click();
    await checklist(second).waitFor({ state: "detached" });
    await second.reload();
    await second.getByRole("tab", { name: "Live Status" }).waitFor();
    await settled(second);
    expect(await checklist(second).count()).toBe(0);
  });

  it("is not shown for the demo, which is set up", async () => {
    const page = await newPage(browser);
    opened.push(page);
    await openDashboard(page, await demoManager());
    await page.locator(".person-list__name").first().waitFor();
    await settled(page);
    expect(await checklist(page).count()).toBe(0);
  });
});
