import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, managerWithLocation, openDashboard } from "./support/accounts";
import { upgradeToPro } from "./support/assistant";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectToast, launchBrowser, newPage } from "./support/browser";
import { localDate, localTime } from "./support/london-time";

// The Compliance tab's working-time settings in Chromium (docs/compliance.md, "What the employer decides"): a
// 17-year-old's evening past 22:00 is a night-work finding until the location says it is a hospitality
// business, and the choices are kept.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** London's `hours:minutes` on the day `daysAgo` days before today, as an instant. */
function londonAt(daysAgo: number, hours: number, minutes: number): number {
  const [day, month, year] = localDate(Date.now() - daysAgo * 24 * HOUR)
    .split("/")
    .map(Number);
  const guess = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hours, minutes);
  const shown = localTime(guess);
  const drift = Number(shown.slice(0, 2)) * 60 + Number(shown.slice(3)) - (hours * 60 + minutes);
  return guess - drift * MINUTE;
}

/** The page and the settings card at a phone's width and a desktop's, saved to /tmp to be looked at. */
async function shots(page: Page, name: string) {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `/tmp/${name}-${width}.png`, fullPage: true });
    await page
      .getByRole("region", { name: "Working-time settings" })
      .screenshot({ path: `/tmp/${name}-card-${width}.png` });
  }
}

describe("the working-time settings, in Chromium", () => {
  it("flag a 17-year-old at work at 22:30 until the location is set as a hospitality business, and keep the choices", async () => {
    const shop = await managerWithLocation("Megan Price", "Cardiff Bay Bistro");
    const token = shop.session.session_id;
    const session = { ...shop.session, user: await upgradeToPro(token) };
    const { employee: tom } = await shop.addEmployee("Tom", "Reed", "4812");
    await call(
      "PUT",
      `/manager/employee-pay/${shop.locationId}/${tom.id}`,
      {
        payroll_id: null,
        contracted_weekly_hours: null,
        hourly_rate: null,
        date_of_birth: `${new Date().getUTCFullYear() - 17}-01-15`,
      },
      token,
    );
    const start = londonAt(2, 18, 0);
    await call(
      "POST",
      `/manager/timesheets/${shop.locationId}/entries`,
      {
        employee_id: tom.id,
        check_in_at: new Date(start).toISOString(),
        check_out_at: new Date(start + 4.5 * HOUR).toISOString(),
        reason: "Evening shift from the rota",
      },
      token,
    );

    const page = await newPage(browser);
    await openDashboard(page, session);
    await page.getByRole("tab", { name: "Compliance" }).click();
    const tomCard = page.getByRole("article", { name: "Tom Reed" });
    const night = tomCard.getByRole("listitem").filter({ hasText: "Young worker: night work" });
    await night.getByText(/Worked 0h 30m between 22:00 and 22:30/).waitFor();
    await night.getByText("Working Time Regulations 1998, regs 6A and 27A").waitFor();

    const settings = page.getByRole("region", { name: "Working-time settings" });
    await settings.getByLabel("Young workers at night: your sector").selectOption("hospitality");
    await settings.getByLabel("Adults take their weekly rest over 14 days").check();
    await settings.getByLabel("48-hour average: fixed 17-week periods from").fill("2026-04-06");
    await settings
      .getByText("Successive 17-week periods from 06/04/2026, for every location.", { exact: false })
      .waitFor();
    await settings.getByRole("button", { name: "Save working-time settings" }).click();
    await expectToast(page, "Working-time settings saved: the checks use them now");
    await night.waitFor({ state: "detached" });

    await expectNoSeriousA11yViolations(page);
    await shots(page, "working-time-settings");

    // Kept: read again from a fresh load.
    await page.reload();
    await page.getByRole("tab", { name: "Compliance" }).click();
    const again = page.getByRole("region", { name: "Working-time settings" });
    await expect
      .poll(() => again.getByLabel("Young workers at night: your sector").inputValue())
      .toBe("hospitality");
    expect(await again.getByLabel("Adults take their weekly rest over 14 days").isChecked()).toBe(true);
    expect(await again.getByLabel("48-hour average: fixed 17-week periods from").inputValue()).toBe(
      "2026-04-06",
    );
  });
});
