import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, managerWithLocation, openDashboard } from "./support/accounts";
import { upgradeToPro } from "./support/assistant";
import { expectToast, launchBrowser, newPage, screenshot } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A Pro manager (Daily Break Settings is a Pro feature) with one location and one member of staff. */
async function proManagerWithStaff(name: string, locationName: string) {
  const manager = await managerWithLocation(name, locationName);
  const user = await upgradeToPro(manager.session.session_id);
  await manager.addEmployee("Bethan", "Hughes", "2580");
  return { ...manager, session: { ...manager.session, user } };
}

type Manager = Awaited<ReturnType<typeof proManagerWithStaff>>;

const recordBreaks = (manager: Manager, on: boolean) =>
  call(
    "PUT",
    `/manager/locations/${manager.locationId}/customization`,
    { record_breaks: on },
    manager.session.session_id,
  );

/** One pass through the kiosk's four steps for Bethan Hughes; waits for the server's answer. */
async function clock(kiosk: Page, action: string) {
  await kiosk.getByRole("button", { name: action, exact: true }).click();
  await kiosk.getByRole("button", { name: "B", exact: true }).click();
  await kiosk.getByRole("button", { name: /Bethan Hughes/ }).click();
  await kiosk.getByLabel("Enter your 4-digit PIN").fill("2580");
  await kiosk.getByRole("button", { name: action, exact: true }).click();
  const answer = kiosk.locator(".kiosk-flow__success");
  await answer.waitFor();
  const message = (await answer.textContent()) ?? "";
  // Back at the first step after 2 seconds, for the next person.
  await kiosk.getByRole("button", { name: "Check In", exact: true }).waitFor({ timeout: 5000 });
  return message;
}

const onBreakCount = (dashboard: Page) =>
  dashboard.locator(".stat", { hasText: "On break" }).locator(".stat__value").textContent();

describe("breaks clocked at the kiosk, in Chromium", () => {
  it("a manager turns on Record breaks; Start Break shows on an open Live Status at once, End Break clears it", async () => {
    const manager = await proManagerWithStaff("Hannah Price", "Stockport Market Café");
    const dashboard = await newPage(browser);
    await openDashboard(dashboard, manager.session);
    await dashboard.getByText("Live", { exact: true }).waitFor();
    expect(await onBreakCount(dashboard)).toBe("0");
    expect(await dashboard.getByRole("region", { name: "On Break" }).count()).toBe(0);

    // Off by default: the spec's two buttons, exactly.
    const kiosk = await newPage(browser);
    await kiosk.goto(`/attendance/${manager.locationId}`);
    await kiosk.getByRole("heading", { name: "Stockport Market Café" }).waitFor();
    await kiosk.getByRole("button", { name: "Check Out", exact: true }).waitFor();
    expect(await kiosk.locator(".kiosk-flow__actions button").allTextContents()).toEqual([
      "Check In",
      "Check Out",
    ]);

    // The Hours tab's Daily Break Settings turn it on, saved with the form.
    await dashboard.getByRole("tab", { name: "Hours" }).click();
    const toggle = dashboard.getByRole("checkbox", { name: "Record breaks at the kiosk" });
    expect(await toggle.isChecked()).toBe(false);
    const hintId = await toggle.getAttribute("aria-describedby");
    expect(await dashboard.locator(`[id="${hintId}"]`).textContent()).toBe(
      "Staff can Start Break and End Break at the kiosk. Recorded breaks are unpaid time.",
    );
    await toggle.check();
    await dashboard.getByRole("button", { name: "Save break settings" }).click();
    await expectToast(dashboard, "Break settings saved");
    const saved = await call<{ customization: { record_breaks: boolean } }>(
      "GET",
      `/manager/locations/${manager.locationId}/customization`,
      undefined,
      manager.session.session_id,
    );
    expect(saved.customization.record_breaks).toBe(true);
    await screenshot(dashboard, "hours-record-breaks");
    await dashboard.getByRole("tab", { name: "Live Status" }).click();
    await dashboard.getByText("Live", { exact: true }).waitFor();

    await kiosk.reload();
    await kiosk.getByRole("button", { name: "Start Break", exact: true }).waitFor();
    expect(await kiosk.locator(".kiosk-flow__actions button").allTextContents()).toEqual([
      "Check In",
      "Check Out",
      "Start Break",
      "End Break",
    ]);
    await screenshot(kiosk, "kiosk-with-breaks");

    expect(await clock(kiosk, "Check In")).toMatch(/^Checked in at \d\d:\d\d$/);
    await dashboard.locator(".person-list li", { hasText: "Bethan Hughes" }).waitFor({ timeout: 5000 });

    // Start Break: the dashboard hears it from the location's hub, no reload.
    expect(await clock(kiosk, "Start Break")).not.toBe("");
    const onBreak = dashboard.getByRole("region", { name: "On Break" });
    const row = onBreak.locator("li", { hasText: "Bethan Hughes" });
    await row.waitFor({ timeout: 5000 });
    expect(await row.locator(".person-list__time").textContent()).toMatch(/^since \d\d:\d\d$/);
    await expect.poll(() => onBreakCount(dashboard)).toBe("1");
    await screenshot(dashboard, "live-status-on-break");

    // End Break: off the list, still checked in.
    expect(await clock(kiosk, "End Break")).not.toBe("");
    await onBreak.waitFor({ state: "detached", timeout: 5000 });
    await expect.poll(() => onBreakCount(dashboard)).toBe("0");
    expect(
      await dashboard
        .getByRole("region", { name: "Currently Checked In" })
        .locator("li", { hasText: "Bethan Hughes" })
        .count(),
    ).toBe(1);
  });

  it("lays the four buttons out two by two on a phone, and offers them in the dashboard's overlay", async () => {
    const manager = await proManagerWithStaff("Gareth Lewis", "Swansea Market Deli");
    await recordBreaks(manager, true);

    const phone = await newPage(browser);
    await phone.setViewportSize({ width: 375, height: 740 });
    await phone.goto(`/attendance/${manager.locationId}`);
    await phone.getByRole("button", { name: "End Break", exact: true }).waitFor();
    const boxes = await phone
      .locator(".kiosk-flow__actions button")
      .evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().toJSON() as DOMRect));
    const [checkIn, checkOut, startBreak, endBreak] = boxes;
    if (!checkIn || !checkOut || !startBreak || !endBreak) throw new Error("four buttons expected");
    expect(checkOut.top).toBe(checkIn.top);
    expect(endBreak.top).toBe(startBreak.top);
    expect(startBreak.top).toBeGreaterThanOrEqual(checkIn.bottom);
    expect(startBreak.left).toBe(checkIn.left);
    expect(endBreak.left).toBe(checkOut.left);
    expect(endBreak.right).toBeLessThanOrEqual(375);
    // The same size as Check In and Check Out.
    expect(startBreak.height).toBe(checkIn.height);
    expect(startBreak.width).toBe(checkIn.width);
    await screenshot(phone, "kiosk-breaks-phone");

    const page = await newPage(browser);
    await openDashboard(page, manager.session);
    await page.getByRole("button", { name: "Clock someone in here" }).click();
    const overlay = page.getByRole("dialog", { name: "Kiosk for Swansea Market Deli" });
    await overlay.getByRole("button", { name: "Start Break", exact: true }).waitFor();
    await overlay.getByRole("button", { name: "End Break", exact: true }).waitFor();

    // Turned off again: the overlay, opened afresh, is back to the spec's two buttons.
    await overlay.getByRole("button", { name: "Close", exact: true }).click();
    await recordBreaks(manager, false);
    await page.reload();
    await page.getByRole("button", { name: "Clock someone in here" }).click();
    await overlay.getByRole("button", { name: "Check Out", exact: true }).waitFor();
    expect(await overlay.locator(".kiosk-flow__actions button").allTextContents()).toEqual([
      "Check In",
      "Check Out",
    ]);
  });
});
