import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, openDashboard } from "./support/accounts";
import { codeFor, expectToast, launchBrowser, newPage, screenshot } from "./support/browser";
import { touchDevice } from "./support/phone";
import { DAY, isoDay, quietTuesday, shopWithHoliday, signInToStaffApp, ukDay } from "./support/staff-app";

// Holiday and leave requests (docs/staff-app.md): a staff member asks for time off on their phone, and a manager
// approves and declines requests in the dashboard's Leave tab.

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

/** A staff session through the API, as the phone's sign-in makes one. */
async function staffToken(email: string) {
  await call("POST", "/staff/auth/start", { email });
  const { session_id } = await call<{ session_id: string }>("POST", "/staff/auth/verify", {
    email,
    code: await codeFor(email),
  });
  return session_id;
}

describe("holiday and leave requests, in Chromium", () => {
  it("on a phone, shows what is left and sends a request for two days off", async () => {
    const jane = await shopWithHoliday();
    const page = await touchDevice(browser);
    opened.push(page);
    await signInToStaffApp(page, jane.staffEmail);
    await page.getByRole("link", { name: "Holiday" }).click();
    await page.getByText("Left this leave year").waitFor();
    expect(await page.locator(".staff-holiday__left").textContent()).toBe("28 days");
    const tuesday = quietTuesday(3);
    const wednesday = isoDay(Date.parse(tuesday) + DAY);
    await page.getByLabel("What kind").selectOption("holiday");
    await page.getByLabel("First day").fill(tuesday);
    await page.getByLabel("Last day").fill(wednesday);
    await page.getByLabel("Note for your manager (optional)").fill("Moving house");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect
      .poll(() => page.getByRole("status").textContent())
      .toBe("Sent to your manager. It uses 2 days. If it's approved you'll have 26 days left.");
    const request = page.locator(".staff-leave-request").first();
    await expect.poll(() => request.textContent()).toContain("Waiting for a decision");
    expect(await request.textContent()).toContain(`Tue ${ukDay(tuesday)} to Wed ${ukDay(wednesday)}`);
    // Asking for the same days again says why not.
    await page.getByLabel("First day").fill(tuesday);
    await page.getByLabel("Last day").fill(tuesday);
    await page.getByRole("button", { name: "Send request" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toMatch(/already asked for leave on some of these days/);
    await screenshot(page, "staff-holiday-phone");
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, "staff-holiday-desktop");
  });

  it("in the Leave tab, approves one request and declines another with a note", async () => {
    const shop = await shopWithHoliday("Priya", "Shah");
    const token = await staffToken(shop.staffEmail);
    const first = quietTuesday(3);
    const second = quietTuesday(6);
    await call(
      "POST",
      "/staff/me/leave-requests",
      { type: "holiday", start_date: first, end_date: isoDay(Date.parse(first) + 2 * DAY) },
      token,
    );
    await call(
      "POST",
      "/staff/me/leave-requests",
      { type: "unpaid", start_date: second, end_date: second, note: "Dentist" },
      token,
    );
    const page = await newPage(browser);
    opened.push(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openDashboard(page, shop.session);
    await page.getByRole("tab", { name: "Leave" }).click();
    await page.getByRole("heading", { name: "Waiting for a decision (2)" }).waitFor();
    const cards = page.locator(".leave-card");
    expect(await cards.count()).toBe(2);
    const holiday = cards.filter({ hasText: ukDay(first) });
    expect(await holiday.textContent()).toContain("Holiday left now28 days");
    expect(await holiday.textContent()).toContain("After this25 days");
    await screenshot(page, "leave-tab-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "leave-tab-pending-phone");
    await page.setViewportSize({ width: 1440, height: 900 });

    await holiday.getByRole("button", { name: "Approve" }).click();
    await expectToast(page, "Priya Shah's leave is approved and booked.");
    await page.getByRole("heading", { name: "Waiting for a decision (1)" }).waitFor();

    await cards.first().getByRole("button", { name: "Decline" }).click();
    const dialog = page.getByRole("dialog", { name: "Decline Priya Shah's request" });
    await dialog.getByRole("button", { name: "Decline" }).click();
    await dialog.getByText("Say why the request is declined").waitFor();
    await dialog.getByLabel(/Why\?/).fill("We are short that day");
    await dialog.getByRole("button", { name: "Decline" }).click();
    await expectToast(page, "Priya Shah's request is declined. They have been told.");
    await page.getByRole("heading", { name: "Waiting for a decision" }).waitFor();

    const decided = page.locator(".leave__decided li");
    await expect.poll(() => decided.count()).toBe(2);
    const words = await decided.allTextContents();
    expect(words.some((w) => w.includes("Approved by Olivia Bennett"))).toBe(true);
    expect(
      words.some((w) => w.includes("Declined by Olivia Bennett") && w.includes("We are short that day")),
    ).toBe(true);

    // The month calendar shows her off on the approved days, reached by keyboard.
    const month = first.slice(0, 7);
    const thisMonth = isoDay(Date.now()).slice(0, 7);
    for (let m = thisMonth; m < month; m = isoDay(Date.parse(`${m}-01`) + 32 * DAY).slice(0, 7)) {
      await page.getByRole("button", { name: "Next month" }).click();
    }
    const day = page.getByRole("button", { name: `${ukDay(first)}: Priya Shah` });
    await day.click();
    await day.press("ArrowRight");
    const next = isoDay(Date.parse(first) + DAY);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe(`${ukDay(next)}: Priya Shah`);
    expect(await page.locator(".leave-calendar__chosen").textContent()).toContain("Priya Shah: Holiday");
    await screenshot(page, "leave-tab-decided-desktop");

    // And on a phone, the same tab.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "leave-tab-phone");
  });
});
