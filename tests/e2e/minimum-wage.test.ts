import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, managerWithLocation, openDashboard } from "./support/accounts";
import { upgradeToPro } from "./support/assistant";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectToast, launchBrowser, newPage, screenshot } from "./support/browser";
import { localDate } from "./support/london-time";
import { PHONE } from "./support/phone";

// The minimum wage's apprentices and accommodation in Chromium (docs/compliance.md): recorded in the Employees
// tab's pay terms, and counted by the Compliance tab's minimum-wage check.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** yyyy-mm-dd of an instant in London, as a date input takes it. */
const inputDate = (instant: number) => localDate(instant).split("/").reverse().join("-");

/** Tom's minimum-wage finding in the Compliance tab, opened afresh. */
async function wageFinding(page: Page) {
  await page.getByRole("tab", { name: "Compliance" }).click();
  const tom = page.getByRole("article", { name: "Tom Reed" });
  // The week's figures are in: its findings, if any, are too.
  await tom.getByText(/a week on average/).waitFor();
  return tom.getByRole("listitem").filter({ hasText: "National Minimum Wage" });
}

async function savePayTerms(page: Page, fill: (dialog: ReturnType<Page["getByRole"]>) => Promise<void>) {
  await page.getByRole("tab", { name: "Employees" }).click();
  await page.getByRole("button", { name: "Pay terms for Tom Reed" }).click();
  const dialog = page.getByRole("dialog");
  await fill(dialog);
  await dialog.getByRole("button", { name: "Save pay terms" }).click();
  await expectToast(page, "Pay terms saved for Tom");
  await dialog.waitFor({ state: "detached" });
}

describe("the minimum wage's apprentices and accommodation, in Chromium", () => {
  it("records an apprenticeship and a room in the pay terms, and the shortfall shown follows them", async () => {
    const shop = await managerWithLocation("Owen Price", "Aberaeron Harbour Hotel");
    const token = shop.session.session_id;
    const session = { ...shop.session, user: await upgradeToPro(token) };
    const { employee: tom } = await shop.addEmployee("Tom", "Reed", "4812");
    // Tom is 20, paid £9.00 an hour: below the 18-20 rate, above the apprenticeship rate.
    const born = `${new Date().getUTCFullYear() - 20}-01-15`;
    await call(
      "PUT",
      `/manager/employee-pay/${shop.locationId}/${tom.id}`,
      { payroll_id: null, contracted_weekly_hours: null, hourly_rate: 9, date_of_birth: born },
      token,
    );
    // An 8-hour shift eight days ago, in a weekly pay period that has ended.
    const start = Math.floor((Date.now() - 8 * DAY) / HOUR) * HOUR;
    await call(
      "POST",
      `/manager/timesheets/${shop.locationId}/entries`,
      {
        employee_id: tom.id,
        check_in_at: new Date(start).toISOString(),
        check_out_at: new Date(start + 8 * HOUR).toISOString(),
        reason: "Paper timesheet from the week's rota",
      },
      token,
    );

    const page = await newPage(browser);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openDashboard(page, session);
    const before = await wageFinding(page);
    await before.getByText(/below the minimum of £\d+\.\d\d an hour\.$/).waitFor();

    // He began his apprenticeship six months ago: the apprenticeship rate applies, and nothing is owed.
    const began = inputDate(Date.now() - 182 * DAY);
    await savePayTerms(page, async (dialog) => {
      await dialog.getByRole("group", { name: "Minimum wage" }).waitFor();
      await dialog.getByLabel("Apprenticeship started").fill(began);
      await screenshot(page, "minimum-wage-dialog-1440");
    });
    await page.reload();
    expect(await (await wageFinding(page)).count()).toBe(0);

    // A room 7 days a week at £150.00 takes £72.30 a week off his pay for the minimum wage (above the £77.70
    // offset): owed again. A charge the dialog refuses says why beside its field first.
    await savePayTerms(page, async (dialog) => {
      await dialog.getByLabel("Accommodation days a week").fill("7");
      await dialog.getByRole("button", { name: "Save pay terms" }).click();
      await dialog.getByText(/Give both the days a week accommodation is provided/).waitFor();
      expect(await dialog.getByLabel("Accommodation days a week").getAttribute("aria-invalid")).toBe("true");
      await dialog.getByLabel("Accommodation charge a week (£)").fill("150");
    });
    await page.reload();
    const charged = await wageFinding(page);
    await charged.getByText(/charged for accommodation above the offset/).waitFor();
    await charged.getByText(/\(the apprenticeship rate\)\.$/).waitFor();
    await charged.scrollIntoViewIfNeeded();
    await screenshot(page, "minimum-wage-finding-1440");

    // Charged no more than the offset, the room takes nothing off: the shortfall goes.
    await savePayTerms(page, async (dialog) => {
      expect(await dialog.getByLabel("Accommodation charge a week (£)").inputValue()).toBe("150.00");
      await dialog.getByLabel("Accommodation charge a week (£)").fill("50");
    });
    await page.reload();
    expect(await (await wageFinding(page)).count()).toBe(0);

    const { employee_pay } = await call<{ employee_pay: Record<string, unknown>[] }>(
      "GET",
      `/manager/employee-pay/${shop.locationId}`,
      undefined,
      token,
    );
    expect(employee_pay[0]).toMatchObject({
      apprenticeship_start: began,
      accommodation_days_per_week: 7,
      accommodation_weekly_charge: 50,
    });

    await page.getByRole("tab", { name: "Employees" }).click();
    await page.getByRole("button", { name: "Pay terms for Tom Reed" }).click();
    await page.getByRole("dialog").getByLabel("Apprenticeship started").waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(PHONE);
    await page.getByRole("dialog").getByRole("group", { name: "Minimum wage" }).scrollIntoViewIfNeeded();
    await screenshot(page, "minimum-wage-dialog-390");
  });
});
