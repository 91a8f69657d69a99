import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, openDashboard } from "./support/accounts";
import { expectToast, launchBrowser, newPage, screenshot } from "./support/browser";
import { nextWeekAt as at, isoDate, nextMonday, nextWeekDayLabel, nextWeekNoon } from "./support/london-time";
import { PHONE, touchDevice } from "./support/phone";
import { shopWithHoliday, signInToStaffApp, ukDay } from "./support/staff-app";

// The staff app end to end (docs/staff-app.md): a staff member signs in on their phone by code, sees next
// week's shift, asks for two days' holiday; the manager approves it in the dashboard's Leave tab; the phone's
// balance and the manager's rota both show it.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
const opened: Page[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((page) => page.context().close()));
});

const monday = nextMonday();
const dateOf = (day: number) => isoDate(nextWeekNoon(day));
/** Days that are, or may stand in for, a bank holiday around Christmas and New Year. */
const festive = (date: string) => /-(12-2[5-8]|01-0[1-3])$/.test(date);
/** The first of Tuesday and Wednesday, or Wednesday and Thursday, that are plain working days. */
const holidayStart = [1, 2].find((day) => !festive(dateOf(day)) && !festive(dateOf(day + 1))) ?? 1;

describe("the staff app with the dashboard", () => {
  it("takes two days' holiday from the request on a phone to the balance and the rota", async () => {
    const shop = await shopWithHoliday();
    const token = shop.session.session_id;
    const rota = `/manager/rota/${shop.locationId}`;
    await call(
      "POST",
      `${rota}/shifts`,
      {
        employee_id: shop.employee.id,
        start_at: at(0, 9),
        end_at: at(0, 17),
        break_minutes: 30,
        role: "Barista",
      },
      token,
    );
    await call("POST", `${rota}/publish`, { week: monday, acknowledge_warnings: true }, token);

    // On the phone: signed in by the code e-mailed to her, next week's shift is there.
    const phone = await touchDevice(browser, PHONE);
    opened.push(phone);
    await signInToStaffApp(phone, shop.staffEmail);
    const mine = phone.getByRole("list", { name: "Your shifts this week and next" });
    await mine.getByRole("heading", { name: nextWeekDayLabel(0) }).waitFor();
    expect(await mine.getByText("09:00–17:00").isVisible()).toBe(true);

    // She asks for two days' holiday next week.
    const first = dateOf(holidayStart);
    const last = dateOf(holidayStart + 1);
    await phone.getByRole("link", { name: "Holiday" }).click();
    await phone.getByText("Left this leave year").waitFor();
    expect(await phone.locator(".staff-holiday__left").textContent()).toBe("28 days");
    await phone.getByLabel("What kind").selectOption("holiday");
    await phone.getByLabel("First day").fill(first);
    await phone.getByLabel("Last day").fill(last);
    await phone.getByRole("button", { name: "Send request" }).click();
    await expect
      .poll(() => phone.getByRole("status").textContent())
      .toBe("Sent to your manager. It uses 2 days. If it's approved you'll have 26 days left.");

    // The manager approves it in the Leave tab.
    const desk = await newPage(browser);
    opened.push(desk);
    await desk.setViewportSize({ width: 1440, height: 900 });
    await openDashboard(desk, shop.session);
    await desk.getByRole("tab", { name: "Leave" }).click();
    const card = desk.locator(".leave-card").filter({ hasText: ukDay(first) });
    await card.waitFor();
    await card.getByRole("button", { name: "Approve" }).click();
    await expectToast(desk, "Jane Smith's leave is approved and booked.");

    // Her balance on the phone has moved by the two days...
    await phone.reload();
    await phone.getByText("Left this leave year").waitFor();
    await expect.poll(() => phone.locator(".staff-holiday__left").textContent()).toBe("26 days");
    expect(await phone.locator(".staff-leave-request").first().textContent()).toContain("Approved");
    await screenshot(phone, "staff-journey-holiday-phone");

    // ...and next week's rota shows her on holiday on those days, and not on the others.
    await desk.getByRole("tab", { name: "Rota" }).click();
    await desk.getByRole("button", { name: "Next week" }).click();
    const row = desk.getByRole("row").filter({ has: desk.getByRole("rowheader", { name: "Jane Smith" }) });
    await row.waitFor();
    const cells = row.getByRole("cell");
    await expect.poll(() => cells.nth(holidayStart).textContent()).toContain("Holiday");
    expect(await cells.nth(holidayStart + 1).textContent()).toContain("Holiday");
    expect(await cells.nth(0).textContent()).not.toContain("Holiday");
    expect(await cells.nth(holidayStart + 2).textContent()).not.toContain("Holiday");
    await screenshot(desk, "staff-journey-rota");
  });
});
