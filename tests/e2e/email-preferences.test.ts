import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, managerWithLocation, openDashboard } from "./support/accounts";
import { launchBrowser, newPage } from "./support/browser";

// Each person's own e-mails (docs/team.md, "Mail"), turned off from the dashboard's menu and kept on the
// server.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("your e-mails, in Chromium", () => {
  it("turns the Monday report off from the menu, and the choice is still there after a reload", async () => {
    const shop = await managerWithLocation("Nia Hughes", "Conwy Quay Cafe");
    const page = await newPage(browser);
    await openDashboard(page, shop.session);
    const openEmails = async () => {
      const menu = page.getByRole("button", { name: "Menu" });
      if (await menu.isVisible()) await menu.click();
      await page.getByRole("button", { name: "E-mails" }).click();
      return page.getByRole("dialog", { name: "Your e-mails" });
    };

    let dialog = await openEmails();
    const report = dialog.getByLabel("Monday hours report");
    await expect.poll(() => report.isChecked()).toBe(true);
    await report.uncheck();
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("E-mail choices saved").waitFor();
    expect(await call("GET", "/user/email-preferences", undefined, shop.session.session_id)).toEqual({
      weekly_report: false,
      review: true,
    });

    await page.reload();
    dialog = await openEmails();
    await expect.poll(() => dialog.getByLabel("Monday hours report").isChecked()).toBe(false);
    expect(await dialog.getByLabel("Forgotten clock-outs to review").isChecked()).toBe(true);
    await page.screenshot({ path: "/tmp/email-preferences-1440.png" });
  });
});
