import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { touchDevice } from "./support/phone";

// The staff app installs as an app of its own (docs/staff-app.md): its manifest, scope /me, its icons.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the staff app's page", () => {
  it("is installable in Chromium, with its own manifest scoped to /me", async () => {
    const page = await touchDevice(browser);
    await page.goto("/me");
    await page.getByRole("heading", { name: "Sign in to see your shifts" }).waitFor();
    const cdp = await page.context().newCDPSession(page);
    const manifest = await cdp.send("Page.getAppManifest");
    expect(manifest.url).toMatch(/\/me\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? "{}")).toMatchObject({
      scope: "/me",
      start_url: "/me",
      display: "standalone",
    });
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    // Playwright's browser contexts are off the record, which alone blocks installing: every other check runs.
    expect(installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);
    await page.context().close();
  });
});
