import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, screenshot, waitForApp } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the landing page's read-only demo, in Chromium", () => {
  it("shows every tab with sample data, controls disabled, and calls no API", async () => {
    const page = await newPage(browser);
    const apiCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/")) apiCalls.push(request.url());
    });
    await page.goto("/");
    // The landing page arrives prerendered: a click before React has hydrated it would be lost.
    await waitForApp(page);
    await page.getByRole("tab", { name: "Demo" }).click();
    const demo = page.getByRole("region", { name: "Try the dashboard" });
    await demo.getByText("6 / 50 employees").waitFor();
    expect(await demo.getByText("(Starter: 10 | Pro: 50 | Business: 150)").isVisible()).toBe(true);

    // Live Status: four counters (the spec's three and On break), Currently Checked In with a disabled Close Session, Recently Checked Out.
    expect(await demo.locator(".stat").count()).toBe(4);
    await demo.getByText("Amira Hassan").waitFor();
    const closeButtons = demo.getByRole("button", { name: "Close Session" });
    expect(await closeButtons.count()).toBe(3);
    for (const button of await closeButtons.all()) expect(await button.isDisabled()).toBe(true);
    await demo.getByRole("heading", { name: "Recently Checked Out" }).waitFor();

    // Employees: stat cards, a disabled form, disabled actions, and working search and filters.
    await demo.getByRole("tab", { name: "Employees" }).click();
    await demo.getByRole("heading", { name: "Add New Employee" }).waitFor();
    expect(await demo.getByRole("button", { name: "Add Employee" }).isDisabled()).toBe(true);
    for (const name of [
      "Status for",
      "Deactivate",
      "Change name of",
      "Change PIN of",
      "Breaks for",
      "Delete",
    ]) {
      const first = demo.getByRole("button", { name: new RegExp(`^${name} `) }).first();
      expect(await first.isDisabled(), name).toBe(true);
    }
    await demo.getByLabel("Search employees").fill("callum");
    await expect.poll(() => demo.locator("tbody tr").count()).toBe(1);
    await demo.getByRole("button", { name: "Clear Filters" }).click();
    await demo.getByLabel("Status filter").selectOption("on_leave");
    await expect.poll(() => demo.locator("tbody tr").count()).toBe(1);
    await demo.getByRole("heading", { name: "Leave analytics" }).waitFor();
    await demo.getByLabel("Analytics period").selectOption("ytd");
    await demo.getByRole("heading", { name: "Leave days, year to date" }).waitFor();
    expect(await demo.getByText("41 days").isVisible()).toBe(true);
    await screenshot(page, "demo-employees");

    // Hours: the Daily Break Settings preview, Staff Hours Overview with a working search, CSV disabled.
    await demo.getByRole("tab", { name: "Hours" }).click();
    await demo.getByRole("heading", { name: "Staff Hours Overview" }).waitFor();
    expect(await demo.getByRole("button", { name: "Download All" }).isDisabled()).toBe(true);
    expect(await demo.locator(".hours-list li").count()).toBe(6);
    await demo.getByLabel("Search staff").fill("niamh");
    await expect.poll(() => demo.locator(".hours-list li").count()).toBe(1);
    await screenshot(page, "demo-hours");

    // Compliance: the location's light, each employee's findings (Amira's missed break this week, with the
    // shift behind it), and every employee's 17-week average as a chart with a text summary.
    await demo.getByRole("tab", { name: "Compliance" }).click();
    await demo.getByRole("heading", { name: "Working time at Harbour Street Bakery" }).waitFor();
    const amira = demo.getByRole("article", { name: "Amira Hassan" });
    expect(await amira.getByText("Breaches this week").first().isVisible()).toBe(true);
    expect(await amira.getByText("Rest break", { exact: true }).isVisible()).toBe(true);
    expect(await amira.getByRole("table").getByText("06:55").isVisible()).toBe(true);
    expect(await demo.getByRole("article").count()).toBe(6);
    expect(await demo.getByRole("img", { name: /weekly hours, 17 weeks/ }).count()).toBeGreaterThanOrEqual(4);
    expect(
      await demo
        .getByRole("article", { name: "Callum Reid" })
        .getByText("Daily rest", { exact: true })
        .count(),
    ).toBe(1);
    await screenshot(page, "demo-compliance");

    // Attendance Form: the link is disabled, the shape and theme choosers drive the preview.
    await demo.getByRole("tab", { name: "Attendance Form" }).click();
    expect(await demo.getByRole("button", { name: "Open attendance page ↗" }).isDisabled()).toBe(true);
    await demo.getByRole("radio", { name: "Black" }).check();
    await demo.getByRole("radio", { name: "Circle" }).check();
    await expect
      .poll(() => demo.locator(".kiosk--theme-black.kiosk--shape-circle").count())
      .toBeGreaterThan(0);
    await screenshot(page, "demo-attendance-form");

    expect(await demo.getByRole("link", { name: "Start Your Free Trial" }).getAttribute("href")).toBe(
      "/manager-dashboard",
    );
    expect(apiCalls).toEqual([]);
  });

  it("keeps its headings in order on every tab, from the page's one h1 down a level at a time", async () => {
    const page = await newPage(browser);
    await page.goto("/#demo");
    const demo = page.getByRole("region", { name: "Try the dashboard" });
    await demo.getByText("Amira Hassan").first().waitFor();
    const levels = () =>
      page.evaluate(() =>
        [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName.slice(1))),
      );
    for (const tab of ["Live Status", "Employees", "Hours", "Compliance", "Attendance Form"]) {
      await demo.getByRole("tab", { name: tab }).click();
      await expect
        .poll(() => demo.getByRole("tab", { name: tab }).getAttribute("aria-selected"))
        .toBe("true");
      await expect.poll(async () => (await levels()).length).toBeGreaterThan(1);
      const found = await levels();
      expect(
        found.filter((level) => level === 1),
        tab,
      ).toHaveLength(1);
      // A heading may go back up any number of levels, but never skips one on the way down.
      found.forEach((level, i) => {
        if (i > 0) expect(level - (found[i - 1] ?? 1), `${tab}: ${found.join(" ")}`).toBeLessThanOrEqual(1);
      });
    }
    await page.context().close();
  });
});
