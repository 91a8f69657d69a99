import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, managerWithLocation, openDashboard } from "./support/accounts";
import { checkInAtKiosk, upgradeToPro } from "./support/assistant";
import { launchBrowser, newPage, recordLiveTraffic, screenshot } from "./support/browser";
import { hoursAgoOfAMorning, LONDON, localDate, localTime } from "./support/london-time";

// Timesheets in Chromium (docs/hours.md): a kiosk punch appears in an open timesheet as it happens, and a
// manager fixes a forgotten clock-out there, after which the Hours tab counts the corrected time.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HOUR = 3_600_000;
const monthName = (instant: number) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, month: "long", year: "numeric" }).format(instant);
/** yyyy-mm-dd of an instant in London, as a date input takes it. */
const inputDate = (instant: number) => localDate(instant).split("/").reverse().join("-");
/** How the grid names an entry: it sits on its check-in's day, and a check-out on a later day shows its date. */
function entryName(name: string, checkIn: number, checkOut: number) {
  const day = localDate(checkIn);
  const out = localDate(checkOut) === day ? "" : `${localDate(checkOut).slice(0, 5)} `;
  return `Entry ${localTime(checkIn)}–${out}${localTime(checkOut)} for ${name} on ${day}`;
}

async function staffHoursOf(page: Page, name: string, month: string) {
  await page.getByRole("button", { name: "Staff hours" }).click();
  await page.getByLabel("Period").selectOption({ label: month });
  const row = page.locator(".hours-row").filter({ hasText: name });
  return row.locator(".hours-row__total");
}

describe("timesheets, in Chromium", () => {
  it("show a kiosk punch live, and let a manager fix a forgotten clock-out that Staff Hours then counts", async () => {
    const shop = await managerWithLocation("Grace Okafor", "Bristol Harbour Café");
    const token = shop.session.session_id;
    const { employee: tom } = await shop.addEmployee("Tom", "Reed", "4812");
    const { employee: ada } = await shop.addEmployee("Ada", "Nash", "9051");
    // Tom checked in one morning, 14 to 37 hours ago, and never out: the hub closes his session (after 14
    // hours by default) at his workday's length, 8 hours, the same day, and flags it for review.
    const { check_in_at } = await call<{ check_in_at: string }>(
      "POST",
      "/dev/forgotten-session",
      { employee_id: tom.id, hours_ago: hoursAgoOfAMorning() },
      token,
    );
    const tomIn = Date.parse(check_in_at);
    const month = monthName(tomIn);

    const page = await newPage(browser);
    const traffic = recordLiveTraffic(page);
    await openDashboard(page, shop.session);
    await page.getByRole("tab", { name: "Hours, 1 session needs review" }).click();
    const before = await staffHoursOf(page, "Tom Reed", month);
    // Eight hours, less the location's standard 30-minute break (deduction is on by default).
    await expect.poll(() => before.textContent()).toBe("7h 30m");

    // This week's timesheet is open when Ada checks in at the kiosk: her entry appears without a reload.
    await page.getByRole("button", { name: "Timesheets", exact: true }).click();
    await page.getByRole("button", { name: `Add entry for Ada Nash on ${localDate(Date.now())}` }).waitFor();
    await checkInAtKiosk(shop.locationId, ada.username, "9051");
    await traffic.explained(() =>
      page
        .getByRole("button", { name: /^Entry \d\d:\d\d.* \(still checked in\) for Ada Nash on / })
        .waitFor(),
    );

    // The review: from the Staff Hours notice to the week of Tom's session.
    await page.getByRole("button", { name: "Staff hours" }).click();
    await page.getByRole("button", { name: "Review in Timesheets" }).click();
    const autoClosed = page.getByRole("button", { name: entryName("Tom Reed", tomIn, tomIn + 8 * HOUR) });
    await autoClosed.waitFor();
    expect(await autoClosed.getAttribute("aria-describedby")).toBeTruthy();
    await autoClosed.click();

    // He left after five hours.
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Check-out date").fill(inputDate(tomIn + 5 * HOUR));
    await dialog.getByLabel("Check-out time").fill(localTime(tomIn + 5 * HOUR));
    await dialog.getByLabel("Reason for the change").fill("Left after the lunch rush; forgot to check out");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await dialog.waitFor({ state: "detached" });

    const fixed = page.getByRole("button", { name: entryName("Tom Reed", tomIn, tomIn + 5 * HOUR) });
    await fixed.waitFor();
    await expect.poll(() => fixed.locator("xpath=..").textContent()).toContain("Edited");
    // Reviewed: the badge is gone.
    await page.getByRole("tab", { name: "Hours", exact: true }).waitFor();

    // The history keeps the kiosk's record and the correction, with who and why.
    await fixed.click();
    const history = page.getByRole("dialog");
    await history.getByText("Recorded at the kiosk").waitFor();
    await history.getByText("Reason: Left after the lunch rush; forgot to check out").waitFor();
    await screenshot(page, "timesheets-history");
    await history.getByRole("button", { name: "Cancel" }).click();

    const after = await staffHoursOf(page, "Tom Reed", month);
    // Five hours: no break is deducted from a day of 6 hours or less.
    await expect.poll(() => after.textContent()).toBe("5h 0m");
    await screenshot(page, "timesheets-fixed");
  });

  it("follow a kiosk punch while the live connection is down, by polling", async () => {
    const shop = await managerWithLocation("Sam Hughes", "Swansea Market Deli");
    const { employee: ada } = await shop.addEmployee("Ada", "Nash", "9051");
    const page = await newPage(browser);
    // Café Wi-Fi that lets plain requests through but drops every WebSocket at once.
    await page.routeWebSocket(/\/api\/live\//, (socket) => socket.close({ code: 1011, reason: "down" }));
    await openDashboard(page, shop.session);
    await page.getByRole("tab", { name: "Hours" }).click();
    await page.getByRole("button", { name: "Timesheets", exact: true }).click();
    await page.getByRole("button", { name: `Add entry for Ada Nash on ${localDate(Date.now())}` }).waitFor();

    await checkInAtKiosk(shop.locationId, ada.username, "9051");
    // No push arrives; the next poll of Live Status (every 15 seconds) brings the timesheet up to date.
    await page
      .getByRole("button", { name: /^Entry \d\d:\d\d.* \(still checked in\) for Ada Nash on / })
      .waitFor({ timeout: 30_000 });
  });

  it("take a manager from an exception to an approved pay period and a BrightPay file", async () => {
    const shop = await managerWithLocation("Priya Nair", "Leeds Market Bakery");
    const token = shop.session.session_id;
    const session = { ...shop.session, user: await upgradeToPro(token) };
    const { employee: tom } = await shop.addEmployee("Tom", "Reed", "4812");
    await call(
      "PUT",
      `/manager/employee-pay/${shop.locationId}/${tom.id}`,
      {
        payroll_id: "1042",
        contracted_weekly_hours: null,
        hourly_rate: 12.21,
      },
      token,
    );
    // Tom's forgotten check-out, closed by the hub after 8 hours and waiting for review.
    const { check_in_at } = await call<{ check_in_at: string }>(
      "POST",
      "/dev/forgotten-session",
      { employee_id: tom.id, hours_ago: hoursAgoOfAMorning() },
      token,
    );
    const tomIn = Date.parse(check_in_at);
    // Weekly pay periods from Monday (the default): the one holding Tom's shift.
    const day = new Date(tomIn).toLocaleDateString("en-GB", { timeZone: LONDON, weekday: "short" });
    const sinceMonday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(day);
    const period = `pay_${inputDate(tomIn - sinceMonday * 24 * HOUR)}`;
    // A pay period not yet ended is approved only after "Approve now".
    const today = new Date().toLocaleDateString("en-GB", { timeZone: LONDON, weekday: "short" });
    const running =
      period ===
      `pay_${inputDate(Date.now() - ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(today) * 24 * HOUR)}`;
    const approve = async () => {
      await page.getByRole("button", { name: "Approve pay period" }).click();
      if (running) await page.getByRole("dialog").getByRole("button", { name: "Approve now" }).click();
    };

    const page = await newPage(browser);
    await openDashboard(page, session);
    await page.getByRole("tab", { name: "Hours, 1 session needs review" }).click();
    await page.getByRole("button", { name: "Timesheets", exact: true }).click();
    await page.getByRole("button", { name: "Pay periods" }).click();
    await page.getByLabel("Pay period", { exact: true }).selectOption(period);

    // Approving with the exception open is refused; the manager reviews it first.
    await approve();
    const refusal = page.getByRole("dialog");
    await refusal.getByText("1 entry still needs review.").waitFor();
    await refusal.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: entryName("Tom Reed", tomIn, tomIn + 8 * HOUR) }).click();
    const entry = page.getByRole("dialog");
    await entry.getByLabel("Reason for the change").fill("Checked with Tom: he worked the full day");
    await entry.getByRole("button", { name: "Confirm as is" }).click();
    await entry.waitFor({ state: "detached" });
    await page.getByRole("tab", { name: "Hours", exact: true }).waitFor();

    await approve();
    await page.getByText("Locked", { exact: true }).waitFor();
    await page.getByText(/^Approved by Priya Nair on \d\d\/\d\d\/\d{4}$/).waitFor();
    await screenshot(page, "timesheets-approved");

    await page.getByLabel("Payroll format").selectOption({ label: "BrightPay (hourly payments)" });
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download for payroll" }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(
      /^clocked-leeds-market-bakery-brightpay_pay_\d{8}-\d{4}-\d\d-\d\d\.csv$/,
    );
    const rows = (await readFile(await file.path(), "utf8")).split("\r\n");
    expect(rows[0]).toBe("Employee works number,Employee name,Description,Number of normal hours");
    // Eight hours less the standard 30-minute break, all basic.
    expect(rows[1]).toMatch(/^1042,Tom Reed,Clocked \d\d\/\d\d\/\d{4} - \d\d\/\d\d\/\d{4},7\.50$/);
  });

  it("open the pay period the Monday e-mail links to", async () => {
    const shop = await managerWithLocation("Owen Price", "Cardiff Bay Bikes");
    const page = await newPage(browser);
    await openDashboard(page, { ...shop.session, user: await upgradeToPro(shop.session.session_id) });
    const monday = new Date(Date.now() - 7 * 24 * HOUR);
    const back = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(
      monday.toLocaleDateString("en-GB", { timeZone: LONDON, weekday: "short" }),
    );
    const start = monday.getTime() - back * 24 * HOUR;
    await page.goto(`/manager-dashboard?timesheets=pay_${inputDate(start)}`);
    await page.getByText(`Pay period: ${localDate(start)} – ${localDate(start + 6 * 24 * HOUR)}`).waitFor();
    expect(new URL(page.url()).search).toBe("");
  });
});
