import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { demoManager, demoStaffIn, openDashboard } from "./support/accounts";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { launchBrowser, newPage } from "./support/browser";
import { PHONE, settled, TABLET, touchDevice } from "./support/phone";

// The manager dashboard on a phone (docs/dashboard-on-phones.md): who is in on the first screen, one bar for
// the location and the account, the kiosk actions in a menu, tabs on one line, nothing covered by the
// assistant's button, tables as lists. The seeded demo (Pro, so the assistant is there; four staff checked
// in) at 390 × 844.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
// Each test's dashboard keeps a socket open and polls: closed once the test is done, on a shared machine.
const opened: Page[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((page) => page.context().close()));
});

/** A touch device of this size, closed once the test is done. */
async function device(viewport: { width: number; height: number }, deviceScaleFactor = 1): Promise<Page> {
  const page = await touchDevice(browser, viewport, deviceScaleFactor);
  opened.push(page);
  return page;
}

async function saveScreen(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: `tests/e2e/screenshots/${name}.png`, fullPage });
}

/** The box is wholly inside the window as it is now (no scrolling). */
async function onFirstScreen(locator: Locator, viewport: { width: number; height: number }) {
  const box = await locator.boundingBox();
  expect(box, "the element is displayed").not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

/** What a manager reads or presses on the tabs: every control, and the figures and names. */
const KEY_ELEMENTS = [
  "main button",
  "main a[href]",
  "main input",
  "main select",
  "main textarea",
  "main [role='tab']",
  "main .stat",
  "main .person-list__name",
  "main .employee-table__name",
  "main .hours-row__name",
  "main .hours-row__total",
  "main .timesheet__name",
  "main .timesheet__total",
  "main .light",
  "main .breach__title",
].join(", ");

/**
 * Each key element that is displayed is brought to the bottom of the window (where a floating button sits),
 * then moved up 20 px at a time, then the same from the top down: at each place, what `elementFromPoint`
 * finds at its centre must be the element (or something inside it). Answers a line per element that
 * something else covers.
 */
function coveredElements(page: Page) {
  return page.evaluate((selector) => {
    const describe = (element: Element) => {
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const name = element.getAttribute("aria-label") ?? text;
      return `<${element.tagName.toLowerCase()} class="${element.className}"> "${name}"`;
    };
    const places = [
      ...[0, 20, 40, 60, 80].map((by) => ({ block: "end" as const, by })),
      ...[0, 20, 40, 60, 80].map((by) => ({ block: "start" as const, by: -by })),
    ];
    const covered: string[] = [];
    for (const element of document.querySelectorAll(selector)) {
      for (const { block, by } of places) {
        element.scrollIntoView({ block, inline: "nearest", behavior: "instant" });
        window.scrollBy({ top: by, behavior: "instant" });
        const box = element.getBoundingClientRect();
        // Visually hidden labels and folded menus are not on the screen to be covered.
        if (box.width < 2 || box.height < 2) break;
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && (hit === element || element.contains(hit))) continue;
        covered.push(
          `${describe(element)} at ${Math.round(y)} px is covered by ${hit ? describe(hit) : "nothing"}`,
        );
        break;
      }
    }
    window.scrollTo({ top: 0, behavior: "instant" });
    return covered;
  }, KEY_ELEMENTS);
}

/** Anything fixed or sticky on the screen, which could cover what scrolls under it (menus folded). */
const fixedElements = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((element) => {
        const { position } = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return (position === "fixed" || position === "sticky") && box.width > 0 && box.height > 0;
      })
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">`),
  );

/** At the very bottom of the tab: its last key element is on the screen and not covered. */
async function lastElementAtTheBottom(page: Page) {
  return page.evaluate((selector) => {
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
    const shown = [...document.querySelectorAll(selector)].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width >= 2 && box.height >= 2;
    });
    const last = shown.at(-1);
    if (!last) return "no key element";
    const box = last.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const inView = box.top >= 0 && box.bottom <= window.innerHeight;
    return inView && hit && (hit === last || last.contains(hit)) ? "ok" : `${last.outerHTML.slice(0, 120)}`;
  }, KEY_ELEMENTS);
}

/** What is drawn at the element's centre is the element (or inside it). */
const isOnTop = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!hit && (hit === element || element.contains(hit));
  });

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The tabs as the manager sees them, each with what shows its data has arrived. */
const TABS: { name: string; file: string; ready: (page: Page) => Promise<unknown> }[] = [
  {
    name: "Live Status",
    file: "live-status",
    ready: (page) => page.locator(".person-list__name").first().waitFor(),
  },
  {
    name: "Employees",
    file: "employees",
    ready: (page) => page.locator(".employee-table__name").first().waitFor(),
  },
  {
    name: "Hours",
    file: "hours",
    ready: (page) => page.getByRole("heading", { name: "Automated Reports" }).waitFor(),
  },
  {
    name: "Rota",
    file: "rota",
    ready: (page) => page.locator(".rota-days__day .shift-card").first().waitFor(),
  },
  {
    name: "Leave",
    file: "leave",
    // The demo has one request waiting.
    ready: (page) => page.getByRole("heading", { name: /^Waiting for a decision/ }).waitFor(),
  },
  {
    name: "Compliance",
    file: "compliance",
    ready: (page) => page.getByRole("heading", { name: "Evidence pack" }).waitFor(),
  },
  {
    name: "Attendance Form",
    file: "attendance-form",
    ready: (page) => page.getByRole("heading", { name: "Kiosk devices" }).waitFor(),
  },
];

describe("the manager dashboard on a 390 × 844 phone, in Chromium", () => {
  it("shows the Live Status counters and who is in on the first screen, under one bar and one line of tabs", async () => {
    const page = await device(PHONE, 2);
    await openDashboard(page, await demoStaffIn());
    // Who is in, under the demo rota's no-show and late cards.
    const firstName = page
      .locator(".card", { has: page.getByRole("heading", { name: "Currently Checked In" }) })
      .locator(".person-list__name")
      .first();
    await firstName.waitFor();
    await settled(page);
    await saveScreen(page, "phone-first-screen");

    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const counters = page.locator(".live-status .stat");
    expect(await counters.count()).toBe(4);
    for (const counter of await counters.all()) await onFirstScreen(counter, PHONE);
    await onFirstScreen(firstName, PHONE);
    expect(Number(await counters.first().locator(".stat__value").textContent())).toBeGreaterThan(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // One bar: the logo, the location picker and the account's menu share a row, under 70 px high.
    const header = page.locator(".dashboard__header");
    const headerBox = await header.boundingBox();
    expect(headerBox?.height).toBeLessThan(70);
    for (const part of [
      header.getByRole("link", { name: "Clocked home" }),
      header.getByLabel("Location", { exact: true }),
      header.getByRole("button", { name: "Menu", exact: true }),
    ]) {
      const box = await part.boundingBox();
      expect(box).not.toBeNull();
      if (box && headerBox) {
        expect(box.y).toBeGreaterThanOrEqual(headerBox.y);
        expect(box.y + box.height).toBeLessThanOrEqual(headerBox.y + headerBox.height);
      }
    }

    // The tabs stay on one line (sideways scrolling), and the last one scrolls into view when opened.
    const tabs = page.getByRole("tab");
    const tops = await tabs.evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().top));
    expect(tops.length).toBe(7);
    expect(new Set(tops).size).toBe(1);
    // At the start, an arrow at the end only says there is more to the right.
    const hints = page.locator(".scroll-hints");
    const arrows = async () => ({
      start: await hints.locator(".scroll-hints__arrow--start").isVisible(),
      end: await hints.locator(".scroll-hints__arrow--end").isVisible(),
    });
    expect(await arrows()).toEqual({ start: false, end: true });
    const last = page.getByRole("tab", { name: "Attendance Form" });
    await last.click();
    const list = await page.getByRole("tablist").boundingBox();
    await expect
      .poll(async () => {
        const box = await last.boundingBox();
        return !!box && !!list && box.x >= list.x && box.x + box.width <= list.x + list.width + 1;
      })
      .toBe(true);
    await expect.poll(arrows).toEqual({ start: true, end: false });
    await saveScreen(page, "phone-tab-row-at-the-end");
    // The start's arrow scrolls back; the keys move between the tabs, and the focus with them.
    await hints.locator(".scroll-hints__arrow--start").click();
    await expect.poll(async () => (await arrows()).end).toBe(true);
    await last.focus();
    await page.keyboard.press("Home");
    expect(await page.getByRole("tab", { name: "Live Status" }).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowLeft");
    expect(await last.getAttribute("aria-selected")).toBe("true");
    expect(await last.evaluate((tab) => tab === document.activeElement)).toBe(true);
    expect(await tabs.evaluateAll((all) => all.map((tab) => tab.tabIndex))).toEqual([
      -1, -1, -1, -1, -1, -1, 0,
    ]);
  });

  it("folds the kiosk actions and the account into menus that open, act and close", async () => {
    const page = await device(PHONE);
    await openDashboard(page, await demoManager());
    await page.locator(".person-list__name").first().waitFor();

    const clockIn = page.getByRole("button", { name: "Clock someone in here" });
    const kiosk = page.getByRole("button", { name: "Kiosk", exact: true });
    expect(await clockIn.isVisible()).toBe(false);
    expect(await kiosk.getAttribute("aria-expanded")).toBe("false");
    await kiosk.click();
    expect(await kiosk.getAttribute("aria-expanded")).toBe("true");
    // The open menu lies over the tabs, its actions on top, each big enough for a thumb.
    for (const action of [
      clockIn,
      page.getByRole("button", { name: "Use this browser as a kiosk" }),
      page.getByRole("link", { name: "Open kiosk" }),
    ]) {
      await onFirstScreen(action, PHONE);
      expect((await action.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      expect(await isOnTop(action)).toBe(true);
    }
    await saveScreen(page, "phone-kiosk-menu");
    await page.keyboard.press("Escape");
    expect(await clockIn.isVisible()).toBe(false);
    expect(await kiosk.evaluate((button) => button === document.activeElement)).toBe(true);

    // Chosen from the menu, the kiosk opens over the dashboard although the menu has folded away.
    await kiosk.click();
    await clockIn.click();
    const overlay = page.getByRole("dialog", { name: "Kiosk for Camden High Street" });
    await overlay.waitFor();
    expect(await kiosk.getAttribute("aria-expanded")).toBe("false");
    await overlay.getByRole("button", { name: "Close", exact: true }).click();
    await overlay.waitFor({ state: "hidden" });

    // The account: adding a location, "Plan & billing" (with the plan) and Logout; a tap outside closes it.
    const menu = page.getByRole("button", { name: "Menu", exact: true });
    await menu.click();
    await page.getByRole("button", { name: "+ Add location" }).click();
    await page.getByLabel("New location name").waitFor();
    await onFirstScreen(page.getByRole("button", { name: /^Plan & billing/ }), PHONE);
    await onFirstScreen(page.getByRole("button", { name: "Logout" }), PHONE);
    await saveScreen(page, "phone-account-menu");
    await page.locator(".stat").first().click();
    expect(await page.getByRole("button", { name: "Logout" }).isVisible()).toBe(false);

    // "Plan & billing", a labelled item of the menu, says the plan and opens Manage Subscription.
    await menu.click();
    const planAndBilling = page.getByRole("button", { name: "Plan & billing Pro", exact: true });
    expect(await planAndBilling.getAttribute("aria-haspopup")).toBe("dialog");
    await planAndBilling.click();
    const subscription = page.getByRole("dialog", { name: "Manage Subscription" });
    await subscription.getByRole("heading", { name: "Usage" }).waitFor();
    expect(await planAndBilling.isVisible()).toBe(false);
    await subscription.getByRole("button", { name: "Close", exact: true }).click();
    await subscription.waitFor({ state: "hidden" });

    // The assistant opens over the whole screen, and its own Close ends it.
    await page.getByRole("button", { name: "Ask AI" }).click();
    const chat = page.getByRole("region", { name: "AI assistant" });
    const chatBox = await chat.boundingBox();
    expect(chatBox).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    await saveScreen(page, "phone-assistant");
    await chat.getByRole("button", { name: "Close" }).click();
    await chat.waitFor({ state: "hidden" });
  });

  it("covers nothing on any tab, at the top and at the bottom, tables as lists; a screenshot of each", async () => {
    const page = await device(PHONE);
    await openDashboard(page, await demoManager());
    await page.locator(".person-list__name").first().waitFor();

    for (const tab of TABS) {
      await page.getByRole("tab", { name: tab.name }).click();
      await tab.ready(page);
      await settled(page);
      await saveScreen(page, `phone-${tab.file}`);
      await saveScreen(page, `phone-${tab.file}-full`, true);
      expect(await pageWidth(page), tab.name).toBeLessThanOrEqual(PHONE.width);
      expect(await fixedElements(page), tab.name).toEqual([]);
      expect(await coveredElements(page), tab.name).toEqual([]);
      expect(await lastElementAtTheBottom(page), tab.name).toBe("ok");

      if (tab.name === "Employees") {
        // A card per employee: the name above the actions, nothing scrolling sideways.
        const row = page.locator(".employee-table tbody tr").first();
        const name = await row.locator(".employee-table__name").boundingBox();
        const actions = await row.locator(".table__actions").boundingBox();
        expect(name && actions && actions.y >= name.y + name.height).toBe(true);
        expect(actions && actions.x + actions.width <= PHONE.width).toBe(true);
      }
      if (tab.name === "Hours") {
        // Staff hours: each total on the screen's width; then the Timesheets view, a list per employee.
        const totals = await page
          .locator(".hours-row__total")
          .evaluateAll((all) => all.map((total) => total.getBoundingClientRect().right));
        expect(totals.length).toBe(8);
        expect(Math.max(...totals)).toBeLessThanOrEqual(PHONE.width);
        await page.getByRole("button", { name: "Timesheets" }).click();
        await page.locator(".timesheet__name").first().waitFor();
        await settled(page);
        await saveScreen(page, "phone-hours-timesheets");
        await saveScreen(page, "phone-hours-timesheets-full", true);
        expect(await pageWidth(page), "Timesheets").toBeLessThanOrEqual(PHONE.width);
        const days = page.locator(".timesheet__row").first().locator("td:visible");
        expect(await days.first().evaluate((cell) => getComputedStyle(cell, "::before").content)).toMatch(
          /^"(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d\d\/\d\d/,
        );
        expect(await coveredElements(page), "Timesheets").toEqual([]);
        expect(await lastElementAtTheBottom(page), "Timesheets").toBe("ok");
        await page.getByRole("button", { name: "Staff hours" }).click();
      }
    }
    await page.getByRole("tab", { name: "Live Status" }).click();
    await page.locator(".person-list__name").first().waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});

describe("the manager dashboard on a 768 × 1024 tablet, in Chromium", () => {
  it("shows the counters and who is in on the first screen, the kiosk actions in a menu, nothing covered", async () => {
    const page = await device(TABLET);
    await openDashboard(page, await demoManager());
    const firstName = page.locator(".person-list__name").first();
    await firstName.waitFor();
    await settled(page);
    await saveScreen(page, "phone-tablet-live-status");

    for (const counter of await page.locator(".live-status .stat").all())
      await onFirstScreen(counter, TABLET);
    await onFirstScreen(firstName, TABLET);
    expect(await pageWidth(page)).toBeLessThanOrEqual(TABLET.width);
    const tops = await page
      .getByRole("tab")
      .evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    expect(await page.getByRole("button", { name: "Clock someone in here" }).isVisible()).toBe(false);
    expect(await coveredElements(page)).toEqual([]);
  });
});

describe("the manager dashboard on a desktop, in Chromium", () => {
  it("keeps the kiosk actions and the account in the bars, with no menu buttons", async () => {
    const page = await newPage(browser);
    opened.push(page);
    await openDashboard(page, await demoManager());
    await page.locator(".person-list__name").first().waitFor();
    for (const name of [
      "Clock someone in here",
      "Use this browser as a kiosk",
      "+ Add location",
      "Plan & billing Pro",
      "Logout",
    ]) {
      expect(await page.getByRole("button", { name }).isVisible(), name).toBe(true);
    }
    // "Plan & billing" in the bar opens Manage Subscription.
    await page.getByRole("button", { name: "Plan & billing Pro" }).click();
    await page
      .getByRole("dialog", { name: "Manage Subscription" })
      .getByRole("heading", { name: "Usage" })
      .waitFor();
    expect(await page.getByRole("button", { name: "Menu", exact: true }).isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Kiosk", exact: true }).isVisible()).toBe(false);
    // The assistant's button still floats in the corner.
    const fab = await page.getByRole("button", { name: "Ask AI" }).boundingBox();
    const size = page.viewportSize();
    expect(fab && size && size.height - (fab.y + fab.height)).toBeCloseTo(20, 0);
  });
});
