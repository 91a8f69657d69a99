import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { managerWithLocation, openDashboard } from "./support/accounts";
import { baseUrl, expectToast, launchBrowser, newPage, screenshot } from "./support/browser";
import { logoPng } from "./support/logo-png";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function post<T>(path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A manager on Pro, through the billing sandbox's API (as its page would). */
async function proManager() {
  const manager = await managerWithLocation("Nia Campbell", "Brixton Barbers");
  const token = manager.session.session_id;
  const change = await post<{ url: string }>("/user/subscription/change-plan", token, {
    action: "change",
    new_plan: "pro",
  });
  const checkoutId = new URL(change.url, baseUrl()).searchParams.get("checkout");
  const paid = await post<{ user: Record<string, unknown> }>("/billing/sandbox/complete", token, {
    checkout_id: checkoutId,
  });
  return { ...manager, session: { ...manager.session, user: paid.user } };
}

const kioskClasses = (kiosk: Page) => kiosk.locator("main.kiosk").getAttribute("class");

describe("Attendance Form tab, in Chromium", () => {
  it("a Pro manager picks black and circles and uploads a logo; the open kiosk shows them at once", async () => {
    const manager = await proManager();
    const kiosk = await newPage(browser);
    await kiosk.goto(`/attendance/${manager.locationId}`);
    await kiosk.getByRole("heading", { name: "Brixton Barbers" }).waitFor();
    expect(await kioskClasses(kiosk)).toContain("kiosk--theme-white");

    const page = await newPage(browser);
    await openDashboard(page, manager.session);
    await page.getByRole("tab", { name: "Attendance Form" }).click();
    const link = page.getByRole("link", { name: "Open attendance page ↗" });
    expect(await link.getAttribute("href")).toBe(`/attendance/${manager.locationId}`);
    expect(await link.getAttribute("target")).toBe("_blank");

    await page.getByRole("group", { name: "Background theme" }).getByLabel("Black").check();
    await page.getByRole("group", { name: "Button shape" }).getByLabel("Circle").check();
    const preview = page.locator(".kiosk-preview__screen");
    expect(await preview.getAttribute("class")).toContain("kiosk--theme-black");
    expect(await preview.getAttribute("class")).toContain("kiosk--shape-circle");
    await page.getByRole("button", { name: "Save appearance" }).click();
    await expectToast(page, "Saved");

    // The open kiosk hears it from the location's hub: no reload.
    await expect.poll(() => kioskClasses(kiosk)).toContain("kiosk--theme-black");
    expect(await kioskClasses(kiosk)).toContain("kiosk--shape-circle");

    await page.getByLabel(/Upload logo/).setInputFiles({
      name: "brixton.png",
      mimeType: "image/png",
      buffer: logoPng(),
    });
    await expectToast(page, "Logo uploaded");
    const loaded = (img: HTMLImageElement) => img.complete && img.naturalWidth;
    await expect.poll(() => page.getByRole("img", { name: "Current logo" }).evaluate(loaded)).toBe(160);
    await expect.poll(() => page.locator(".kiosk-preview img").evaluate(loaded)).toBe(160);
    await screenshot(page, "attendance-form-tab");

    const logo = kiosk.locator("img.kiosk-flow__logo");
    await logo.waitFor();
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(160);

    // And on the next load.
    await kiosk.reload();
    await kiosk.getByRole("heading", { name: "Brixton Barbers" }).waitFor();
    expect(await kioskClasses(kiosk)).toContain("kiosk--theme-black");
    expect(await kioskClasses(kiosk)).toContain("kiosk--shape-circle");
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    await screenshot(kiosk, "kiosk-black-circle-logo");
  });

  it("a Starter manager sees the upgrade hint instead of the logo upload", async () => {
    const manager = await managerWithLocation("Tom Price", "Swansea Market");
    const page = await newPage(browser);
    await openDashboard(page, manager.session);
    await page.getByRole("tab", { name: "Attendance Form" }).click();
    await page.getByText("Logo upload is available on the Pro and Business plans.").waitFor();
    expect(await page.getByLabel(/Upload logo/).count()).toBe(0);
    // Every plan's kiosks work offline and install as an app: the tab says how.
    const devices = page.getByRole("region", { name: "Kiosk devices" });
    await expect
      .poll(() => devices.textContent())
      .toMatch(
        /punches wait on the tablet.*Add it to the tablet's home screen.*full screen, even with no connection/,
      );
  });
});
