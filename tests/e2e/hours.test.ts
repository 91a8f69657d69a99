import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, demoManager, managerWithLocation, openDashboard } from "./support/accounts";
import { upgradeToPro } from "./support/assistant";
import { expectToast, launchBrowser, newPage, screenshot } from "./support/browser";
import { hoursAgoOfAMorning, LONDON } from "./support/london-time";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const rows = (page: Page) => page.locator(".hours-row");

async function openHours(page: Page) {
  await page.getByRole("tab", { name: "Hours" }).click();
  await page.getByRole("heading", { name: "Staff Hours Overview" }).waitFor();
}

describe("the Hours tab, in Chromium", () => {
  it("shows the seeded week with bars, and searches 500 ms after typing stops", async () => {
    const page = await newPage(browser);
    await openDashboard(page, await demoManager());
    await openHours(page);

    // The demo's 8 staff, most hours first, each with a bar scaled against 40 hours.
    await expect.poll(() => rows(page).count()).toBe(8);
    const percents = await page
      .locator(".hours-bar")
      .evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute("data-percent"))));
    expect(percents.every((p) => p >= 0 && p <= 100)).toBe(true);
    expect([...percents].sort((a, b) => b - a)).toEqual(percents);
    const totals = await page.locator(".hours-row__total").allTextContents();
    expect(totals.every((t) => /^\d+h \d+m$/.test(t))).toBe(true);
    // Someone has time this week, except on a Monday before the demo shop opens at 08:00 (its last working
    // day was Sunday, last week).
    const london = new Intl.DateTimeFormat("en-GB", {
      timeZone: LONDON,
      weekday: "short",
      hour: "2-digit",
      hourCycle: "h23",
    });
    const beforeMondayOpening = /^Mon,? 0[0-7]$/.test(london.format(Date.now()));
    expect(totals.some((t) => t !== "0h 0m")).toBe(!beforeMondayOpening);
    await page.getByText(/^This week: \d\d\/\d\d\/\d{4} – \d\d\/\d\d\/\d{4}$/).waitFor();
    await page.getByRole("heading", { name: "Daily Break Settings" }).waitFor();
    await page.getByRole("heading", { name: "Automated Reports" }).waitFor();
    await screenshot(page, "hours-tab");

    await page.getByLabel("Search staff").fill("AMEL");
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().locator(".hours-row__name").textContent()).toBe("Amelia Clarke");
    await page.getByLabel("Search staff").fill("nobody-here");
    await page.getByText("No staff match “nobody-here”.").waitFor();
    await page.getByLabel("Search staff").fill("");
    await expect.poll(() => rows(page).count()).toBe(8);

    // Another period: a month from the list, then the pay periods (weekly from Monday by default).
    const choices = await page.getByLabel("Period", { exact: true }).locator("option").allTextContents();
    expect(choices[0]).toBe("This week");
    const months = choices.filter((text) => !text.startsWith("Pay period"));
    expect(months.at(-1)).toBe("September 2025");
    expect(choices.slice(months.length)[0]).toMatch(/^Pay period \d\d\/\d\d\/\d{4} – \d\d\/\d\d\/\d{4}$/);
    const payPeriod = await page
      .getByLabel("Period", { exact: true })
      .locator("optgroup option")
      .first()
      .getAttribute("value");
    await page.getByLabel("Period", { exact: true }).selectOption(payPeriod ?? "");
    // The overview now covers that pay period: "Pay period: 16/11/2026 – 22/11/2026".
    await page.getByText(/^Pay period: \d\d\/\d\d\/\d{4} – \d\d\/\d\d\/\d{4}$/).waitFor();
  });

  it("downloads a CSV on Pro: the file starts with the BOM and the header row", async () => {
    const page = await newPage(browser);
    await openDashboard(page, await demoManager());
    await openHours(page);
    await expect.poll(() => rows(page).count()).toBe(8);

    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download All" }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^clocked-camden-high-street-this_week-\d{4}-\d\d-\d\d\.csv$/);
    const bytes = await readFile(await file.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.split("\r\n")[0]).toBe(
      "Date,Employee,Username,In,Out,Worked,Break,Overtime,Notes,Changes,Planned,Actual,Variance",
    );
    expect(text).toContain("Amelia Clarke");

    const [one] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download CSV for Ben Hughes" }).click(),
    ]);
    expect(one.suggestedFilename()).toMatch(/^clocked-camden-high-street-ben-hughes-this_week-/);
  });

  it("saves Daily Break Settings on Pro and refuses a break over 120 minutes", async () => {
    const page = await newPage(browser);
    await openDashboard(page, await demoManager());
    await openHours(page);
    const minutes = page.getByLabel("Standard break (minutes)");
    await minutes.fill("150");
    await page.getByRole("button", { name: "Save break settings" }).click();
    await expectToast(page, "Standard break must be a whole number of minutes from 0 to 120");
    await minutes.fill("30");
    await page.getByRole("button", { name: "Save break settings" }).click();
    await expectToast(page, "Break settings saved");
  });

  it("saves when forgotten clock-outs are closed on Pro: 14 hours at first, then 10, then never", async () => {
    // A fresh Pro location, so the seeded demo's open sessions are never closed by a shorter limit.
    const manager = await managerWithLocation("Rhian Evans", "Cardiff Bay Deli");
    const user = await upgradeToPro(manager.session.session_id);
    const page = await newPage(browser);
    await openDashboard(page, { ...manager.session, user });
    await openHours(page);
    const saved = async () =>
      (
        await call<{ customization: { auto_close_after_hours: number | null } }>(
          "GET",
          `/manager/locations/${manager.locationId}/customization`,
          undefined,
          manager.session.session_id,
        )
      ).customization.auto_close_after_hours;

    const select = page.getByLabel("Close forgotten clock-outs after");
    expect(await select.inputValue()).toBe("14");
    const choices = await select.locator("option").allTextContents();
    expect(choices[0]).toBe("Never");
    expect(choices.slice(1)).toEqual(Array.from({ length: 21 }, (_, i) => `${i + 4} hours`));
    const hintId = await select.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${hintId}"]`).textContent()).toBe(
      "A session still open this long is closed at the employee's workday length and flagged for review.",
    );

    await select.selectOption({ label: "10 hours" });
    await page.getByRole("button", { name: "Save break settings" }).click();
    await expectToast(page, "Break settings saved");
    expect(await saved()).toBe(10);
    await page.reload();
    await openHours(page);
    expect(await page.getByLabel("Close forgotten clock-outs after").inputValue()).toBe("10");

    await page.getByLabel("Close forgotten clock-outs after").selectOption({ label: "Never" });
    await page.getByRole("button", { name: "Save break settings" }).click();
    await expect.poll(saved).toBeNull();
  });

  it("badges the Hours tab and explains when the hub closed a forgotten clock-out", async () => {
    const shop = await managerWithLocation("Priya Shah", "Canal Street Deli");
    const token = shop.session.session_id;
    const forget = async (first: string, last: string, pin: string) => {
      const { employee } = await shop.addEmployee(first, last, pin);
      // Checked in one morning, 14 to 37 hours ago, and never out: the hub closes it at once (14 hours by default).
      await call(
        "POST",
        "/dev/forgotten-session",
        { employee_id: employee.id, hours_ago: hoursAgoOfAMorning() },
        token,
      );
    };
    await forget("Tom", "Reed", "4812");

    const page = await newPage(browser);
    await openDashboard(page, shop.session);
    const tab = page.getByRole("tab", { name: "Hours, 1 session needs review" });
    await tab.waitFor();
    expect(await tab.locator(".tabs__badge").textContent()).toBe("1");
    await tab.click();
    await page
      .getByText("1 session was closed automatically after a forgotten clock-out and needs review.")
      .waitFor();

    await forget("Ada", "Nash", "9051");
    await page.reload();
    await page.getByRole("tab", { name: "Hours, 2 sessions need review" }).click();
    await page
      .getByText("2 sessions were closed automatically after a forgotten clock-out and need review.")
      .waitFor();
    await screenshot(page, "hours-needs-review");
  });

  it("shows a new Starter account an empty week and upgrade hints instead of CSV and break settings", async () => {
    const manager = await managerWithLocation("Tom Fletcher", "Hebden Bridge Books");
    await manager.addEmployee("Ivy", "Marsh", "2468");
    const page = await newPage(browser);
    await openDashboard(page, manager.session);
    await openHours(page);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().locator(".hours-row__total").textContent()).toBe("0h 0m");
    const downloadAll = page.getByRole("button", { name: /^Download All Pro:/ });
    expect(await downloadAll.isDisabled()).toBe(true);
    expect(await downloadAll.getAttribute("aria-label")).toContain("requires Pro or Business plan");
    await page.getByText("Daily break settings are available on the Pro and Business plans").waitFor();
    const facts = page.locator(".break-settings .facts");
    expect(await facts.locator("dt").allTextContents()).toContain("Close forgotten clock-outs after");
    expect(await facts.locator("dd").allTextContents()).toContain("14 hours");
    await page.getByText("No reports yet.", { exact: false }).waitFor();
    await screenshot(page, "hours-tab-starter");

    await page.getByRole("tab", { name: "Employees" }).click();
    await page.getByText("Per-employee breaks are available on the Pro and Business plans").waitFor();
    expect(await page.getByRole("button", { name: /^Breaks for/ }).count()).toBe(0);
  });
});

describe("the Employees tab's breaks and analytics, in Chromium", () => {
  it("gives an employee their own break on Pro and shows leave by period", async () => {
    const page = await newPage(browser);
    await openDashboard(page, await demoManager());
    await page.getByRole("tab", { name: "Employees" }).click();
    await page.getByRole("heading", { name: "Leave analytics" }).waitFor();
    await page.getByLabel("Analytics period").selectOption("ytd");
    await page.getByRole("heading", { name: "Leave days, year to date" }).waitFor();
    await page.getByText("Sick Leave", { exact: true }).first().waitFor();
    await screenshot(page, "employees-analytics");

    await page.getByRole("button", { name: "Breaks for Grace Patel" }).click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByLabel("Work hours per day").inputValue()).toBe("8");
    await dialog.getByLabel("Break minutes").fill("241");
    await dialog.getByRole("button", { name: "Save breaks" }).click();
    await expectToast(page, "Break minutes must be a whole number of minutes from 0 to 240");
    await dialog.getByLabel("Break minutes").fill("45");
    await dialog.getByLabel("Work hours per day").fill("7.5");
    await dialog.getByRole("button", { name: "Save breaks" }).click();
    await expectToast(page, "Breaks saved for Grace");
    await page.getByText("1 employee has their own").waitFor();
  });
});
