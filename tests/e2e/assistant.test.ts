import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { managerWithLocation, openDashboard } from "./support/accounts";
import { checkInAtKiosk, upgradeToPro } from "./support/assistant";
import { launchBrowser, newPage, screenshot } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the managers' AI assistant, in Chromium (offline analyst)", () => {
  it("is hidden on Starter", async () => {
    const manager = await managerWithLocation("Stella Starter", "Bristol Kiosk");
    const page = await newPage(browser);
    await openDashboard(page, manager.session);
    await page.getByRole("tab", { name: "Employees" }).waitFor();
    expect(await page.getByRole("button", { name: "Ask AI" }).count()).toBe(0);
    await page.context().close();
  });

  it("answers a Pro manager's 'who is in right now?' with the employee checked in at the kiosk", async () => {
    const manager = await managerWithLocation("Petra Pro", "Hackney Deli");
    const user = await upgradeToPro(manager.session.session_id);
    const { employee } = await manager.addEmployee("Jane", "Smith", "4821");
    expect((await checkInAtKiosk(manager.locationId, employee.username, "4821")).success).toBe(true);

    const page = await newPage(browser);
    await openDashboard(page, { ...manager.session, user });
    await page.getByRole("button", { name: "Ask AI" }).click();
    const box = page.getByRole("textbox", { name: "Ask the AI assistant" });
    const log = page.getByRole("log", { name: "Conversation" });

    // Blank is ignored; Shift+Enter makes a new line rather than sending.
    await box.press("Enter");
    await box.fill("who is");
    await box.press("Shift+Enter");
    expect(await box.inputValue()).toBe("who is\n");
    expect(await log.locator(".chat-bubble--user").count()).toBe(0);

    await box.fill("who is in right now?");
    await box.press("Enter");
    await log
      .getByText(/Checked in right now at Hackney Deli \(1\): Jane Smith \(since \d\d:\d\d\)\./)
      .waitFor();
    expect(await box.inputValue()).toBe("");

    // A question it cannot answer: the example questions, shown as a list (one item each), not a paragraph.
    await box.fill("what's the weather like?");
    await box.press("Enter");
    const help = log.locator(".chat-bubble--bot").last().getByRole("listitem");
    await help.first().waitFor();
    expect(await help.count()).toBeGreaterThanOrEqual(6);
    expect(await help.allTextContents()).toContain("Who is on sick leave? Who is on holiday?");
    await screenshot(page, "manager-assistant");
    await page.context().close();
  });
});
