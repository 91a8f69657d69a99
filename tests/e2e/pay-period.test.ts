import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, managerWithLocation, openDashboard } from "./support/accounts";
import { upgradeToPro } from "./support/assistant";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { isoDate, LONDON, localDate, mondayOf } from "./support/london-time";

// Pay periods in Chromium: approving one that has not ended asks first, and a payroll export refused for want
// of payroll IDs links to the Employees tab showing just the employees it names.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DAY = 24 * 3_600_000;

async function proShop(name: string, business: string) {
  const shop = await managerWithLocation(name, business);
  const token = shop.session.session_id;
  return { ...shop, token, session: { ...shop.session, user: await upgradeToPro(token) } };
}

async function openPayPeriod(page: Page, period: string) {
  await page.getByRole("tab", { name: "Hours" }).click();
  await page.getByRole("button", { name: "Timesheets", exact: true }).click();
  await page.getByRole("button", { name: "Pay periods" }).click();
  await page.getByLabel("Pay period", { exact: true }).selectOption(period);
}

describe("pay periods, in Chromium", () => {
  it("ask before approving one that has not ended, and approve it only when told to", async () => {
    const shop = await proShop("Nia Hughes", "Conwy Quay Fish Bar");
    await shop.addEmployee("Tom", "Reed", "4812");
    const monday = mondayOf(Date.now());
    const sunday = localDate(monday + 6 * DAY);
    const weekday = new Date(monday + 6 * DAY).toLocaleDateString("en-GB", {
      timeZone: LONDON,
      weekday: "long",
    });

    const page = await newPage(browser);
    await openDashboard(page, shop.session);
    await openPayPeriod(page, `pay_${isoDate(monday)}`);

    await page.getByRole("button", { name: "Approve pay period" }).click();
    const ask = page.getByRole("dialog", { name: "Approve this pay period early?" });
    await ask.getByText(`This period runs to ${weekday} ${sunday.slice(0, 5)}. Approve it now?`).waitFor();
    expect(weekday).toBe("Sunday");
    await screenshot(page, "pay-period-early");
    await ask.getByRole("button", { name: "Cancel" }).click();
    await ask.waitFor({ state: "detached" });
    // Nothing was approved.
    await page.getByText(/^Not approved yet\./).waitFor();
    expect(await page.getByText("Locked", { exact: true }).count()).toBe(0);

    await page.getByRole("button", { name: "Approve pay period" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Approve now" }).click();
    await page.getByText("Locked", { exact: true }).waitFor();
    // The banner says who approved it.
    await page.getByText(/^Approved and locked: 1 employee\..* Approved by Nia Hughes\.$/).waitFor();
  });

  it("link a refusal for want of payroll IDs to the Employees tab showing just those employees", async () => {
    const shop = await proShop("Rhys Morgan", "Tenby Harbour Ices");
    const { employee: tom } = await shop.addEmployee("Tom", "Reed", "4812");
    const { employee: ravi } = await shop.addEmployee("Ravi", "Nash", "9051");
    await call(
      "PUT",
      `/manager/employee-pay/${shop.locationId}/${tom.id}`,
      { payroll_id: "1042", contracted_weekly_hours: null, hourly_rate: 12.21 },
      shop.token,
    );
    // Last week, both worked Monday morning; the pay period is approved.
    const lastMonday = isoDate(mondayOf(Date.now() - 7 * DAY));
    for (const employee of [tom, ravi]) {
      await call(
        "POST",
        `/manager/timesheets/${shop.locationId}/entries`,
        {
          employee_id: employee.id,
          check_in_at: `${lastMonday}T10:00:00Z`,
          check_out_at: `${lastMonday}T14:00:00Z`,
          reason: "Worked the market stall",
        },
        shop.token,
      );
    }
    const period = `pay_${lastMonday}`;
    await call("POST", `/manager/timesheets/${shop.locationId}/approve`, { period }, shop.token);

    const page = await newPage(browser);
    await openDashboard(page, shop.session);
    await openPayPeriod(page, period);
    await page.getByLabel("Payroll format").selectOption({ label: "BrightPay (hourly payments)" });
    await page.getByRole("button", { name: "Download for payroll" }).click();
    const refusal = page.getByRole("alert");
    await refusal.getByText("Add a payroll ID (works number) in the Employees tab for: Ravi Nash.").waitFor();
    await screenshot(page, "payroll-refusal-link");
    await refusal.getByRole("link", { name: "Open them in Employees" }).click();

    await expect
      .poll(() => page.getByRole("tab", { name: "Employees" }).getAttribute("aria-selected"))
      .toBe("true");
    const table = page.locator(".employee-table");
    await table.getByText("Ravi Nash").waitFor();
    expect(await table.getByText("Tom Reed").count()).toBe(0);
    await page.getByText("Showing 1 of 2 employees: Ravi Nash.").waitFor();
    // The link did its work: the address is the dashboard's own again.
    expect(new URL(page.url()).search).toBe("");
    await screenshot(page, "employees-linked");
    await page.getByRole("button", { name: "Show all employees" }).click();
    await table.getByText("Tom Reed").waitFor();
    // The break card says the overtime the pay rules set, not "overtime after" the workday.
    await page.getByText(/Overtime pay: None \(Hours → Overtime and pay codes\)\./).waitFor();

    // Clocked's own CSV needs no payroll ID: it downloads, and says whose column is empty.
    await openPayPeriod(page, period);
    await page.getByLabel("Payroll format").selectOption({ label: "Clocked payroll CSV" });
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download for payroll" }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    await page.getByText(/Their payroll_id column is empty for Ravi Nash\./).waitFor();
  });

  it("state the deducted break as configured and the statutory break as the law has it", async () => {
    const shop = await proShop("Ffion Jones", "Aberaeron Honey");
    const page = await newPage(browser);
    await openDashboard(page, shop.session);
    await page.getByRole("tab", { name: "Hours" }).click();
    const card = page.getByRole("region", { name: "Daily Break Settings" });
    await card
      .getByText(/A 30-minute break is deducted once a day, only on days worked over 6 hours/)
      .waitFor();
    await card.getByText(/uninterrupted rest break of at least 20 minutes/).waitFor();
    expect(await card.textContent()).not.toContain("(the UK statutory rest break)");
  });
});
