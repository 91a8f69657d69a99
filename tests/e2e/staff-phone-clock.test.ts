import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, openDashboard } from "./support/accounts";
import { upgradeToPro } from "./support/assistant";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { touchDevice } from "./support/phone";
import { signInToStaffApp, staffMember } from "./support/staff-app";

// Clocking in from the phone (docs/staff-app.md): Chromium's geolocation stands in for the phone's GPS, the
// punch crosses the real network to the location's hub, and the manager's Live Status shows it.

const SITE = { latitude: 51.4778, longitude: -0.0261 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("phone clock-in", () => {
  it("clocks a staff member in from their phone at the site, and Live Status shows them in", async () => {
    const jane = await staffMember();
    const token = jane.session.session_id;
    await upgradeToPro(token);
    await call(
      "PUT",
      `/manager/locations/${jane.locationId}/phone-clock-in`,
      { enabled: true, ...SITE },
      token,
    );

    const dashboard = await newPage(browser);
    await openDashboard(dashboard, jane.session);

    const phone = await touchDevice(browser);
    await phone.context().grantPermissions(["geolocation"]);
    // 60 m north of the site, accurate to 15 m: inside the 150 m circle.
    await phone
      .context()
      .setGeolocation({ latitude: SITE.latitude + 0.00054, longitude: SITE.longitude, accuracy: 15 });
    await signInToStaffApp(phone, jane.staffEmail);
    await phone.getByRole("button", { name: "Clock in" }).click();
    await expect
      .poll(() => phone.getByText(/^Checked in at \d\d:\d\d/).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => phone.getByRole("button", { name: "Clock out" }).isVisible()).toBe(true);
    await screenshot(phone, "staff-phone-clocked-in");

    await expect
      .poll(
        async () =>
          dashboard.locator(".stat", { hasText: "Checked in now" }).locator(".stat__value").textContent(),
        { timeout: 15_000 },
      )
      .toBe("1");

    // Far from the site, clocking out is refused with the distance.
    await phone
      .context()
      .setGeolocation({ latitude: SITE.latitude + 0.0038, longitude: SITE.longitude, accuracy: 10 });
    await phone.getByRole("button", { name: "Clock out" }).click();
    await expect
      .poll(() =>
        phone.getByText(/^You're 420 m from Deptford Bakery\. Clock out when you're at work\.$/).isVisible(),
      )
      .toBe(true);
    await phone.context().close();
    await dashboard.context().close();
  });
});
