import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectToast, launchBrowser, newPage, screenshot } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the super admin console, in Chromium (development defaults)", () => {
  it("refuses wrong credentials with the spec's toast", async () => {
    const page = await newPage(browser);
    await page.goto("/super-admin");
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectToast(page, "Invalid super admin credentials");
    await page.context().close();
  });

  it("signs in, shows the counters, asks the analyst, keeps the chat in the history, and logs out", async () => {
    const page = await newPage(browser);
    await page.goto("/super-admin");
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill("Admin!2026");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectToast(page, "Welcome to Super Admin Dashboard");

    await page.getByRole("heading", { name: "Plan distribution" }).waitFor();
    await page.getByText(/^Updated \d\d:\d\d:\d\d$/).waitFor();
    for (const label of ["Total users", "Active users (30 days)", "Locations", "Employees", "AI queries"]) {
      await page.getByText(label, { exact: true }).waitFor();
    }
    // The seeded demo manager (Pro, Camden High Street) is on the platform.
    expect(Number(await page.locator(".stat__value").first().textContent())).toBeGreaterThanOrEqual(1);
    await screenshot(page, "super-admin-dashboard");

    await page.getByRole("button", { name: "Ask the analyst" }).click();
    const box = page.getByRole("textbox", { name: "Ask the analytics assistant" });
    const question = "How are accounts spread across the plans this quarter, roughly speaking?";
    await box.fill(question);
    await box.press("Enter");
    await page
      .getByRole("log")
      .getByText(/Plan distribution: Starter \d+, Pro \d+, Business \d+\./)
      .waitFor();

    const title = `${question.slice(0, 50)}...`;
    const history = page.getByRole("navigation", { name: "Chat history" });
    await history.getByRole("button", { name: title, exact: true }).waitFor();
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("clocked.super_admin_chats") ?? "[]"),
    );
    expect(stored[0]).toMatchObject({
      title,
      messages: [{ type: "bot" }, { type: "user", content: question }, { type: "bot" }],
    });
    await screenshot(page, "super-admin-chat");

    // A new chat is added on top; the history keeps the first.
    await page.getByRole("button", { name: "New chat" }).click();
    await expect.poll(() => history.getByRole("listitem").count()).toBe(2);

    await page.getByRole("button", { name: "Logout" }).click();
    await expectToast(page, "Logged out successfully");
    await page.getByLabel("Username").waitFor();
    await page.context().close();
  });
});
