import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, managerWithLocation, openDashboard } from "./support/accounts";
import { expectToast, launchBrowser, newPage, screenshot } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const card = (page: Page) => page.getByRole("region", { name: "Rota" });

describe("the location's rota settings, in Chromium", () => {
  it("saves the grace, the no-show threshold and pay to the rota, refusing a threshold not after the grace", async () => {
    const manager = await managerWithLocation();
    const page = await newPage(browser);
    await openDashboard(page, manager.session);
    await page.getByRole("tab", { name: "Hours" }).click();
    const rota = card(page);
    await rota.waitFor();
    expect(await rota.getByLabel("Late after (minutes)").inputValue()).toBe("5");
    expect(await rota.getByLabel("No-show after (minutes)").inputValue()).toBe("30");
    expect(await rota.getByLabel("Pay to the rota").isChecked()).toBe(false);

    await rota.getByLabel("Late after (minutes)").fill("30");
    await rota.getByRole("button", { name: "Save rota settings" }).click();
    await expectToast(page, "no_show_minutes must be greater than late_grace_minutes");

    await rota.getByLabel("Late after (minutes)").fill("10");
    await rota.getByLabel("No-show after (minutes)").fill("45");
    await rota.getByLabel("Pay to the rota").check();
    await rota.getByRole("button", { name: "Save rota settings" }).click();
    await expectToast(page, "Rota settings saved");
    const saved = await call<{ customization: Record<string, unknown> }>(
      "GET",
      `/manager/locations/${manager.locationId}/customization`,
      undefined,
      manager.session.session_id,
    );
    expect(saved.customization).toMatchObject({
      late_grace_minutes: 10,
      no_show_minutes: 45,
      pay_to_rota: true,
    });

    await page.reload();
    await page.getByRole("tab", { name: "Hours" }).click();
    await card(page).waitFor();
    expect(await card(page).getByLabel("No-show after (minutes)").inputValue()).toBe("45");
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await card(page).scrollIntoViewIfNeeded();
      await screenshot(page, `rota-settings-${width}`);
    }
  });
});
