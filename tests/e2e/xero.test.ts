import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, managerWithLocation, openDashboard } from "./support/accounts";
import { upgradeToPro } from "./support/assistant";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { isoDate, mondayOf } from "./support/london-time";

// Xero Payroll in Chromium against `npm run dev`'s own Xero sandbox (docs/xero.md, "Development"): the
// manager connects (Xero's sign-in page sends the browser straight back), matches two employees, chooses the
// earnings rate for basic hours, and sends last week's approved pay period.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DAY = 24 * 3_600_000;

describe("Xero Payroll, in Chromium", () => {
  it("connects Xero, matches two employees and sends an approved period, each employee Sent", async () => {
    const shop = await managerWithLocation("Cerys Price", "Mumbles Pier Cafe");
    const token = shop.session.session_id;
    const session = { ...shop.session, user: await upgradeToPro(token) };
    const { employee: jane } = await shop.addEmployee("Jane", "Smith", "4812");
    const { employee: ravi } = await shop.addEmployee("Ravi", "Kumar", "9051");
    // Jane's works number is her Xero employee number: Clocked suggests her match.
    await call(
      "PUT",
      `/manager/employee-pay/${shop.locationId}/${jane.id}`,
      { payroll_id: "JS01", contracted_weekly_hours: null, hourly_rate: 12.5 },
      token,
    );
    const lastMonday = isoDate(mondayOf(Date.now() - 7 * DAY));
    for (const employee of [jane, ravi]) {
      await call(
        "POST",
        `/manager/timesheets/${shop.locationId}/entries`,
        {
          employee_id: employee.id,
          check_in_at: `${lastMonday}T09:00:00Z`,
          check_out_at: `${lastMonday}T13:00:00Z`,
          reason: "Covered the morning",
        },
        token,
      );
    }
    const period = `pay_${lastMonday}`;
    await call("POST", `/manager/timesheets/${shop.locationId}/approve`, { period }, token);

    const page = await newPage(browser);
    await openDashboard(page, session);
    const menu = page.getByRole("button", { name: "Menu" });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole("button", { name: "Integrations" }).click();
    let dialog = page.getByRole("dialog", { name: "Integrations" });
    await dialog.getByRole("button", { name: "Xero Payroll" }).click();
    await dialog.getByRole("button", { name: "Connect Xero" }).click();

    // Back from Xero: the dialog opens at its Xero section, connected.
    await page.waitForURL(/\/manager-dashboard/);
    dialog = page.getByRole("dialog", { name: "Integrations" });
    await dialog.getByText("Connected to Demo Company (UK)").waitFor();
    const janeMatch = dialog.getByLabel("Xero employee for Jane Smith");
    await dialog.getByText("Suggested by payroll ID: save to confirm").waitFor();
    expect(await janeMatch.inputValue()).not.toBe("");
    await dialog.getByLabel("Xero employee for Ravi Kumar").selectOption({ label: "Ravi Patel" });
    await dialog.getByRole("button", { name: "Save matches" }).click();
    await expect.poll(() => dialog.getByText("Suggested by payroll ID: save to confirm").count()).toBe(0);

    await dialog.getByLabel("Basic hours").selectOption({ label: "Ordinary Hours" });
    await dialog.getByRole("button", { name: "Save earnings rates" }).click();
    await expect
      .poll(() => dialog.getByRole("button", { name: "Save earnings rates" }).isDisabled())
      .toBe(true);

    await dialog.getByLabel("Approved pay period").selectOption(period);
    await dialog.getByRole("button", { name: "Send to Xero" }).click();
    const sent = dialog.getByRole("table", { name: "Timesheets sent to Xero" });
    for (const name of ["Jane Smith", "Ravi Kumar"]) {
      await expect
        .poll(async () => sent.getByRole("row", { name: new RegExp(name) }).textContent(), {
          timeout: 20_000,
        })
        .toMatch(/Sent$/);
    }
    await sent.scrollIntoViewIfNeeded();
    await screenshot(page, "xero-sent");
  });
});
