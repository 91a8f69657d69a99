import { mkdirSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { CHROMIUM_ARGS } from "./chromium";

export const baseUrl = () => inject("baseUrl");

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: inject("chromiumPath"), args: CHROMIUM_ARGS });

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: "en-GB",
    timezoneId: "Europe/London",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Saved under tests/e2e/screenshots/ (git-ignored) to be looked at. */
export async function screenshot(page: Page, name: string) {
  mkdirSync("tests/e2e/screenshots", { recursive: true });
  await page.screenshot({ path: `tests/e2e/screenshots/${name}.png`, fullPage: true });
}

/** The newest code sent to `email`, from the development outbox. */
export async function codeFor(email: string): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const response = await fetch(`${baseUrl()}/api/dev/outbox?email=${encodeURIComponent(email)}`);
    const { messages } = (await response.json()) as { messages: { code: string | null }[] };
    if (messages[0]?.code) return messages[0].code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No code arrived for ${email}`);
}

export const uniqueEmail = (label: string) =>
  `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.co.uk`;

/** Waits for a toast with this text (sonner, and the kiosk page's own toasts, use an aria-live region). */
export async function expectToast(page: Page, text: string | RegExp) {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 10_000 }).toBe(true);
}

/**
 * Waits until React has taken over the screen: public pages arrive prerendered and are hydrated once the
 * page's code has loaded (main.tsx then drops the root's `prerendered` mark), so an <h1> alone is not enough.
 */
export async function waitForApp(page: Page) {
  await page.waitForFunction(() => !document.querySelector(".prerendered") && document.querySelector("h1"));
}

/**
 * Records what a page's sockets, API answers and console say, for a failure to explain itself: `explained(step)` runs a
 * step and, should it fail, adds the record to the error (a live update that never came in CI).
 */
export function recordLiveTraffic(page: Page) {
  const lines: string[] = [];
  const at = () => new Date().toISOString().slice(11, 23);
  page.on("websocket", (socket) => {
    lines.push(`${at()} socket open ${new URL(socket.url()).pathname}`);
    socket.on("framereceived", ({ payload }) => lines.push(`${at()} ← ${String(payload).slice(0, 120)}`));
    socket.on("socketerror", (error) => lines.push(`${at()} socket error ${error}`));
    socket.on("close", () => lines.push(`${at()} socket closed`));
  });
  page.on("console", (message) => lines.push(`${at()} console.${message.type()}: ${message.text()}`));
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith("/api/"))
      lines.push(`${at()} ${response.status()} ${response.request().method()} ${pathname}`);
  });
  return {
    async explained<T>(step: () => Promise<T>): Promise<T> {
      try {
        return await step();
      } catch (error) {
        throw new Error(`${(error as Error).message}\nWhat the page saw:\n${lines.join("\n")}`);
      }
    },
  };
}
