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
  it("takes the site's position from the manager's browser with Use where I am now", async () => {
    const jane = await staffMember();
    const token = jane.session.session_id;
    await upgradeToPro(token);
    const dashboard = await newPage(browser);
    await dashboard.context().grantPermissions(["geolocation"]);
    await dashboard.context().setGeolocation({ ...SITE, accuracy: 12 });
    await openDashboard(dashboard, jane.session);
    await dashboard.getByRole("tab", { name: "Attendance Form" }).click();
    const card = dashboard.getByRole("region", { name: "Phone clock-in" });
    await card.getByRole("button", { name: "Use where I am now" }).click();
    await card
      .getByRole("status")
      .filter({ hasText: "Found 51.47780, -0.02610, accurate to about 12 m." })
      .waitFor();
    await card.getByRole("button", { name: "Save position and radius" }).click();
    await card.getByText("Site position: 51.47780, -0.02610").waitFor();
    const allow = card.getByRole("checkbox", {
      name: "Let staff clock in from their phones at this location",
    });
    await allow.click();
    await expect.poll(() => allow.isChecked()).toBe(true);
    await expect
      .poll(async () => call("GET", `/manager/locations/${jane.locationId}/phone-clock-in`, undefined, token))
      .toMatchObject({
        enabled: true,
        latitude: SITE.latitude,
        longitude: SITE.longitude,
        radius_metres: 150,
      });
    await dashboard.context().close();
  });

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

    // The manager sees where the phone was on the entry, and nothing more.
    await dashboard.getByRole("tab", { name: "Hours" }).click();
    await dashboard.getByRole("button", { name: "Timesheets", exact: true }).click();
    await dashboard.getByRole("button", { name: /^Entry \d\d:\d\d.* \(still checked in\) for / }).click();
    await dashboard
      .getByRole("dialog")
      .getByText(/by phone, \d+ m from the site \(±15 m\)/)
      .waitFor();
    await dashboard.keyboard.press("Escape");

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
