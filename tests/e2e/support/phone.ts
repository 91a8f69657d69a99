import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { baseUrl } from "./browser";

export const PHONE = { width: 390, height: 844 };
export const TABLET = { width: 768, height: 1024 };

/** A touch device of this size, as Chromium emulates a phone (mobile viewport, touch, device pixels). */
export async function touchDevice(
  browser: Browser,
  viewport: { width: number; height: number } = PHONE,
  deviceScaleFactor = 1,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: "en-GB",
    timezoneId: "Europe/London",
    viewport,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/**
 * Waits until the tab has its data: nothing says "Loading…" and nothing is marked busy (up to 10 s: on a
 * shared two-core machine a tab's first calls can take a few seconds).
 */
export async function settled(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            !/Loading/.test(document.querySelector("main")?.textContent ?? "") &&
            document.querySelectorAll('[aria-busy="true"]').length === 0,
        ),
      { timeout: 10_000 },
    )
    .toBe(true);
  // Fonts and late layout (charts, smooth tab scrolling) before anything is measured.
  await page.waitForTimeout(400);
}
