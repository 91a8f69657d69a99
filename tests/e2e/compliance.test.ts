import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, managerWithLocation, openDashboard } from "./support/accounts";
import { checkInAtKiosk, upgradeToPro } from "./support/assistant";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectToast, launchBrowser, newPage, screenshot } from "./support/browser";
import { localDate, localTime } from "./support/london-time";

// UK working time in Chromium (docs/compliance.md): the Compliance tab's daily-rest breach with the shifts
// that show it, the working-time fields of the pay terms, the evidence pack's PDF, and Live Status's warning
// of a check-in too soon after the last shift (and none for a lunch clocked out and back in).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HOUR = 3_600_000;
/** A check-out as the evidence shows it: "14:00", or "23/11 05:00" on the day after the check-in. */
const outTime = (checkIn: number, checkOut: number) =>
  localDate(checkIn) === localDate(checkOut)
    ? localTime(checkOut)
    : `${localDate(checkOut).slice(0, 5)} ${localTime(checkOut)}`;
/** yyyy-mm-dd of an instant in London, as a date input takes it. */
const inputDate = (instant: number) => localDate(instant).split("/").reverse().join("-");

/** A Pro manager with one employee, Tom Reed. */
async function proShopWithTom(name: string, locationName: string) {
  const shop = await managerWithLocation(name, locationName);
  const token = shop.session.session_id;
  const session = { ...shop.session, user: await upgradeToPro(token) };
  const { employee: tom } = await shop.addEmployee("Tom", "Reed", "4812");
  return { ...shop, token, session, tom };
}

const punchAtKiosk = (locationId: string, username: string, pin: string, action: "check_in" | "check_out") =>
  call("POST", `/kiosk/submit/${locationId}`, { username, pin, action });

/** A shift the manager adds in the timesheet, from `start` for `hours` hours. */
const addShift = (locationId: string, employeeId: string, start: number, hours: number, token: string) =>
  call(
    "POST",
    `/manager/timesheets/${locationId}/entries`,
    {
      employee_id: employeeId,
      check_in_at: new Date(start).toISOString(),
      check_out_at: new Date(start + hours * HOUR).toISOString(),
      reason: "Paper timesheet from the week's rota",
    },
    token,
  );

describe("working-time compliance, in Chromium", () => {
  it("shows a daily-rest breach, with its shifts as evidence, after two shifts 8 hours apart", async () => {
    const shop = await proShopWithTom("Sian Hughes", "Swansea Marina Deli");
    // Two 6-hour shifts (no rest break owed: "more than 6 hours") with 8 hours between them, both ended.
    const first = Math.floor(Date.now() / HOUR) * HOUR - 30 * HOUR;
    const second = first + 14 * HOUR;
    await addShift(shop.locationId, shop.tom.id, first, 6, shop.token);
    await addShift(shop.locationId, shop.tom.id, second, 6, shop.token);

    const page = await newPage(browser);
    await openDashboard(page, shop.session);
    await page.getByRole("tab", { name: "Compliance" }).click();

    // The summary lists the location with a light that has a word, not a colour alone.
    const summary = page.getByRole("region", { name: "Your locations this week" });
    const row = summary.getByRole("listitem").filter({ hasText: "Swansea Marina Deli" });
    await expect.poll(() => row.textContent()).toMatch(/Breaches this week|Check/);

    const tom = page.getByRole("article", { name: "Tom Reed" });
    const breach = tom.getByRole("listitem").filter({ hasText: "Daily rest" });
    await breach.waitFor();
    await breach.getByText("Working Time Regulations 1998, reg 10").waitFor();
    await breach.getByText(/How to fix it:/).waitFor();
    // The evidence: both shifts, in London time.
    const evidence = breach.getByRole("table");
    await expect
      .poll(() => evidence.getByRole("row").allTextContents())
      .toEqual([
        "DateInOutBreaksWorked",
        `${localDate(first)}${localTime(first)}${outTime(first, first + 6 * HOUR)}None6h 0m`,
        `${localDate(second)}${localTime(second)}${outTime(second, second + 6 * HOUR)}None6h 0m`,
      ]);

    // The 17-week average: a chart with a summary, and the figure as text.
    await tom.getByRole("img", { name: /^Tom Reed's weekly hours, \d+ weeks? from / }).waitFor();
    await tom.getByText(/a week on average/).waitFor();

    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "compliance-tab");
  });

  it("saves a date of birth and a 48-hour opt-out in the pay terms, and refuses an opt-out under 18", async () => {
    const shop = await proShopWithTom("Fiona Kerr", "Stirling Bookshop");
    const page = await newPage(browser);
    await openDashboard(page, shop.session);
    await page.getByRole("tab", { name: "Employees" }).click();

    await page.getByRole("button", { name: "Pay terms for Tom Reed" }).click();
    let dialog = page.getByRole("dialog");
    await dialog.getByText(/never shared with the AI assistant/).waitFor();
    // Born 16 years ago: a young worker cannot opt out, and the server's reason shows beside the field.
    const now = Date.now();
    const sixteen = `${new Date(now).getUTCFullYear() - 16}-01-15`;
    await dialog.getByLabel("Date of birth").fill(sixteen);
    await dialog.getByLabel("48-hour opt-out signed").fill(inputDate(now - 30 * 24 * HOUR));
    await dialog.getByRole("button", { name: "Save pay terms" }).click();
    await dialog.getByText("A worker under 18 cannot opt out of the 48-hour week").waitFor();
    expect(await dialog.getByLabel("48-hour opt-out signed").getAttribute("aria-invalid")).toBe("true");

    // An adult, with an opt-out signed a month ago, who works irregular hours.
    await dialog.getByLabel("Date of birth").fill("1990-04-12");
    await dialog.getByLabel(/Works irregular hours or part of the year/).check();
    await dialog.getByRole("button", { name: "Save pay terms" }).click();
    await expectToast(page, "Pay terms saved for Tom");
    await dialog.waitFor({ state: "detached" });

    const { employee_pay } = await call<{ employee_pay: Record<string, unknown>[] }>(
      "GET",
      `/manager/employee-pay/${shop.locationId}`,
      undefined,
      shop.token,
    );
    expect(employee_pay[0]).toMatchObject({
      employee_id: shop.tom.id,
      date_of_birth: "1990-04-12",
      irregular_hours: true,
      opt_out_signed: inputDate(now - 30 * 24 * HOUR),
      opt_out_withdrawn: null,
    });

    // An irregular-hours worker's holiday balance shows in their row.
    await page
      .getByRole("rowheader", { name: /Tom Reed/ })
      .getByText(/^Holiday: -?[\d.,]+ hours? left of [\d.,]+ accrued/)
      .waitFor();

    // Opened again, the dialog shows what was saved.
    await page.getByRole("button", { name: "Pay terms for Tom Reed" }).click();
    dialog = page.getByRole("dialog");
    expect(await dialog.getByLabel("Date of birth").inputValue()).toBe("1990-04-12");
    expect(await dialog.getByLabel("48-hour opt-out signed").inputValue()).toBe(
      inputDate(now - 30 * 24 * HOUR),
    );
    expect(await dialog.getByLabel(/Works irregular hours/).isChecked()).toBe(true);
  });

  it("downloads the evidence pack as a PDF", async () => {
    const shop = await proShopWithTom("Rhys Morgan", "Conwy Quay Café");
    const start = Math.floor(Date.now() / HOUR) * HOUR - 10 * HOUR;
    await addShift(shop.locationId, shop.tom.id, start, 7.5, shop.token);
    const page = await newPage(browser);
    await openDashboard(page, shop.session);
    await page.getByRole("tab", { name: "Compliance" }).click();

    const pack = page.getByRole("region", { name: "Evidence pack" });
    // By default the last 17 weeks, to today.
    expect(await pack.getByLabel("To").inputValue()).toBe(inputDate(Date.now()));
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      pack.getByRole("button", { name: "Download PDF" }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(
      /^clocked-working-time-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.pdf$/,
    );
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // A range the other way round is refused before it is asked for.
    await pack.getByLabel("From").fill(inputDate(Date.now()));
    await pack.getByLabel("To").fill(inputDate(Date.now() - 7 * 24 * HOUR));
    await pack.getByRole("button", { name: "Download CSV" }).click();
    await pack.getByRole("alert").getByText("The range must end on or after its first day").waitFor();
  });

  it("shows a Starter account what the checks are, with the plans that include them", async () => {
    const shop = await managerWithLocation("Megan Rees", "Brecon Bike Hire");
    const page = await newPage(browser);
    await openDashboard(page, shop.session);
    await page.getByRole("tab", { name: "Compliance" }).click();
    await page.getByRole("heading", { name: "Working time and holiday" }).waitFor();
    await page
      .getByText(/Working-time and holiday checks are available on the Pro and Business plans/)
      .waitFor();
    expect(await page.getByRole("button", { name: /^Download PDF Pro: Evidence pack\./ }).isDisabled()).toBe(
      true,
    );
  });

  it("warns on Live Status of a check-in too soon after the last shift, not of a lunch clocked out and in", async () => {
    const shop = await proShopWithTom("Aled Pryce", "Tenby Harbour Ices");
    const page = await newPage(browser);
    await openDashboard(page, shop.session);
    await page.getByText("Nobody is checked in right now.").waitFor();
    const warnings = page.getByRole("region", { name: "Working-time warnings" });
    const checkInsToday = page.locator(".stat", { hasText: "Check-ins today" }).locator(".stat__value");

    // Tom clocks out for lunch and straight back in: one working day in two parts, which breaks no rule.
    await checkInAtKiosk(shop.locationId, shop.tom.username, "4812");
    await punchAtKiosk(shop.locationId, shop.tom.username, "4812", "check_out");
    await checkInAtKiosk(shop.locationId, shop.tom.username, "4812");
    await expect.poll(() => checkInsToday.textContent()).toBe("2");
    expect(await warnings.count()).toBe(0);

    // The manager adds the 12-hour shift Tom worked on paper, ending 2 hours before his first check-in today.
    const firstIn = Date.now() - 60_000;
    await addShift(shop.locationId, shop.tom.id, firstIn - 14 * HOUR, 12, shop.token);
    await punchAtKiosk(shop.locationId, shop.tom.username, "4812", "check_out");
    await checkInAtKiosk(shop.locationId, shop.tom.username, "4812");
    await warnings.getByText(/Tom Reed/).waitFor();
    await warnings.getByText(/after 2h \d+m rest; at least 11h are needed between shifts/).waitFor();
  });
});
