import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { managerWithLocation, openDashboard, PASSWORD } from "./support/accounts";
import { baseUrl, expectToast, launchBrowser, newPage, screenshot } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** "Plan & billing" in the dashboard's bar, and the plan it shows. */
const planAndBilling = (page: Page) => page.getByRole("button", { name: /^Plan & billing/ });
const badge = (page: Page) => planAndBilling(page).locator(".plan-badge");

async function planInfo(token: string) {
  const response = await fetch(`${baseUrl()}/api/user/plan-info`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return (await response.json()) as {
    plan: string;
    limits: { can_upload_logo: boolean; has_ai_assistant: boolean };
  };
}

/** The status of the all-employees CSV export for the month, as the plan allows it. */
async function csvStatus(token: string, locationId: string) {
  const response = await fetch(
    `${baseUrl()}/api/manager/staff-hours/${locationId}/all-employees-csv?period=this_week`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  return response.status;
}

/** Clicks a plan card's button and answers the payment tab it opens. */
async function choosePlan(page: Page, name: string) {
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: `Choose ${name}` }).click();
  const tab = await popup;
  await tab.waitForURL(/\/billing\/sandbox\?checkout=/);
  await tab.getByRole("button", { name: "Complete payment (sandbox)" }).waitFor();
  return tab;
}

describe("plans and billing, in Chromium (billing sandbox)", () => {
  it("moves a Starter manager to the Pro trial through the sandbox, then cancels it", async () => {
    const manager = await managerWithLocation("Priya Shah", "Leeds Corn Exchange");
    const page = await newPage(browser);
    await openDashboard(page, manager.session);
    await expect.poll(() => badge(page).textContent()).toBe("Starter");
    // Starter: CSV is an upgrade hint in the Hours tab, and the API refuses it.
    await page.getByRole("tab", { name: "Hours" }).click();
    await page
      .getByRole("button", { name: /^Download All Pro: CSV export requires Pro or Business plan/ })
      .waitFor();
    expect(await csvStatus(manager.session.session_id, manager.locationId)).toBe(403);

    await planAndBilling(page).click();
    const dialog = page.getByRole("dialog", { name: "Manage Subscription" });
    await dialog.getByText("No paid subscription yet.").waitFor();
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });

    // At the location limit, adding one offers an upgrade hint that opens the same dialog.
    await page.getByRole("button", { name: "+ Add location" }).click();
    const limit = page.locator(".upgrade-hint", {
      hasText: "Your Starter plan includes 1 location. Upgrade to Pro for up to 3 locations.",
    });
    await limit.getByRole("button", { name: "See plans" }).click();
    await dialog.getByText("Employees at Leeds Corn Exchange").waitFor();
    expect(await dialog.locator(".usage-list").textContent()).toContain("1 / 1");
    expect(await dialog.locator(".plan-card--current h3").textContent()).toBe("Starter");
    await screenshot(page, "manage-subscription-dialog");

    const tab = await choosePlan(page, "Pro");
    await tab.getByText("Billing sandbox — no real payment").waitFor();
    const summary = await tab.locator(".sandbox-summary").textContent();
    for (const text of ["Pro", "£249", "£39/month", "3-day free trial"]) expect(summary).toContain(text);
    await screenshot(tab, "billing-sandbox");

    await tab.getByRole("button", { name: "Complete payment (sandbox)" }).click();
    await tab.waitForURL((url) => url.pathname === "/manager-dashboard" && !url.search.includes("billing"));
    await expect.poll(() => badge(tab).textContent()).toBe("Pro trial · 3 days left");
    const unlocked = await planInfo(manager.session.session_id);
    expect(unlocked).toMatchObject({
      plan: "pro",
      limits: { can_upload_logo: true, has_ai_assistant: true },
    });
    // The Pro trial unlocks CSV: the API answers the file, and the Hours tab offers a real Download All.
    expect(await csvStatus(manager.session.session_id, manager.locationId)).toBe(200);
    await tab.getByRole("tab", { name: "Hours" }).click();
    await tab.getByRole("button", { name: "Download All", exact: true }).waitFor();

    // The dashboard tab that opened the payment page catches up when it is looked at again.
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect.poll(() => badge(page).textContent()).toBe("Pro trial · 3 days left");
    await dialog.getByText(/Free trial: 3 days left/).waitFor();
    await screenshot(page, "manage-subscription-trial");

    await dialog.getByRole("button", { name: "Cancel subscription" }).click();
    await dialog.getByText(/Cancel your Pro trial now\?/).waitFor();
    await dialog.getByRole("button", { name: "Yes, cancel" }).click();
    await expectToast(page, /Your Pro trial has been cancelled/);
    await expect.poll(() => badge(page).textContent()).toBe("Starter");
  });

  it("shows the plan-choice screen to a suspended account and opens its dashboard once paid", async () => {
    const manager = await managerWithLocation("Tom Okoro", "Bristol Harbourside");
    await fetch(`${baseUrl()}/api/dev/billing-state`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: manager.email, subscription_status: "suspended" }),
    });
    const page = await newPage(browser);
    await page.goto("/manager-dashboard");
    await page.getByLabel("Full Name or Email Address").fill(manager.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "Choose a plan to continue" }).waitFor();
    for (const name of ["Starter", "Pro", "Business"]) {
      await page.getByRole("button", { name: `Choose ${name}` }).waitFor();
    }
    await page.getByRole("button", { name: "Back to Login" }).waitFor();
    // The session stays in memory: nothing is stored until the account has paid.
    expect(await page.evaluate(() => localStorage.getItem("clocked.manager_session"))).toBeNull();
    await screenshot(page, "plan-choice");

    const tab = await choosePlan(page, "Business");
    expect(await tab.locator(".sandbox-summary").textContent()).toContain("No trial");
    await tab.getByRole("button", { name: "Complete payment (sandbox)" }).click();
    await tab.getByText(/You are now on the Business plan\. You can close this tab/).waitFor();

    await page.bringToFront();
    await page.getByRole("tab", { name: "Live Status" }).waitFor();
    await expect.poll(() => badge(page).textContent()).toBe("Business");
  });

  it("sends visitors without a session from the purchase pages to sign up, with the spec's alerts", async () => {
    const page = await newPage(browser);
    const alerts: string[] = [];
    page.on("dialog", (alert) => {
      alerts.push(alert.message());
      void alert.accept();
    });
    for (const plan of ["pro", "starter", "business"]) {
      await page.goto(`/purchase/${plan}`);
      await page.waitForURL((url) => url.pathname === "/manager-dashboard");
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
    }
    expect(alerts).toEqual([
      "Please create an account first to start your free trial.",
      "Please create an account first to subscribe to the Starter plan.",
      "Please create an account first to subscribe to the Business plan.",
    ]);
  });
});
