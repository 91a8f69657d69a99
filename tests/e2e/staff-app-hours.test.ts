import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, openDashboard } from "./support/accounts";
import { launchBrowser, newPage } from "./support/browser";
import { hoursAgoOfAMorning, localDate, mondayOf } from "./support/london-time";
import { touchDevice } from "./support/phone";
import { signInToStaffApp, staffMember } from "./support/staff-app";

// My hours in the staff app (docs/staff-app.md): a manager's correction shows with its reason, and
// "Something's wrong" reaches the manager's Timesheets tab, where the answer given comes back to the phone.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HOUR = 3_600_000;
const SHOTS = "/tmp/staff-hours";

describe("my hours, on a phone", () => {
  it("shows a correction with its reason, and a query raised on the phone is answered from the Timesheets tab", async () => {
    const jane = await staffMember();
    const token = jane.session.session_id;
    // A London morning at least 14 hours ago, 8 hours on one day: added by the manager, then corrected.
    const checkIn = Math.floor((Date.now() - hoursAgoOfAMorning() * HOUR) / 60_000) * 60_000;
    const { entry } = await call<{ entry: { id: string } }>(
      "POST",
      `/manager/timesheets/${jane.locationId}/entries`,
      {
        employee_id: jane.employee.id,
        check_in_at: new Date(checkIn).toISOString(),
        check_out_at: new Date(checkIn + 8 * HOUR).toISOString(),
        reason: "Forgot to clock in",
      },
      token,
    );
    await call(
      "PUT",
      `/manager/timesheets/${jane.locationId}/entries/${entry.id}`,
      {
        check_out_at: new Date(checkIn + 7.5 * HOUR).toISOString(),
        reason: "Left at half past for the dentist",
      },
      token,
    );

    // On a Monday the shift may be in last week's pay period (pay periods are weekly from Monday by default).
    const lastWeek = localDate(mondayOf(checkIn)) !== localDate(mondayOf(Date.now()));
    const phone = await touchDevice(browser);
    await signInToStaffApp(phone, jane.staffEmail);
    await phone.getByRole("link", { name: "Hours" }).click();
    if (lastWeek) {
      await phone.getByRole("button", { name: "Last pay period" }).click();
    }
    const correction = phone.getByText(
      `Corrected by your manager on ${localDate(Date.now())}: Left at half past for the dentist`,
    );
    await correction.waitFor();
    expect(await phone.getByText("7h 30m worked").isVisible()).toBe(true);
    await phone.screenshot({ path: `${SHOTS}-phone-hours.png`, fullPage: true });

    await phone.getByRole("button", { name: "Something's wrong" }).first().click();
    await phone.getByLabel(/What's wrong\?/).fill("I stayed until 17:00 to cash up");
    await phone.getByRole("button", { name: "Send to my manager" }).click();
    await phone.getByText("Waiting for your manager.").first().waitFor();
    await phone.screenshot({ path: `${SHOTS}-phone-query.png`, fullPage: true });

    const desk = await newPage(browser);
    await desk.setViewportSize({ width: 1440, height: 900 });
    await openDashboard(desk, jane.session);
    await desk.getByRole("tab", { name: /^Hours/ }).click();
    await desk.getByRole("button", { name: "Timesheets", exact: true }).click();
    if (lastWeek) {
      await desk.getByRole("button", { name: "Previous week" }).click();
    }
    const queries = desk.getByRole("region", { name: "Staff queries" });
    await queries.getByText("I stayed until 17:00 to cash up").waitFor();
    expect(await desk.getByText(/^1 entry to check/).isVisible()).toBe(true);
    await desk.screenshot({ path: `${SHOTS}-desk-query.png`, fullPage: true });
    await queries.getByLabel("Answer Jane Smith").fill("You're right: I've put 17:00 back.");
    await queries.getByRole("button", { name: "Send answer" }).click();
    await queries.getByText(/^Answered by Olivia Bennett on/).waitFor();
    await desk.screenshot({ path: `${SHOTS}-desk-answered.png`, fullPage: true });

    await phone.reload();
    await phone.getByText("You're right: I've put 17:00 back.").first().waitFor();
    expect(await phone.getByText("Olivia Bennett answered").first().isVisible()).toBe(true);
    await phone.screenshot({ path: `${SHOTS}-phone-answered.png`, fullPage: true });

    // Their data, fetched with the session's token and saved from a blob: the address carries no token.
    await phone.getByRole("link", { name: "More" }).click();
    const [download] = await Promise.all([
      phone.waitForEvent("download"),
      phone.getByRole("button", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^clocked-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(download.url()).toMatch(/^blob:/);
    await phone.screenshot({ path: `${SHOTS}-phone-more.png`, fullPage: true });
    await phone.setViewportSize({ width: 1440, height: 900 });
    await phone.getByRole("link", { name: "Hours" }).click();
    await phone.getByText("Your queries").waitFor();
    await phone.getByText("Worked", { exact: true }).waitFor();
    await phone.screenshot({ path: `${SHOTS}-wide-hours.png`, fullPage: true });
    await phone.context().close();
    await desk.context().close();
  });
});
