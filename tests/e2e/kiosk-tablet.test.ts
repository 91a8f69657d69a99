import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, managerWithLocation } from "./support/accounts";
import { upgradeToPro } from "./support/assistant";
import { baseUrl, launchBrowser, screenshot } from "./support/browser";

// The kiosk on the tablet a shop puts on its counter (docs/offline-kiosk.md): every step on one screen, no
// scrolling, targets a thumb can hit, even when thirty people share a first-name initial.

const FIRST_NAMES = [
  "Sam",
  "Sara",
  "Sophie",
  "Sean",
  "Simon",
  "Stella",
  "Stephen",
  "Sunil",
  "Sade",
  "Sinead",
  "Shauna",
  "Saoirse",
  "Sebastian",
  "Siobhan",
  "Solomon",
  "Suki",
  "Sylvia",
  "Stanley",
  "Shabnam",
  "Saffron",
  "Sion",
  "Sanjay",
  "Seren",
  "Scarlett",
  "Shaun",
  "Sasha",
  "Selina",
  "Spencer",
  "Sienna",
  "Stuart",
];
const LAST_NAMES = ["Okafor", "Williams", "Kowalczyk", "Fitzgerald-Hughes", "Patel", "MacDonald"];
/** Apple's and Google's smallest comfortable touch target, in CSS pixels. */
const MIN_TARGET = 48;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Nothing scrolls, and every button is whole on the screen, holds its text and is MIN_TARGET or more each way. */
async function fitsTheScreen(page: Page, step: string) {
  const { overflowX, overflowY, buttons } = await page.evaluate(() => ({
    overflowY: document.documentElement.scrollHeight - window.innerHeight,
    overflowX: document.documentElement.scrollWidth - window.innerWidth,
    buttons: [...document.querySelectorAll("main button")].map((button) => {
      const box = button.getBoundingClientRect();
      return {
        text: button.textContent ?? "",
        top: box.top,
        bottom: box.bottom,
        left: box.left,
        right: box.right,
        width: box.width,
        height: box.height,
        clipped: button.scrollHeight > button.clientHeight || button.scrollWidth > button.clientWidth,
      };
    }),
  }));
  expect(overflowY, `${step}: scrolls down`).toBeLessThanOrEqual(0);
  expect(overflowX, `${step}: scrolls sideways`).toBeLessThanOrEqual(0);
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  for (const button of buttons) {
    expect(button.width, `${step}: ${button.text} is too narrow`).toBeGreaterThanOrEqual(MIN_TARGET);
    expect(button.height, `${step}: ${button.text} is too short`).toBeGreaterThanOrEqual(MIN_TARGET);
    expect(button.clipped, `${step}: ${button.text} does not fit its button`).toBe(false);
    expect(button.top, `${step}: ${button.text}`).toBeGreaterThanOrEqual(0);
    expect(button.left, `${step}: ${button.text}`).toBeGreaterThanOrEqual(0);
    expect(button.bottom, `${step}: ${button.text} is below the screen`).toBeLessThanOrEqual(viewport.height);
    expect(button.right, `${step}: ${button.text}`).toBeLessThanOrEqual(viewport.width);
  }
  return buttons.length;
}

describe("the kiosk on a tablet, with 30 staff under one initial, in Chromium", () => {
  let locationId = "";
  beforeAll(async () => {
    const manager = await managerWithLocation("Olivia Bennett", "Deptford Bakery");
    await upgradeToPro(manager.session.session_id);
    for (const [i, first] of FIRST_NAMES.entries()) {
      await manager.addEmployee(first, LAST_NAMES[i % LAST_NAMES.length] ?? "Smith", String(1000 + i));
    }
    const { employee: zara } = await manager.addEmployee("Zara", "Ahmed", "4321");
    // On sick leave today: her check-in asks "Clock in anyway?" first.
    await call(
      "PUT",
      `/manager/employees/${zara.id}/status`,
      { status: "sick_leave" },
      manager.session.session_id,
    );
    locationId = manager.locationId;
  }, 120_000);

  for (const viewport of [
    { name: "phone", width: 390, height: 844 },
    { name: "portrait", width: 768, height: 1024 },
    { name: "landscape", width: 1024, height: 768 },
  ]) {
    it(`fits the number pad and the leave question on a ${viewport.width} × ${viewport.height} screen (${viewport.name})`, async () => {
      const context = await browser.newContext({ viewport, locale: "en-GB", timezoneId: "Europe/London" });
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/attendance/${locationId}`);
      await page.getByRole("button", { name: "Check In" }).click();
      await page.getByRole("button", { name: "Z", exact: true }).click();
      await page.getByRole("button", { name: /Zara Ahmed/ }).click();
      await page.getByLabel("Enter your 4-digit PIN").waitFor();
      // 1-9, delete, 0 and submit, besides Back.
      expect(await fitsTheScreen(page, "PIN")).toBe(13);
      for (const digit of "4321") await page.getByRole("button", { name: digit, exact: true }).click();
      await page.locator(".kiosk-pinpad").getByRole("button", { name: "Check In" }).click();
      await page.getByText("You're on sick leave today. Clock in anyway?").waitFor();
      await screenshot(page, `kiosk-${viewport.name}-leave`);
      expect(await fitsTheScreen(page, "leave")).toBe(2);
      await context.close();
    });
  }

  for (const viewport of [
    { name: "portrait", width: 768, height: 1024 },
    { name: "landscape", width: 1024, height: 768 },
  ]) {
    it(`fits every step on a ${viewport.width} × ${viewport.height} screen (${viewport.name}), no scrolling`, async () => {
      const context = await browser.newContext({ viewport, locale: "en-GB", timezoneId: "Europe/London" });
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/attendance/${locationId}`);
      await page.getByRole("button", { name: "Check In" }).waitFor();
      await fitsTheScreen(page, "action");
      await page.getByRole("button", { name: "Check In" }).click();
      await page.getByRole("button", { name: "S", exact: true }).waitFor();
      await fitsTheScreen(page, "initial");
      await page.getByRole("button", { name: "S", exact: true }).click();
      await page.getByRole("button", { name: /Stuart/ }).waitFor();
      await screenshot(page, `kiosk-tablet-${viewport.name}-names`);
      expect(await fitsTheScreen(page, "name")).toBeGreaterThanOrEqual(FIRST_NAMES.length);
      await page.getByRole("button", { name: /Stuart/ }).click();
      await page.getByLabel("Enter your 4-digit PIN").waitFor();
      await fitsTheScreen(page, "PIN");
      await context.close();
    });
  }
});
