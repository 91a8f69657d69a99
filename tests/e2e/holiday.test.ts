import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, managerWithLocation, openDashboard } from "./support/accounts";
import { upgradeToPro } from "./support/assistant";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectToast, launchBrowser, newPage, screenshot } from "./support/browser";

// Holiday for every worker in Chromium (docs/compliance.md, "Holiday for every worker"): a worker's days a week
// and start date recorded in their pay terms, and their balance for the leave year under their name.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("holiday in the Employees tab", () => {
  it("shows a five-day worker's 28 days once their week is recorded, and refuses a week of 4.3 days", async () => {
    const shop = await managerWithLocation("Megan Price", "Brecon Hardware");
    const token = shop.session.session_id;
    const session = { ...shop.session, user: await upgradeToPro(token) };
    await shop.addEmployee("Tom", "Reed", "4812");
    const page = await newPage(browser);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openDashboard(page, session);
    await page.getByRole("tab", { name: "Employees" }).click();

    const tom = page.getByRole("rowheader", { name: /Tom Reed/ });
    await tom.getByText("Holiday: Record their days or hours a week to work out their holiday").waitFor();

    await page.getByRole("button", { name: "Pay terms for Tom Reed" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Days worked a week").fill("4.3");
    await dialog.getByRole("button", { name: "Save pay terms" }).click();
    await dialog.getByText(/Working days a week must be from 0.5 to 7, in half days/).waitFor();
    expect(await dialog.getByLabel("Days worked a week").getAttribute("aria-invalid")).toBe("true");

    await dialog.getByLabel("Days worked a week").fill("5");
    await dialog.getByLabel("Employment started").fill("2020-01-06");
    await screenshot(page, "holiday-pay-terms");
    await dialog.getByRole("button", { name: "Save pay terms" }).click();
    await expectToast(page, "Pay terms saved for Tom");
    await dialog.waitFor({ state: "detached" });

    await tom.getByText("Holiday: 28 of 28 days left").waitFor();
    const { employees } = await call<{ employees: Record<string, unknown>[] }>(
      "GET",
      `/manager/compliance/${shop.locationId}/holiday/workers`,
      undefined,
      token,
    );
    expect(employees[0]).toMatchObject({ rule: "pattern", unit: "days", entitlement: 28, remaining: 28 });
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "holiday-employees-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await tom.getByText("Holiday: 28 of 28 days left").waitFor();
    await screenshot(page, "holiday-employees-phone");
  });

  it("saves the account's leave year and carry-over, and the location's bank holidays, from the Compliance tab", async () => {
    const shop = await managerWithLocation("Owain Jones", "Bala Bakery");
    const token = shop.session.session_id;
    const session = { ...shop.session, user: await upgradeToPro(token) };
    const page = await newPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await openDashboard(page, session);
    await page.getByRole("tab", { name: "Compliance" }).click();

    const card = page.getByRole("region", { name: "Holiday settings" });
    await card.getByLabel("Weeks that may carry over").fill("2");
    await card.getByRole("button", { name: "Save holiday settings" }).click();
    await card
      .getByRole("alert")
      .getByText(/carry_over_weeks must be a number of weeks from 0 to 1.6/)
      .waitFor();

    await card.getByLabel("Weeks that may carry over").fill("1.6");
    await card.getByLabel("Leave year starts on").fill("2026-01-01");
    await card.getByLabel(/Bank holidays off at Bala Bakery come out of holiday/).check();
    await card.getByRole("button", { name: "Save holiday settings" }).click();
    await expectToast(page, "Holiday settings saved: every balance uses them now");
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "holiday-settings-phone");

    const { holiday } = await call<{ holiday: Record<string, unknown> }>(
      "GET",
      "/manager/compliance/holiday-settings",
      undefined,
      token,
    );
    expect(holiday).toEqual({
      leave_year_start: "2026-01-01",
      carry_over_weeks: 1.6,
      allow_requests_beyond_balance: false,
    });
    const { working_time } = await call<{ working_time: Record<string, unknown> }>(
      "GET",
      `/manager/compliance/${shop.locationId}/working-time`,
      undefined,
      token,
    );
    expect(working_time.bank_holidays_from_leave).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });
});
