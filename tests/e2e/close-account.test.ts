import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, managerWithLocation, openDashboard, PASSWORD } from "./support/accounts";
import { baseUrl, expectToast, launchBrowser, newPage, screenshot } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("leaving Clocked, in Chromium", () => {
  it("downloads the account's data, then closes the account after a typed confirmation", async () => {
    const manager = await managerWithLocation("Nadia Hussain", "Brixton Market");
    await manager.addEmployee("Tom", "Price", "2468");
    const page = await newPage(browser);
    await openDashboard(page, manager.session);
    await page.getByRole("button", { name: /^Plan & billing/ }).click();
    const dialog = page.getByRole("dialog", { name: "Manage Subscription" });

    const saved = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download my data" }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toMatch(/^clocked-account-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync((await download.path()) ?? "")));
    expect(Object.keys(files)).toContain("README.txt");
    expect(new TextDecoder().decode(files["employees.csv"])).toContain("Tom,Price");

    await dialog.getByRole("button", { name: "Close account" }).click();
    const form = dialog.getByRole("form", { name: "Close account" });
    const confirm = form.getByRole("button", { name: "Close my account" });
    await form.getByLabel("Your password").fill(PASSWORD);
    await form.getByLabel("Type CLOSE to confirm").fill("close");
    expect(await confirm.isDisabled()).toBe(true);
    await form.getByLabel("Type CLOSE to confirm").fill("CLOSE");
    await screenshot(page, "close-account");
    await confirm.click();
    await expectToast(page, /Your account has been closed/);
    await page.getByRole("heading", { name: "Welcome Back" }).waitFor();

    const login = await fetch(`${baseUrl()}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email_or_name: manager.email, password: PASSWORD }),
    });
    expect(login.status).toBe(403);
    expect(await login.json()).toEqual({ detail: "This account has been closed." });
    // Its kiosks stop, and say so (docs/kiosk.md).
    await expect(call("GET", `/locations/${manager.locationId}`)).rejects.toThrow(
      /answered 410: {"detail":"This kiosk is no longer in use."}/,
    );
  });
});
