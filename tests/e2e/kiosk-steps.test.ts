import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, managerWithLocation, openDashboard, PASSWORD } from "./support/accounts";
import { expectToast, launchBrowser, newPage, screenshot } from "./support/browser";

// What a kiosk shows between one person and the next (docs/kiosk.md): nothing of the last person lingers (the PIN
// is cleared after every answer, a refusal goes back to the initials, 30 seconds untouched go back to the start),
// the PIN is typed on a number pad, someone on leave is asked before they clock in, a locked-out employee is told
// what to do, and a kiosk whose account closed says so. The clock is Playwright's: waits are fast-forwarded.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function shop() {
  const manager = await managerWithLocation("Olivia Bennett", "Deptford Bakery");
  const { employee: zara } = await manager.addEmployee("Zara", "Ahmed", "4321");
  const { employee: finn } = await manager.addEmployee("Finn", "Reed", "6666");
  return { ...manager, zara, finn };
}

/** The public kiosk on a tablet, its timers under the test's clock. */
async function kioskOn(locationId: string): Promise<Page> {
  const page = await newPage(browser);
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.clock.install();
  await page.goto(`/attendance/${locationId}`);
  await page.getByRole("button", { name: "Check In" }).waitFor();
  return page;
}

const pinField = (page: Page) => page.getByLabel("Enter your 4-digit PIN");

async function toPin(page: Page, action: "Check In" | "Check Out", initial: string, name: RegExp) {
  await page.getByRole("button", { name: action }).click();
  await page.getByRole("button", { name: initial, exact: true }).click();
  await page.getByRole("button", { name }).click();
  await pinField(page).waitFor();
}

async function tap(page: Page, digits: string) {
  for (const digit of digits) await page.getByRole("button", { name: digit, exact: true }).click();
}

/** Step 1, nobody chosen: both actions offered, no name in the header, no PIN field. */
async function expectStart(page: Page) {
  await page.getByRole("button", { name: "Check Out" }).waitFor();
  expect(await page.locator(".kiosk-flow__context").textContent()).toBe("Welcome");
  expect(await pinField(page).count()).toBe(0);
}

const checkedIn = async (token: string, locationId: string) =>
  (
    await call<{ checked_in: { name: string }[] }>(
      "GET",
      `/manager/live-status/${locationId}`,
      undefined,
      token,
    )
  ).checked_in;

describe("the kiosk between one person and the next, in Chromium", () => {
  it("returns to the start screen after 30 seconds untouched, from every step, with every field empty", async () => {
    const { locationId, session } = await shop();
    const page = await kioskOn(locationId);

    // The initials: not before the 30 seconds, then the start.
    await page.getByRole("button", { name: "Check In" }).click();
    await page.getByRole("button", { name: "Z", exact: true }).waitFor();
    await page.clock.runFor(29_000);
    expect(await page.getByRole("button", { name: "Z", exact: true }).isVisible()).toBe(true);
    await page.clock.runFor(1_500);
    await expectStart(page);

    // The names.
    await page.getByRole("button", { name: "Check In" }).click();
    await page.getByRole("button", { name: "Z", exact: true }).click();
    await page.getByRole("button", { name: /Zara Ahmed/ }).waitFor();
    await page.clock.runFor(31_000);
    await expectStart(page);

    // The PIN, half typed; a touch puts the 30 seconds back.
    await toPin(page, "Check In", "Z", /Zara Ahmed/);
    await tap(page, "43");
    await page.clock.runFor(20_000);
    await tap(page, "2");
    await page.clock.runFor(20_000);
    expect(await pinField(page).inputValue()).toBe("432");
    await page.clock.runFor(11_000);
    await expectStart(page);
    await toPin(page, "Check In", "Z", /Zara Ahmed/);
    expect(await pinField(page).inputValue()).toBe("");
    await page.clock.runFor(31_000);
    await expectStart(page);
    expect(await checkedIn(session.session_id, locationId)).toEqual([]);
  });

  it("clears the PIN after every answer, and after a refusal goes back to the initials in a few seconds", async () => {
    const { locationId } = await shop();
    const page = await kioskOn(locationId);
    await toPin(page, "Check Out", "Z", /Zara Ahmed/);
    // A wrong PIN: cleared, and the step stays (spec).
    await tap(page, "1111");
    await page.getByRole("button", { name: "Check Out" }).click();
    await expectToast(page, "Incorrect PIN - Please try again");
    expect(await pinField(page).inputValue()).toBe("");
    // The right PIN, refused: she is not checked in. Cleared at once; the initials a few seconds later.
    await tap(page, "4321");
    await page.getByRole("button", { name: "Check Out" }).click();
    await expectToast(page, /^Not checked in/);
    expect(await pinField(page).inputValue()).toBe("");
    await page.clock.runFor(4_500);
    await page.getByRole("button", { name: "Z", exact: true }).waitFor();
    expect(await pinField(page).count()).toBe(0);
    expect(await page.locator(".kiosk-flow__context").textContent()).toBe("Check Out");
  });

  it("takes the PIN on its number pad, and from a keyboard with Enter", async () => {
    const { locationId } = await shop();
    const page = await kioskOn(locationId);
    await toPin(page, "Check In", "Z", /Zara Ahmed/);
    expect(await pinField(page).getAttribute("inputmode")).toBe("none");
    await tap(page, "4329");
    await page.getByRole("button", { name: "Delete" }).click();
    await tap(page, "1");
    expect(await pinField(page).inputValue()).toBe("4321");
    await screenshot(page, "kiosk-pin-pad");
    await page.locator(".kiosk-pinpad").getByRole("button", { name: "Check In" }).click();
    await page
      .getByText(/^Checked in at/)
      .first()
      .waitFor();

    await page.clock.runFor(2_500);
    await toPin(page, "Check Out", "Z", /Zara Ahmed/);
    await pinField(page).pressSequentially("4321");
    await pinField(page).press("Enter");
    await page
      .getByText(/^Checked out at/)
      .first()
      .waitFor();
  });

  it("asks someone on sick leave whether to clock in, after their PIN, and marks the check-in on Live Status", async () => {
    const { locationId, session, finn } = await shop();
    await call("PUT", `/manager/employees/${finn.id}/status`, { status: "sick_leave" }, session.session_id);
    const page = await kioskOn(locationId);
    await toPin(page, "Check In", "F", /Finn Reed/);
    await tap(page, "6666");
    await page.getByRole("button", { name: "Check In" }).click();
    await page.getByText("You're on sick leave today. Clock in anyway?").waitFor();
    expect(await pinField(page).count()).toBe(0);
    await screenshot(page, "kiosk-leave-question");
    await page.getByRole("button", { name: "No, cancel" }).click();
    await expectStart(page);
    expect(await checkedIn(session.session_id, locationId)).toEqual([]);

    await toPin(page, "Check In", "F", /Finn Reed/);
    await tap(page, "6666");
    await page.getByRole("button", { name: "Check In" }).click();
    await page.getByRole("button", { name: "Yes, clock in" }).click();
    await page
      .getByText(/^Checked in at/)
      .first()
      .waitFor();

    const dashboard = await newPage(browser);
    await openDashboard(dashboard, session);
    await dashboard.locator(".person-list li", { hasText: "Finn Reed (on sick leave)" }).waitFor();
    await dashboard.getByRole("region", { name: "On Leave Today" }).getByText("Sick Leave").waitFor();
  });

  it("tells a locked-out employee for how long, and the manager unlocks them from Live Status", async () => {
    const { locationId, session } = await shop();
    const dashboard = await newPage(browser);
    dashboard.on("dialog", (dialog) => void dialog.accept());
    await openDashboard(dashboard, session);
    const page = await kioskOn(locationId);
    await toPin(page, "Check In", "Z", /Zara Ahmed/);
    for (let i = 0; i < 4; i++) {
      await pinField(page).fill("0000");
      await pinField(page).press("Enter");
      await expect.poll(() => pinField(page).inputValue()).toBe("");
    }
    await pinField(page).fill("0000");
    await pinField(page).press("Enter");
    await expectToast(
      page,
      "Account temporarily locked due to too many incorrect attempts. Try again in 15 minutes, or ask a manager to unlock you now.",
    );
    await page.getByRole("button", { name: /Zara Ahmed/ }).waitFor();

    const locked = dashboard.getByRole("region", { name: "Locked out of the kiosk" });
    await locked.getByText("Zara Ahmed").waitFor();
    await screenshot(dashboard, "live-status-locked-out");
    await locked.getByRole("button", { name: "Unlock" }).click();
    await expect.poll(() => locked.count()).toBe(0);

    await page.getByRole("button", { name: /Zara Ahmed/ }).click();
    await tap(page, "4321");
    await page.getByRole("button", { name: "Check In" }).click();
    await page
      .getByText(/^Checked in at/)
      .first()
      .waitFor();
  });

  it("says it is no longer in use once its account has closed, open or opened again", async () => {
    const { locationId, session } = await shop();
    const page = await kioskOn(locationId);
    await page.getByRole("button", { name: "Check In" }).click();
    await page.getByRole("button", { name: "Z", exact: true }).waitFor();
    await call("POST", "/user/close-account", { password: PASSWORD }, session.session_id);
    await page.getByRole("heading", { name: "This kiosk is no longer in use." }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "This kiosk is no longer in use." }).waitFor();
    expect(await page.getByText("Error loading").count()).toBe(0);
  });
});
