import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEO_PAGES } from "../../app/seo/pages";
import { baseUrl, launchBrowser, newPage, screenshot, waitForApp } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// Spec §2: where each marketing page links (besides the header and footer every public page has).
const LINKS: Record<string, readonly { name: string | RegExp; to: string }[]> = {
  "/time-tracking-software": [
    { name: /Time clock for small businesses/, to: "/small-business-time-clock" },
    { name: /Retail attendance software/, to: "/retail-attendance-software" },
    { name: /Clocked home/, to: "/" },
  ],
  "/small-business-time-clock": [
    { name: /Retail attendance software/, to: "/retail-attendance-software" },
    { name: /UK time tracking software/, to: "/time-tracking-software" },
    { name: /Clocked home/, to: "/" },
  ],
  "/retail-attendance-software": [
    { name: /Running a single shop\?/, to: "/small-business-time-clock" },
    { name: /Compare Starter, Pro and Business/, to: "/time-tracking-software#compare" },
  ],
};

async function open(path: string): Promise<Page> {
  const page = await newPage(browser);
  await page.goto(path);
  await waitForApp(page);
  return page;
}

const readNext = (page: Page) => page.getByRole("navigation", { name: "Read next" });

type Painted = { heading: Element | null; prerendered: boolean };

describe("the marketing pages, in Chromium", () => {
  it("hydrate their prerendered HTML, keeping the heading node and logging no error", async () => {
    for (const path of Object.keys(LINKS)) {
      const page = await newPage(browser);
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      // Kept at DOMContentLoaded, before the app has loaded the page's screen and hydrated it.
      await page.addInitScript(() =>
        document.addEventListener("DOMContentLoaded", () => {
          const painted: Painted = {
            heading: document.querySelector("h1"),
            prerendered: document.getElementById("root")?.classList.contains("prerendered") ?? false,
          };
          Object.assign(window, { painted });
        }),
      );
      await page.goto(path);
      await waitForApp(page);
      const kept = await page.evaluate(() => {
        const { painted } = window as unknown as { painted: Painted };
        return painted.prerendered && painted.heading === document.querySelector("h1");
      });
      expect(kept, path).toBe(true);
      expect(errors, path).toEqual([]);
      await page.close();
    }
  });

  for (const [path, links] of Object.entries(LINKS)) {
    it(`${path} links where its design says, and each link arrives`, async () => {
      const page = await open(path);
      for (const link of links) {
        await readNext(page).getByRole("link", { name: link.name }).click();
        await page.waitForURL((url) => `${url.pathname}${url.hash}` === link.to);
        await page.getByRole("heading", { level: 1 }).waitFor();
        await page.goBack();
        await page.waitForURL((url) => url.pathname === path);
        await readNext(page).waitFor();
      }
    });
  }

  it("has the logo to /, Start Free Trial to /manager-dashboard and the Pro trial in a new tab", async () => {
    for (const path of Object.keys(LINKS)) {
      const page = await open(path);
      const header = page.getByRole("banner");
      expect(await header.getByRole("link", { name: "Clocked home" }).getAttribute("href")).toBe("/");
      expect(await header.getByRole("link", { name: "Start Free Trial" }).getAttribute("href")).toBe(
        "/manager-dashboard",
      );
      const trial = page
        .getByRole("main")
        .getByRole("link", { name: /3-day Pro trial/ })
        .first();
      expect(await trial.getAttribute("href")).toBe("/purchase/pro");
      expect(await trial.getAttribute("target")).toBe("_blank");
      expect(await trial.getAttribute("rel")).toBe("noopener");
      await page.close();
    }
  });

  it("opens the trial link in a new tab, which asks a visitor without an account to sign up first", async () => {
    const page = await open("/time-tracking-software");
    const [tab] = await Promise.all([
      page.context().waitForEvent("page"),
      page
        .getByRole("main")
        .getByRole("link", { name: /3-day Pro trial/ })
        .first()
        .click(),
    ]);
    await tab?.waitForURL((url) => url.pathname === "/manager-dashboard");
    await tab?.getByRole("heading", { name: "Welcome Back" }).waitFor();
  });

  it("lands on the plan comparison from the retail page", async () => {
    const page = await open("/retail-attendance-software");
    await readNext(page)
      .getByRole("link", { name: /Compare Starter, Pro and Business/ })
      .click();
    const table = page.getByRole("table");
    await table.waitFor();
    await expect.poll(() => table.isVisible()).toBe(true);
    const top = await page
      .getByRole("heading", { name: "Compare plans" })
      .evaluate((h) => h.getBoundingClientRect().top);
    expect(top).toBeLessThan(200);
    expect(await table.getByRole("columnheader").allTextContents()).toEqual([
      "Feature",
      "Starter",
      "Pro",
      "Business",
    ]);
  });

  it("shows the retail challenges and solutions and the case study", async () => {
    const page = await open("/retail-attendance-software");
    const challenges = page.getByRole("region", { name: "Retail challenges, and how Clocked solves them" });
    expect(await challenges.getByRole("listitem").count()).toBeGreaterThanOrEqual(5);
    await page.getByRole("region", { name: "Three homeware shops, one set of hours" }).waitFor();
    await screenshot(page, "retail-attendance-software");
  });

  it("updates the title and canonical link when moving between pages in the app", async () => {
    const page = await open("/small-business-time-clock");
    await readNext(page)
      .getByRole("link", { name: /UK time tracking software/ })
      .click();
    await expect.poll(() => page.title()).toBe("Time tracking software for UK businesses | Clocked");
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toMatch(/\/time-tracking-software$/);
  });
});

describe("the public pages on a phone and without JavaScript", () => {
  const PATHS = ["/", ...Object.keys(LINKS)];

  it("fit a 390-pixel-wide screen without sideways scrolling", async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    for (const path of PATHS) {
      await page.goto(path);
      await page.getByRole("contentinfo").waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.goto("/small-business-time-clock");
    await page.getByRole("contentinfo").waitFor();
    await screenshot(page, "small-business-time-clock-phone");
    await context.close();
  });

  it("still show each page's heading and introduction with JavaScript turned off", async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    for (const seo of SEO_PAGES) {
      await page.goto(seo.path);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(seo.heading);
      expect(await page.getByText(seo.intro).isVisible()).toBe(true);
    }
    await context.close();
  });
});
