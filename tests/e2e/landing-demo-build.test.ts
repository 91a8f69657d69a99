import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltApp, startBuiltApp } from "../../bench/lib/server";
import { launchBrowser, screenshot } from "./support/browser";

// The landing page's demo opened by its address (/#demo), against the production build as it is deployed
// (`vite build` served by `wrangler dev`): the stylesheets are in the prerendered page, as in production, so
// any layout shift measured is the page's own (the dev server adds styles as their modules load).

const BUILD_TIMEOUT = 180_000;
let app: BuiltApp;
let browser: Browser;

beforeAll(async () => {
  app = await startBuiltApp();
  browser = await launchBrowser();
}, BUILD_TIMEOUT);

afterAll(async () => {
  await app?.stop();
  await browser?.close();
});

type Shift = { value: number; hadRecentInput: boolean };

/** A page that records every layout shift from the first paint on (what Cumulative Layout Shift adds up). */
async function pageRecordingShifts(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.url, viewport, locale: "en-GB" });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[]) {
        shifts.push({ value: entry.value, hadRecentInput: entry.hadRecentInput });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return page;
}

const cumulativeShift = async (page: Page) =>
  (await page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts))
    .filter((shift) => !shift.hadRecentInput)
    .reduce((sum, shift) => sum + shift.value, 0);

const footerTop = (page: Page) =>
  page.evaluate(() => document.querySelector("footer")?.getBoundingClientRect().top ?? 0);

describe("the landing page's demo at /#demo, production build, in Chromium", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    it(`keeps its space from the start on a ${viewport.width} × ${viewport.height} screen: nothing on it moves`, async () => {
      const page = await pageRecordingShifts(viewport);
      // The demo's code held back, as on a slow phone: the placeholder is what the visitor sees meanwhile.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/demo-dashboard-[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/#demo");
      const panel = page.getByRole("tabpanel", { name: "Demo" });
      await panel.getByText("Loading the demo…").waitFor();
      // A screen high already: the footer is below the fold, with the placeholder and with the demo.
      expect((await panel.boundingBox())?.height).toBeGreaterThanOrEqual(viewport.height);
      expect(await footerTop(page)).toBeGreaterThanOrEqual(viewport.height);
      release();
      await panel.getByRole("heading", { name: "Try the dashboard" }).waitFor();
      await panel.getByText("Amira Hassan").first().waitFor();
      await page.waitForTimeout(500);
      expect(await footerTop(page)).toBeGreaterThanOrEqual(viewport.height);
      expect(await cumulativeShift(page)).toBeLessThanOrEqual(0.01);
      await screenshot(page, `demo-at-hash-${viewport.width}`);
      await page.context().close();
    });
  }

  it("opens the Compliance tab without the page jumping", async () => {
    const page = await pageRecordingShifts({ width: 390, height: 844 });
    await page.goto("/#demo");
    const demo = page.getByRole("region", { name: "Try the dashboard" });
    await demo.getByText("Amira Hassan").first().waitFor();
    await demo.getByRole("tab", { name: "Compliance" }).click();
    await demo.getByRole("heading", { name: "Working time at Harbour Street Bakery" }).waitFor();
    await page.waitForTimeout(500);
    expect(await cumulativeShift(page)).toBeLessThanOrEqual(0.01);
    await page.context().close();
  });
});
