import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, managerWithLocation, openDashboard } from "./support/accounts";
import { expectToast, launchBrowser, newPage, screenshot } from "./support/browser";
import { localDate, mondayOf } from "./support/london-time";
import { PHONE, touchDevice } from "./support/phone";

// The Rota tab (docs/dashboard.md, docs/rota.md): a manager plans next week from templates, moves a shift by
// dragging it and copies one by keyboard, publishes it past its working-time warnings, and reads it on a phone.

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

const DAY = 24 * 3_600_000;
/** Next week's days in London, Monday first: "30/11/2026". */
const nextWeek = Array.from({ length: 7 }, (_, i) => localDate(mondayOf(Date.now()) + (7 + i) * DAY));
const isoOf = (date: string) => date.split("/").reverse().join("-");
const WEEKDAY = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const cellButton = (name: string, day: number) => `Add shift: ${name}, ${WEEKDAY[day]} ${nextWeek[day]}`;

type Week = {
  shifts: { id: string; employee_id: string | null; published: boolean }[];
  warnings: {
    shift_id: string | null;
    rule: string;
    employee_id: string;
    detail: string;
    regulation: string;
    fix: string;
  }[];
};

async function openRota(page: Page, session: Parameters<typeof openDashboard>[1], rowName: string) {
  await openDashboard(page, session);
  await page.getByRole("tab", { name: "Rota" }).click();
  await page.getByRole("button", { name: "Next week" }).click();
  await page.getByRole("heading", { name: `Rota: week of ${nextWeek[0]}` }).waitFor();
  await page.getByText(rowName).first().waitFor();
}

async function addFromTemplate(page: Page, name: string, day: number, template: string) {
  await page.getByRole("button", { name: cellButton(name, day) }).click();
  const dialog = page.getByRole("dialog", { name: `Add shift — ${nextWeek[day]}` });
  await dialog.getByLabel("Template").selectOption({ label: template });
  expect(await dialog.getByLabel("Employee").locator("option:checked").textContent()).toBe(name);
  await dialog.getByRole("button", { name: "Add shift", exact: true }).click();
  await dialog.waitFor({ state: "detached" });
}

describe("the Rota tab, in Chromium", () => {
  it("builds a week from templates, moves and copies shifts, and publishes it past its warnings", async () => {
    const manager = await managerWithLocation("Olivia Bennett", "Deptford Bakery");
    const sam = (await manager.addEmployee("Sam", "Patel", "1234")).employee.id;
    await manager.addEmployee("Ana", "Lopez", "2345");
    const page = await newPage(browser);
    await page.setViewportSize({ width: 1440, height: 900 });
    opened.push(page);
    await openRota(page, manager.session, "Sam Patel");
    await page.getByRole("rowheader", { name: "Open shifts" }).waitFor();

    // Two templates: a late that ends at 23:00 and an early that starts at 07:00.
    await page.getByRole("button", { name: "Templates" }).click();
    const templates = page.getByRole("dialog", { name: "Shift templates" });
    for (const [name, start, end] of [
      ["Late", "15:00", "23:00"],
      ["Early", "07:00", "15:00"],
    ] as const) {
      await templates.getByLabel("Name").fill(name);
      await templates.getByLabel("Start").fill(start);
      await templates.getByLabel("End").fill(end);
      await templates.getByLabel("Role").fill("Barista");
      await templates.getByRole("button", { name: "Add template" }).click();
      await templates.getByText(`${name} ${start}–${end}, 30 min break, Barista`).waitFor();
    }
    await templates.getByRole("button", { name: "Cancel" }).click();
    await templates.waitFor({ state: "detached" });

    // Sam: late on Monday, early on Tuesday (8 hours' rest between); Ana: early on Monday.
    await addFromTemplate(page, "Sam Patel", 0, "Late 15:00–23:00");
    await addFromTemplate(page, "Sam Patel", 1, "Early 07:00–15:00");
    await addFromTemplate(page, "Ana Lopez", 0, "Early 07:00–15:00");
    const samLate = page.getByRole("button", { name: "Sam Patel, Monday 15:00 to 23:00, Barista" });
    const samEarly = page.getByRole("button", { name: "Sam Patel, Tuesday 07:00 to 15:00, Barista" });
    await samLate.waitFor();
    await expect.poll(() => samEarly.getAttribute("aria-describedby")).toBeTruthy();
    expect(await samEarly.textContent()).toContain("Draft");

    // Drag Ana's Monday to Wednesday: the same times on the new day.
    const anaMonday = page.getByRole("button", { name: "Ana Lopez, Monday 07:00 to 15:00, Barista" });
    await anaMonday.dragTo(page.getByRole("button", { name: cellButton("Ana Lopez", 2) }));
    const anaWednesday = page.getByRole("button", { name: "Ana Lopez, Wednesday 07:00 to 15:00, Barista" });
    await anaWednesday.waitFor();
    await anaMonday.waitFor({ state: "detached" });

    // Copy it to Thursday by keyboard: C, the right arrow, Enter; the live region says where it went.
    await anaWednesday.focus();
    await page.keyboard.press("c");
    await page.getByText(/^Copying the shift\. Ana Lopez, Wednesday/).waitFor();
    await page.keyboard.press("ArrowRight");
    await page.getByText(`Ana Lopez, Thursday ${nextWeek[3]}`, { exact: true }).waitFor();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Ana Lopez, Thursday 07:00 to 15:00, Barista" }).waitFor();
    await page.getByText(`Shift copied to Ana Lopez, Thursday ${nextWeek[3]}.`).waitFor();
    await anaWednesday.waitFor();

    const week = () =>
      call<Week>(
        "GET",
        `/manager/rota/${manager.locationId}?week=${isoOf(nextWeek[0] ?? "")}`,
        undefined,
        manager.session.session_id,
      );
    expect((await week()).shifts).toHaveLength(4);

    // The rest between Monday's late and Tuesday's early is a warning on Tuesday's card and in the week's
    // list (docs/rota.md, "Working-time checks on the plan"): publishing asks first.
    const rest = (await week()).warnings.find((w) => w.rule === "daily_rest" && w.employee_id === sam);
    expect(rest?.shift_id).toBeTruthy();
    await expect.poll(() => samEarly.textContent()).toContain("⚠");
    const description = await samEarly.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${description}"]`).textContent()).toContain(`Warning: ${rest?.detail}`);
    const listed = page.getByRole("region", { name: /^Working-time warnings/ });
    await listed
      .getByText(rest?.regulation ?? "", { exact: false })
      .first()
      .waitFor();
    await screenshot(page, "rota-week");

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const asked = page.getByRole("dialog", { name: "Publish with working-time warnings?" });
    await asked
      .getByText(rest?.fix ?? "", { exact: false })
      .first()
      .waitFor();
    // Nothing is published until the manager says so.
    expect((await week()).shifts.some((shift) => shift.published)).toBe(false);
    await asked.getByRole("button", { name: "Publish anyway" }).click();
    await expectToast(page, /^Published\. 0 staff e-mailed\./);
    // Nobody has an e-mail address: the manager is told whom to tell.
    await page
      .getByRole("status")
      .filter({ hasText: "These staff have no e-mail address" })
      .getByText(/^(Ana Lopez, Sam Patel|Sam Patel, Ana Lopez)$/)
      .waitFor();
    await expect.poll(() => page.locator(".rota-grid").getByText("Draft", { exact: true }).count()).toBe(0);
    expect((await week()).shifts.every((shift) => shift.published)).toBe(true);
    await screenshot(page, "rota-published");
  });

  it("shows the week as a day-by-day list on a phone", async () => {
    const manager = await managerWithLocation("Priya Shah", "Peckham Pantry");
    const sam = (await manager.addEmployee("Sam", "Patel", "1234")).employee.id;
    const tuesday = isoOf(nextWeek[1] ?? "");
    await call(
      "POST",
      `/manager/rota/${manager.locationId}/shifts`,
      {
        employee_id: sam,
        start_at: new Date(`${tuesday}T09:00:00Z`).toISOString(),
        end_at: new Date(`${tuesday}T17:00:00Z`).toISOString(),
        break_minutes: 30,
        role: "Barista",
      },
      manager.session.session_id,
    );
    const page = await touchDevice(browser, PHONE);
    opened.push(page);
    await openRota(page, manager.session, "Tuesday");
    const tuesdaySection = page.getByRole("region", { name: `Tuesday ${nextWeek[1]?.slice(0, 5)}` });
    // 09:00 UTC is 09:00 in London in winter, 10:00 in summer.
    await tuesdaySection
      .getByRole("button", { name: /^Sam Patel, Tuesday (09|10):00 to (17|18):00, Barista$/ })
      .waitFor();
    expect(await page.locator("table.rota-grid").count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Add shift on / }).count()).toBe(7);
    await screenshot(page, "rota-phone");
  });
});
