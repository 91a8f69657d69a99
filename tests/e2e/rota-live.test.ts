import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, demoManager, managerWithLocation, openDashboard } from "./support/accounts";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { localDate, localTime, mondayOf } from "./support/london-time";

// The rota from plan to Live Status (docs/rota.md): a manager builds this week from templates, publishes it
// past a rest warning, an employee clocks in ten minutes after their shift began, and the open dashboard
// shows them late at once, pushed by the location's hub.

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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WEEKDAY = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
/** Monday 0 … Sunday 6 of an instant in London. */
const weekdayOf = (instant: number) =>
  WEEKDAY.indexOf(
    new Date(instant).toLocaleDateString("en-GB", { timeZone: "Europe/London", weekday: "long" }),
  );

async function addTemplate(page: Page, name: string, start: number, end: number) {
  const templates = page.getByRole("dialog", { name: "Shift templates" });
  await templates.getByLabel("Name").fill(name);
  await templates.getByLabel("Start").fill(localTime(start));
  await templates.getByLabel("End").fill(localTime(end));
  await templates.getByLabel("Role").fill("Barista");
  await templates.getByRole("button", { name: "Add template" }).click();
  await templates.getByText(new RegExp(`^${name} `)).waitFor();
}

async function addFromTemplate(page: Page, person: string, day: number, date: string, template: string) {
  await page.getByRole("button", { name: `Add shift: ${person}, ${WEEKDAY[day]} ${date}` }).click();
  const dialog = page.getByRole("dialog", { name: `Add shift — ${date}` });
  await dialog.getByLabel("Template").selectOption({ label: template });
  await dialog.getByRole("button", { name: "Add shift", exact: true }).click();
  await dialog.waitFor({ state: "detached" });
}

describe("the rota live, in Chromium", () => {
  it("shows someone who clocks in ten minutes after their published shift began as late within a second", async () => {
    const manager = await managerWithLocation("Olivia Bennett", "Deptford Bakery");
    await manager.addEmployee("Sam", "Patel", "1234");
    const now = Date.now();
    // Sam's shift began ten minutes ago (to the minute) and lasts six hours; the other one leaves him eight
    // hours' rest, after it if that stays in this shift's week, else before it.
    const start = Math.floor((now - 10 * MINUTE) / MINUTE) * MINUTE;
    const end = start + 6 * HOUR;
    const after = end + 8 * HOUR;
    const other =
      localDate(mondayOf(after)) === localDate(mondayOf(start))
        ? { start: after, end: after + 4 * HOUR }
        : { start: start - 12 * HOUR, end: start - 8 * HOUR };

    const page = await newPage(browser);
    await page.setViewportSize({ width: 1440, height: 900 });
    opened.push(page);
    await openDashboard(page, manager.session);
    await page.getByRole("tab", { name: "Rota" }).click();
    if (localDate(mondayOf(start)) !== localDate(mondayOf(now))) {
      await page.getByRole("button", { name: "Previous week" }).click();
    }
    await page.getByRole("heading", { name: `Rota: week of ${localDate(mondayOf(start))}` }).waitFor();

    await page.getByRole("button", { name: "Templates" }).click();
    await addTemplate(page, "Now", start, end);
    await addTemplate(page, "Rest", other.start, other.end);
    await page
      .getByRole("dialog", { name: "Shift templates" })
      .getByRole("button", { name: "Cancel" })
      .click();

    await addFromTemplate(
      page,
      "Sam Patel",
      weekdayOf(start),
      localDate(start),
      `Now ${localTime(start)}–${localTime(end)}`,
    );
    await addFromTemplate(
      page,
      "Sam Patel",
      weekdayOf(other.start),
      localDate(other.start),
      `Rest ${localTime(other.start)}–${localTime(other.end)}`,
    );

    // The plan breaks the daily rest rule: publishing asks first, and the manager publishes anyway.
    await page.getByRole("heading", { name: /^Working-time warnings/ }).waitFor();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const asked = page.getByRole("dialog", { name: "Publish with working-time warnings?" });
    await asked
      .getByText(/11 hours/)
      .first()
      .waitFor();
    await asked.getByRole("button", { name: "Publish anyway" }).click();
    await asked.waitFor({ state: "detached" });
    await expect.poll(() => page.locator(".rota-grid").getByText("Draft", { exact: true }).count()).toBe(0);

    // Live Status already knows him late and not in; the kiosk punch turns it into "in at …, 10 min late".
    await page.getByRole("tab", { name: "Live Status" }).click();
    const late = page.getByRole("region", { name: /^Late/ });
    await late.getByText("Sam Patel").waitFor();
    await late.getByText(/^not in, 1[01] min late$/).waitFor();

    const kiosk = await newPage(browser);
    opened.push(kiosk);
    await kiosk.goto(`/attendance/${manager.locationId}`);
    await kiosk.getByRole("button", { name: "Check In" }).click();
    await kiosk.getByRole("button", { name: "S", exact: true }).click();
    await kiosk.getByRole("button", { name: /Sam Patel/ }).click();
    await kiosk.getByLabel("Enter your 4-digit PIN").fill("1234");
    await kiosk.getByRole("button", { name: "Check In" }).click();
    await kiosk
      .getByText(/^Checked in at \d\d:\d\d$/)
      .first()
      .waitFor();
    const punched = Date.now();
    await late.getByText(/^in at \d\d:\d\d, 1[01] min late$/).waitFor({ timeout: 1_000 });
    expect(Date.now() - punched).toBeLessThan(1_000);
    await screenshot(page, "live-status-late");

    // The week's rota says who published it, and the hub has him planned as published.
    const week = await call<{ published_at: string | null; shifts: { published: boolean }[] }>(
      "GET",
      `/manager/rota/${manager.locationId}?week=${localDate(mondayOf(start)).split("/").reverse().join("-")}`,
      undefined,
      manager.session.session_id,
    );
    expect(week.published_at).not.toBeNull();
    expect(week.shifts.map((s) => s.published)).toEqual([true, true]);
  });

  it("opens the demo with its published rota's late arrival and no-show on Live Status", async () => {
    const page = await newPage(browser);
    opened.push(page);
    await openDashboard(page, await demoManager());
    await page.getByRole("tab", { name: "Live Status" }).click();
    // Seeded 12 and 45 minutes after their shifts began (scripts/seed/demo-plan.ts): the late one turns into a
    // second no-show half an hour after the demo started, so the two are counted together.
    const noShow = page.getByRole("region", { name: /^No-show/ });
    await noShow.locator("li").first().waitFor();
    const late = page.getByRole("region", { name: /^Late/ });
    const missing = (await noShow.locator("li").count()) + (await late.locator("li").count());
    expect(missing).toBe(2);
    await screenshot(page, "demo-live-status-rota");
  });
});
