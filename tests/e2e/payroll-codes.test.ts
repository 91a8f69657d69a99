import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, managerWithLocation, openDashboard } from "./support/accounts";
import { upgradeToPro } from "./support/assistant";
import { launchBrowser, newPage } from "./support/browser";
import { isoDate, mondayOf } from "./support/london-time";

// The account's payroll codes in Chromium (docs/payroll-exports.md, "Pay codes per format"): set once in
// the Hours tab, refused with the element and the format named, and shown beside each format in the export.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** For looking at, not for the repository. */
async function look(page: Page, name: string, selector: string) {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.locator(selector).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/${name}-${width}.png` });
  }
}

describe("payroll codes, in Chromium", () => {
  it("are saved once for the account, refused naming the element and format, and shown beside each format", async () => {
    const shop = await managerWithLocation("Carys Pugh", "Bala Lakeside Cafe");
    const token = shop.session.session_id;
    const session = { ...shop.session, user: await upgradeToPro(token) };
    // Someone worked last Monday, so last week's pay period has a timesheet to export.
    const { employee } = await shop.addEmployee("Tom", "Reed", "4812");
    const lastMonday = isoDate(mondayOf(Date.now() - 7 * 24 * 3_600_000));
    await call(
      "POST",
      `/manager/timesheets/${shop.locationId}/entries`,
      {
        employee_id: employee.id,
        check_in_at: `${lastMonday}T10:00:00Z`,
        check_out_at: `${lastMonday}T14:00:00Z`,
        reason: "Worked the market stall",
      },
      token,
    );
    const page = await newPage(browser);
    await openDashboard(page, session);
    await page.getByRole("tab", { name: "Hours" }).click();
    const card = page.locator(".pay-codes");
    const sage = card.getByRole("group", { name: "Sage 50 Payroll" });
    await sage.getByLabel("Overtime").fill("OVERTIME");
    await card.getByRole("button", { name: "Save payroll codes" }).click();
    await card
      .getByRole("alert")
      .getByText(
        `Sage 50 Payroll's code for overtime must be a Sage payment number, a whole number from 1 to 9999: "OVERTIME" is not`,
      )
      .waitFor();
    await sage.getByLabel("Overtime").fill("7");
    await card.getByLabel("Pay rolled-up holiday pay").check();
    await card.getByRole("button", { name: "Save payroll codes" }).click();
    await page.getByText("Payroll codes saved: every payroll export uses them").waitFor();
    await look(page, "payroll-codes-card", ".pay-codes");

    await page.reload();
    await page.getByRole("tab", { name: "Hours" }).click();
    await expect.poll(() => sage.getByLabel("Overtime").inputValue()).toBe("7");
    expect(await card.getByLabel("Pay rolled-up holiday pay").isChecked()).toBe(true);

    await page.getByRole("button", { name: "Timesheets", exact: true }).click();
    await page.getByRole("button", { name: "Pay periods" }).click();
    await page.getByLabel("Pay period", { exact: true }).selectOption(`pay_${lastMonday}`);
    await page
      .getByLabel("Payroll format")
      .selectOption({ label: "Sage 50 Payroll (multi-timesheet import)" });
    await page
      .getByText(
        "Codes: basic hours: 1 · overtime: 7 · premium-day hours: 3 · rolled-up holiday pay: 4. Change them in Hours → Payroll codes.",
      )
      .waitFor();
    await page.getByLabel("Payroll format").selectOption({ label: "BrightPay (hourly payments)" });
    await page.getByText(/^Codes: basic hours: normal hours · overtime: its column/).waitFor();
    await look(page, "payroll-codes-export", ".payroll-export");
  });
});
