import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, newPage, screenshot, waitForApp } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openLanding(): Promise<Page> {
  const page = await newPage(browser);
  await page.goto("/");
  await waitForApp(page);
  return page;
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? "");

type Painted = { heading: Element | null; prerendered: boolean };

/**
 * Opens / and answers whether the <h1> React ends up with is the node the HTML arrived with (kept at
 * DOMContentLoaded, before the app has loaded its screen and hydrated), and what the console reported.
 */
async function openAndHydrate(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const painted: Painted = {
        heading: document.querySelector("h1"),
        prerendered: document.getElementById("root")?.classList.contains("prerendered") ?? false,
      };
      Object.assign(window, { painted });
    });
  });
  await page.goto("/");
  await waitForApp(page);
  const heading = await page.evaluate(() => {
    const { painted } = window as unknown as { painted: Painted };
    const now = document.querySelector("h1");
    return {
      prerendered: painted.prerendered,
      text: painted.heading?.textContent,
      same: painted.heading === now,
    };
  });
  return { heading, errors };
}

describe("the landing page, in Chromium", () => {
  it("hydrates the prerendered page: the heading that arrived in the HTML is the one React keeps", async () => {
    const page = await newPage(browser);
    const { heading, errors } = await openAndHydrate(page);
    expect(heading).toEqual({
      prerendered: true,
      text: "Staff clock in with a PIN. You see who's in, live.",
      same: true,
    });
    expect(errors).toEqual([]);
    // And it works: the tabs answer.
    await page.getByRole("tab", { name: "Demo" }).click();
    await page.getByRole("heading", { name: "Try the dashboard" }).waitFor();
  });

  it("hydrates without a mismatch for a signed-in manager, then offers the Dashboard", async () => {
    const page = await newPage(browser);
    await page.addInitScript(() =>
      localStorage.setItem(
        "clocked.manager_session",
        JSON.stringify({ session_id: "x", user: { id: "u1", name: "Priya Patel" }, signed_in_at: 0 }),
      ),
    );
    const { heading, errors } = await openAndHydrate(page);
    expect(heading.same).toBe(true);
    await page
      .getByRole("navigation", { name: "Account" })
      .getByRole("link", { name: "Dashboard" })
      .waitFor();
    expect(errors).toEqual([]);
  });

  it("shows the hero, what you can do and three plans with the spec's prices", async () => {
    const page = await openLanding();
    await page
      .getByRole("heading", { level: 1, name: "Staff clock in with a PIN. You see who's in, live." })
      .waitFor();
    const features = page.getByRole("region", { name: "What you can do" }).getByRole("heading", { level: 3 });
    expect(await features.allTextContents()).toEqual([
      "Digital check-in/out",
      "Secure PIN verification",
      "Automated reports",
      "Real-time attendance view",
      "Multi-location management",
      "AI analytics",
    ]);
    const card = (name: string) => page.getByRole("article", { name: `${name} plan` });
    const expected = [
      [
        "Starter",
        "£19",
        "£149 one-off",
        "10 employees per location",
        "1 location",
        "1 sign-in (the owner)",
        "7-day reports",
      ],
      [
        "Pro",
        "£39",
        "£249 one-off",
        "50 employees per location",
        "Up to 3 locations",
        "Up to 5 team members",
        "3-day free trial",
      ],
      [
        "Business",
        "£99",
        "£399 one-off",
        "150 employees per location",
        "Unlimited locations",
        "Unlimited team members",
        "multi-site",
      ],
    ];
    for (const [name, ...texts] of expected) {
      const text = (await card(name ?? "").textContent()) ?? "";
      for (const fragment of texts) expect(text).toContain(fragment);
    }
    await screenshot(page, "landing");
  });

  it("switches between Home and Demo, by click and by arrow key", async () => {
    const page = await openLanding();
    const home = page.getByRole("tab", { name: "Home" });
    const demo = page.getByRole("tab", { name: "Demo" });
    expect(await home.getAttribute("aria-selected")).toBe("true");

    await demo.click();
    expect(await demo.getAttribute("aria-selected")).toBe("true");
    const panel = page.getByRole("tabpanel", { name: "Demo" });
    await panel.getByRole("heading", { name: "Try the dashboard" }).waitFor();
    expect(await panel.getByRole("link", { name: "Start Your Free Trial" }).getAttribute("href")).toBe(
      "/manager-dashboard",
    );
    expect(await page.getByRole("heading", { name: "What you can do" }).count()).toBe(0);

    await page.keyboard.press("ArrowLeft");
    expect(await home.getAttribute("aria-selected")).toBe("true");
    expect(await focusedText(page)).toBe("Home");
    await page.getByRole("tabpanel", { name: "Home" }).getByRole("heading", { name: "Plans" }).waitFor();
  });

  it("keeps a tap on Demo made before the app's scripts have run, and follows #demo both ways", async () => {
    // Before the scripts run, the prerendered Demo tab is a link: the tap leaves #demo in the address.
    const noScripts = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const painted = await noScripts.newPage();
    await painted.goto("/");
    await painted.getByRole("tab", { name: "Demo" }).click();
    expect(new URL(painted.url()).hash).toBe("#demo");
    await noScripts.close();

    // The app, hydrating at that address (or a shared /#demo), opens the demo.
    const page = await newPage(browser);
    await page.goto("/#demo");
    await waitForApp(page);
    const demo = page.getByRole("tab", { name: "Demo" });
    await page
      .getByRole("tabpanel", { name: "Demo" })
      .getByRole("heading", { name: "Try the dashboard" })
      .waitFor();
    expect(await demo.getAttribute("aria-selected")).toBe("true");

    // Home by its tab, and the address follows; the hero's link opens the demo again, and Back leaves it.
    await page.getByRole("tab", { name: "Home" }).click();
    expect(new URL(page.url()).hash).toBe("");
    await page.getByRole("link", { name: "See the demo" }).click();
    await page.getByRole("heading", { name: "Try the dashboard" }).waitFor();
    expect(await demo.getAttribute("aria-selected")).toBe("true");
    await page.goBack();
    await page.getByRole("tabpanel", { name: "Home" }).getByRole("heading", { name: "Plans" }).waitFor();
  });

  it("opens Find your plan, recommends a plan per industry and closes with Escape or Close", async () => {
    const page = await openLanding();
    const opener = page.getByRole("button", { name: "Find your plan" }).first();
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Find your plan" });
    await dialog.waitFor();
    expect(await focusedText(page)).toBe("Cafés, Shops & Salons");

    const recommendations = [
      ["Cafés, Shops & Salons", "Starter", "Choose Starter", "/purchase/starter"],
      ["Retail & Chain Stores", "Pro", "Start 3-day free trial", "/purchase/pro"],
      ["Multi-Site Operations", "Business", "Choose Business", "/purchase/business"],
    ] as const;
    for (const [industry, plan, action, href] of recommendations) {
      await dialog.getByRole("button", { name: industry }).click();
      expect(await dialog.getByRole("button", { name: industry }).getAttribute("aria-pressed")).toBe("true");
      await dialog.getByRole("heading", { name: `We recommend ${plan}` }).waitFor();
      expect(await dialog.getByRole("link", { name: action }).getAttribute("href")).toBe(href);
    }
    await screenshot(page, "landing-find-your-plan");

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await focusedText(page)).toBe("Find your plan");

    await opener.click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
  });

  it("shows Sign in and Start Free Trial without a session, Dashboard with one", async () => {
    const page = await openLanding();
    const account = page.getByRole("navigation", { name: "Account" });
    expect(await account.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe(
      "/manager-dashboard",
    );
    expect(await account.getByRole("link", { name: "Start Free Trial" }).getAttribute("href")).toBe(
      "/manager-dashboard",
    );
    expect(await account.getByRole("link", { name: "Dashboard" }).count()).toBe(0);

    await page.evaluate(() =>
      localStorage.setItem(
        "clocked.manager_session",
        JSON.stringify({
          session_id: "x",
          user: {
            id: "u1",
            name: "Priya Patel",
            email: "priya@example.co.uk",
            username: "priya.patel",
            plan: "pro",
            subscription_status: "active",
            is_vip: false,
          },
          signed_in_at: 0,
        }),
      ),
    );
    await page.reload();
    await account.getByRole("link", { name: "Dashboard" }).waitFor();
    expect(await account.getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe(
      "/manager-dashboard",
    );
    expect(await account.getByRole("link", { name: "Sign in" }).count()).toBe(0);
    expect(await account.getByRole("link", { name: "Start Free Trial" }).count()).toBe(0);
  });

  it("opens the Terms & Conditions and the Privacy Policy from the footer, read-only", async () => {
    const page = await openLanding();
    const footer = page.getByRole("contentinfo");
    for (const [title, text] of [
      ["Terms & Conditions", "converts automatically to a monthly paid plan"],
      ["Privacy Policy", "deleted or anonymised within 30 days"],
    ] as const) {
      await footer.getByRole("button", { name: title }).click();
      const dialog = page.getByRole("dialog", { name: title });
      await dialog.getByText(text).waitFor();
      await dialog.getByText("Effective 3 October 2025").waitFor();
      expect(await dialog.getByRole("button", { name: /I Agree/ }).count()).toBe(0);
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "detached" });
      expect(await focusedText(page)).toBe(title);
    }
  });
});
