import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoManager, openDashboard } from "./support/accounts";
import { launchBrowser, newPage } from "./support/browser";

// The dashboard loads a tab's code when its button is first pointed at, not with the first screen
// (docs/dashboard.md). Through the dev server each source module is its own request, named by its file.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the dashboard's lazy tabs, in Chromium", () => {
  it("fetches the Employees tab's code when its button is pointed at, then opens it", async () => {
    const page = await newPage(browser);
    await page.setViewportSize({ width: 1440, height: 900 });
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    const tabCode = () => requested.filter((path) => path.endsWith("/components/employees-tab.tsx"));

    await openDashboard(page, await demoManager());
    await page.getByText("Checked in now").waitFor();
    expect(tabCode()).toEqual([]);

    await page.getByRole("tab", { name: "Employees" }).hover();
    await expect.poll(() => tabCode().length).toBe(1);
    await page.getByRole("tab", { name: "Employees" }).click();
    await page.getByRole("button", { name: "Add Employee" }).waitFor();
    expect(tabCode()).toHaveLength(1);
  });
});
