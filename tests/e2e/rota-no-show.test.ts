import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, managerWithLocation, openDashboard } from "./support/accounts";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { PHONE, touchDevice } from "./support/phone";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const MIN = 60_000;

/** The Monday (YYYY-MM-DD) of the London week an instant falls in. */
function londonMonday(at: number) {
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(at));
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

type Manager = Awaited<ReturnType<typeof managerWithLocation>>;

/** Publishes a shift for each employee that began 40 minutes ago: none of them is in. */
async function dueFortyMinutesAgo(manager: Manager, employeeIds: string[]) {
  const token = manager.session.session_id;
  const start = Math.floor((Date.now() - 40 * MIN) / MIN) * MIN;
  for (const employeeId of employeeIds) {
    await call(
      "POST",
      `/manager/rota/${manager.locationId}/shifts`,
      {
        employee_id: employeeId,
        start_at: new Date(start).toISOString(),
        end_at: new Date(start + 6 * 60 * MIN).toISOString(),
        break_minutes: 20,
        role: "Barista",
      },
      token,
    );
  }
  await call(
    "POST",
    `/manager/rota/${manager.locationId}/publish`,
    { week: londonMonday(start), acknowledge_warnings: true },
    token,
  );
}

describe("the rota in Live Status, in Chromium", () => {
  it("lists someone not in 40 minutes into their published shift as a no-show", async () => {
    const manager = await managerWithLocation();
    const { employee } = await manager.addEmployee("Priya", "Shah", "2468");
    await dueFortyMinutesAgo(manager, [employee.id]);

    const page = await newPage(browser);
    await openDashboard(page, manager.session);
    const noShow = page.getByRole("region", { name: /^No-show/ });
    await noShow.waitFor();
    expect(await noShow.getByText("Priya Shah").count()).toBe(1);
    expect(await noShow.textContent()).toMatch(/Barista/);
    // Calm otherwise: no empty Late, Due soon, Left early or Unscheduled boxes.
    for (const list of ["Late", "Due soon", "Left early", "Unscheduled"]) {
      expect(await page.getByRole("region", { name: new RegExp(`^${list}`) }).count()).toBe(0);
    }
    await screenshot(page, "rota-no-show");
  });

  it("folds a long list on a phone to its first two people, with Show all", async () => {
    const manager = await managerWithLocation();
    const names = [
      ["Priya", "Shah", "2468"],
      ["Tom", "Reed", "1357"],
      ["Uma", "Bell", "8642"],
    ] as const;
    const ids: string[] = [];
    for (const [first, last, pin] of names)
      ids.push((await manager.addEmployee(first, last, pin)).employee.id);
    await dueFortyMinutesAgo(manager, ids);

    const page = await touchDevice(browser, PHONE);
    await openDashboard(page, manager.session);
    const noShow = page.getByRole("region", { name: /^No-show/ });
    await noShow.waitFor();
    const shown = noShow.locator(".person-list__name");
    expect(await shown.count()).toBe(3);
    const visible = async () =>
      (await shown.evaluateAll((els) => els.map((el) => el.checkVisibility()))).filter(Boolean).length;
    expect(await visible()).toBe(2);
    await noShow.getByRole("button", { name: "Show all 3" }).click();
    expect(await visible()).toBe(3);
    expect(await noShow.getByRole("button", { name: /^Show all/ }).count()).toBe(0);
    await page.context().close();
  });
});
