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

describe("the Employees tab, in Chromium", () => {
  it("adds an employee, records leave, filters and deactivates", async () => {
    const manager = await managerWithLocation("Hannah Price", "Whitby Fish Bar");
    await manager.addEmployee("Oscar", "Lewis", "1357");
    const page = await newPage(browser);
    await openDashboard(page, manager.session);
    await page.getByRole("tab", { name: "Employees" }).click();

    await page.getByLabel("First name").fill("Mia");
    await page.getByLabel("Last name").fill("Thompson");
    await page.getByLabel("4-digit PIN").fill("12a4");
    expect(await page.getByLabel("4-digit PIN").inputValue()).toBe("124");
    await page.getByRole("button", { name: "Add Employee" }).click();
    await expectToast(page, "PIN must be exactly 4 digits");
    await page.getByLabel("4-digit PIN").fill("1248");
    await page.getByLabel("E-mail (optional)").fill(" Mia.Thompson@Example.com ");
    await page.getByRole("button", { name: "Add Employee" }).click();
    await page.getByRole("rowheader", { name: "Mia Thompson" }).waitFor();
    // Saved as the rota's e-mails will use it: trimmed and lower-cased, shown in her row.
    await page
      .getByRole("row", { name: /Mia Thompson/ })
      .getByText("mia.thompson@example.com")
      .waitFor();

    await page.getByRole("button", { name: "Change name of Oscar Lewis" }).click();
    const nameDialog = page.getByRole("dialog");
    await nameDialog.getByLabel("E-mail (optional)").fill("oscar@whitbyfish.co.uk");
    await nameDialog.getByRole("button", { name: "Save name" }).click();
    await page
      .getByRole("row", { name: /Oscar Lewis/ })
      .getByText("oscar@whitbyfish.co.uk")
      .waitFor();
    await screenshot(page, "employees-email");

    await page.getByRole("button", { name: "Status for Mia Thompson" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Status").selectOption("holiday");
    await dialog.getByLabel(/Note/).fill("Fortnight in Cornwall");
    await dialog.getByRole("button", { name: "Save status" }).click();
    await page.getByText("Fortnight in Cornwall").waitFor();

    await page.getByLabel("Status filter").selectOption("on_leave");
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await screenshot(page, "employees-tab");
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect.poll(() => page.locator("tbody tr").count()).toBe(2);

    await page.getByRole("button", { name: "Deactivate Oscar Lewis" }).click();
    await page.getByRole("button", { name: "Activate Oscar Lewis" }).waitFor();
    await page.getByLabel("Status filter").selectOption("inactive");
    // Up to 10 s: on a busy machine the list fetched again after the change can take a few seconds.
    await expect.poll(() => page.locator("tbody tr").count(), { timeout: 10_000 }).toBe(1);
  });
});
