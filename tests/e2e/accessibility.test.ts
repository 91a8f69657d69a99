import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { managerWithLocation, openDashboard } from "./support/accounts";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { launchBrowser, newPage, waitForApp } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string): Promise<Page> {
  const page = await newPage(browser);
  await page.goto(path);
  await waitForApp(page);
  return page;
}

// No serious or critical axe-core violations. A new screen is one more line here.
describe("accessibility (axe-core), in Chromium", () => {
  for (const path of [
    "/",
    "/time-tracking-software",
    "/small-business-time-clock",
    "/retail-attendance-software",
    "/manager-dashboard",
    "/kiosk",
    "/attendance/anything",
  ]) {
    it(`${path}`, async () => {
      await expectNoSeriousA11yViolations(await open(path));
    });
  }

  it("/time-tracking-software on a phone (the plan table fits, nothing scrolls sideways)", async () => {
    const page = await newPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/time-tracking-software#compare");
    await waitForApp(page);
    await expectNoSeriousA11yViolations(page);
  });

  it("/ with the Demo tab", async () => {
    const page = await open("/");
    await page.getByRole("tab", { name: "Demo" }).click();
    await expectNoSeriousA11yViolations(page);
  });

  it("/ with Find your plan open and a plan recommended", async () => {
    const page = await open("/");
    await page.getByRole("button", { name: "Find your plan" }).first().click();
    await page.getByRole("button", { name: "Retail & Chain Stores" }).click();
    await page.getByRole("heading", { name: "We recommend Pro" }).waitFor();
    await expectNoSeriousA11yViolations(page);
  });

  it("/ with the Privacy Policy open from the footer", async () => {
    const page = await open("/");
    await page.getByRole("contentinfo").getByRole("button", { name: "Privacy Policy" }).click();
    await page.getByRole("dialog", { name: "Privacy Policy" }).waitFor();
    await expectNoSeriousA11yViolations(page);
  });

  it("/manager-dashboard sign-up", async () => {
    const page = await open("/manager-dashboard");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("heading", { name: "Create Account" }).waitFor();
    await expectNoSeriousA11yViolations(page);
  });

  it("the signed-in dashboard: Live Status and Employees", async () => {
    const manager = await managerWithLocation("Ada Lovelace", "Marylebone Studio");
    await manager.addEmployee("Charles", "Babbage", "1842");
    const page = await newPage(browser);
    await openDashboard(page, manager.session);
    await page.getByText("Nobody is checked in right now.").waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("tab", { name: "Employees" }).click();
    await page.getByRole("rowheader", { name: "Charles Babbage" }).waitFor();
    await expectNoSeriousA11yViolations(page);
  });

  it("the signed-in dashboard: Hours, its staff hours and timesheets", async () => {
    const manager = await managerWithLocation("Katherine Johnson", "Hampton Roasters");
    await manager.addEmployee("Dorothy", "Vaughan", "1910");
    const page = await newPage(browser);
    await openDashboard(page, manager.session);
    await page.getByRole("tab", { name: "Hours" }).click();
    await page.getByRole("heading", { name: "Staff Hours Overview" }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Timesheets", exact: true }).click();
    await page
      .getByRole("button", { name: /^Add entry for Dorothy Vaughan on / })
      .first()
      .click();
    await page.getByRole("dialog").getByLabel("Reason for the change").waitFor();
    await expectNoSeriousA11yViolations(page);
  });

  it("the signed-in dashboard: Rota, its grid and the add-shift dialog", async () => {
    const manager = await managerWithLocation("Mary Seacole", "Lambeth Kitchen");
    await manager.addEmployee("Florence", "Nightingale", "1820");
    const page = await newPage(browser);
    await openDashboard(page, manager.session);
    await page.getByRole("tab", { name: "Rota" }).click();
    await page.getByRole("rowheader", { name: "Florence Nightingale" }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page
      .getByRole("button", { name: /^Add shift: Florence Nightingale, / })
      .first()
      .click();
    await page
      .getByRole("dialog", { name: /^Add shift/ })
      .getByLabel("Start")
      .waitFor();
    await expectNoSeriousA11yViolations(page);
  });

  it("the signed-in dashboard: Attendance Form", async () => {
    const manager = await managerWithLocation("Grace Hopper", "Greenwich Works");
    const page = await newPage(browser);
    await openDashboard(page, manager.session);
    await page.getByRole("tab", { name: "Attendance Form" }).click();
    await page.getByRole("group", { name: "Background theme" }).waitFor();
    await page.getByText("No paired devices.", { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(page);
  });

  it("the kiosk's PIN step", async () => {
    const manager = await managerWithLocation("Mary Seacole", "Kingston Pharmacy");
    await manager.addEmployee("Florence", "Night", "1820");
    const page = await open(`/attendance/${manager.locationId}`);
    await page.getByRole("button", { name: "Check In" }).click();
    await page.getByRole("button", { name: "F", exact: true }).click();
    await page.getByRole("button", { name: /Florence Night/ }).click();
    await page.getByLabel("Enter your 4-digit PIN").waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});
