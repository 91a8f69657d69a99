import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLocation, businessManager, type Manager } from "../../bench/lib/accounts";
import { type BuiltApp, startBuiltApp } from "../../bench/lib/server";
import type { LiveStatus } from "../../worker/contracts/live";
import { launchBrowser, screenshot } from "./support/browser";
import { logoPng } from "./support/logo-png";
import { punchOffline, readyToWorkOffline } from "./support/offline-kiosk";
import { freePort } from "./support/server";

// The kiosk installed on a tablet (docs/offline-kiosk.md), against the production build as it is deployed:
// `vite build` served by `wrangler dev` from dist/ (the Worker, its static assets, D1, R2 and the hubs in
// workerd). The service worker exists only in a build. The dev outbox is on (ENVIRONMENT=development) for the
// sign-up code.

const BUILD_TIMEOUT = 180_000;
let app: BuiltApp;
let port = 0;
let stateDir = "";
let browser: Browser;

/** Builds with this release name and serves it on the same origin and state as before, as a deploy would. */
async function deploy(release: string) {
  await app?.stop();
  app = await startBuiltApp({ buildEnv: { CLOCKED_RELEASE: release }, port, persistDir: stateDir });
}

beforeAll(async () => {
  port = await freePort();
  stateDir = mkdtempSync(join(tmpdir(), "clocked-pwa-"));
  browser = await launchBrowser();
  await deploy("release-a");
}, BUILD_TIMEOUT);

afterAll(async () => {
  await app?.stop();
  await browser?.close();
  rmSync(stateDir, { recursive: true, force: true });
});

/** Every URL held in the origin's Cache Storage, by cache. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      all[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return all;
  });

const release = (page: Page) => page.locator('meta[name="clocked-release"]').getAttribute("content");

/** Waits until a service worker controls the page (the first install claims it at once). */
const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });

/** A Business manager's bakery with a logo and two staff, and a kiosk paired to it. */
async function bakery() {
  const manager = await businessManager(app.url);
  const locationId = await addLocation(manager, "Deptford Bakery");
  const add = (first_name: string, last_name: string, pin: string) =>
    manager.call<{ employee: { id: string } }>("POST", `/manager/employees/${locationId}`, {
      first_name,
      last_name,
      pin,
    });
  const zara = (await add("Zara", "Ahmed", "4321")).employee;
  const wyn = (await add("Wyn", "Evans", "7531")).employee;
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(logoPng())], { type: "image/png" }), "bakery.png");
  const logo = await fetch(`${app.url}/api/manager/locations/${locationId}/logo`, {
    method: "POST",
    headers: { Authorization: `Bearer ${manager.token}` },
    body: form,
  });
  expect(logo.status).toBe(200);
  const { token } = await manager.call<{ token: string }>("POST", `/manager/kiosk-devices/${locationId}`, {
    label: "Front counter",
  });
  return { manager, locationId, zara, wyn, token };
}

const liveStatus = (manager: Manager, locationId: string) =>
  manager.call<LiveStatus>("GET", `/manager/live-status/${locationId}`);

describe("the kiosk as an installed app (production build), in Chromium", () => {
  let tablet: BrowserContext;
  let kiosk: Page;
  let shop: Awaited<ReturnType<typeof bakery>>;

  beforeAll(async () => {
    shop = await bakery();
    tablet = await browser.newContext({
      baseURL: app.url,
      locale: "en-GB",
      timezoneId: "Europe/London",
      viewport: { width: 768, height: 1024 },
    });
    await tablet.addInitScript((value) => localStorage.setItem("clocked.kiosk_token", value), shop.token);
    kiosk = await tablet.newPage();
    kiosk.setDefaultTimeout(15_000);
  });

  it("is installable: a manifest that opens /kiosk full screen, its icons, and a service worker controlling /kiosk", async () => {
    const manifestResponse = await fetch(`${app.url}/kiosk.webmanifest`);
    expect(manifestResponse.status).toBe(200);
    const manifest = (await manifestResponse.json()) as {
      start_url: string;
      scope: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ start_url: "/kiosk", scope: "/kiosk", display: "fullscreen" });
    for (const icon of manifest.icons) {
      const png = Buffer.from(await (await fetch(`${app.url}${icon.src}`)).arrayBuffer());
      // The PNG's own width and height (IHDR) are the sizes the manifest says.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
    expect(manifest.icons.map((icon) => icon.purpose).sort()).toEqual(["any", "any", "maskable"]);

    await kiosk.goto("/kiosk");
    await kiosk.getByRole("heading", { name: "Deptford Bakery" }).waitFor();
    await controlled(kiosk);
    expect(await release(kiosk)).toBe("release-a");
    // Chromium's own verdict on installing the page as an app.
    const cdp = await tablet.newCDPSession(kiosk);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito, where Chromium never installs an app; nothing else stands in the way.
    expect(installabilityErrors.map((error) => error.errorId)).toEqual(["in-incognito"]);
  });

  it("opens and reloads with no network, takes two check-ins and a wrong PIN, and sends them once when it returns", async () => {
    // Ready to work offline: the hub's key and every name kept, the logo shown.
    await readyToWorkOffline(kiosk, ["W", "Z"]);
    const logoWidth = () =>
      kiosk.locator("img.kiosk-flow__logo").evaluate((img: HTMLImageElement) => img.naturalWidth);
    await expect.poll(logoWidth).toBe(160);

    await tablet.setOffline(true);
    await kiosk.reload();
    await kiosk.getByRole("heading", { name: "Deptford Bakery" }).waitFor();
    await expect.poll(logoWidth).toBe(160);
    const before = Date.now();
    await punchOffline(kiosk, "Check In", "Z", /Zara Ahmed/, "4321");
    await punchOffline(kiosk, "Check In", "W", /Wyn Evans/, "7531");
    await punchOffline(kiosk, "Check Out", "Z", /Zara Ahmed/, "0000");
    const after = Date.now();

    // Still offline, the page is reloaded: it opens from the device, the three punches still waiting.
    await kiosk.reload();
    await kiosk.getByRole("heading", { name: "Deptford Bakery" }).waitFor();
    await kiosk.getByRole("status").filter({ hasText: "3 punches waiting to send" }).waitFor();
    await screenshot(kiosk, "kiosk-pwa-offline-reload");
    expect(await liveStatus(shop.manager, shop.locationId)).toMatchObject({ checked_in: [] });

    // The network returns: the open kiosk sends what waited.
    await tablet.setOffline(false);
    await expect
      .poll(
        async () => (await liveStatus(shop.manager, shop.locationId)).checked_in.map((p) => p.name).sort(),
        {
          timeout: 20_000,
        },
      )
      .toEqual(["Wyn Evans", "Zara Ahmed"]);
    await expect.poll(() => kiosk.locator(".kiosk__queue").textContent()).toBe("");
    const live = await liveStatus(shop.manager, shop.locationId);
    for (const person of live.checked_in) {
      expect(Date.parse(person.at)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(person.at)).toBeLessThanOrEqual(after);
    }
    expect(live.offline_refused).toEqual([
      expect.objectContaining({
        id: shop.zara.id,
        action: "check_out",
        detail: expect.stringMatching(/PIN was wrong/),
      }),
    ]);

    // And the manager's dashboard (not the kiosk's service worker's to answer) shows them.
    const office = await browser.newContext({
      baseURL: app.url,
      locale: "en-GB",
      timezoneId: "Europe/London",
    });
    const dashboard = await office.newPage();
    const { user } = await shop.manager.call<{ user: unknown }>("GET", "/user/me");
    await dashboard.goto("/");
    await dashboard.evaluate(
      (session) => {
        localStorage.setItem("clocked.manager_session", JSON.stringify({ ...session, signed_in_at: 0 }));
      },
      { session_id: shop.manager.token, user },
    );
    await dashboard.goto("/manager-dashboard");
    await dashboard.getByRole("tab", { name: "Live Status" }).waitFor();
    for (const name of ["Zara Ahmed", "Wyn Evans"]) await dashboard.getByText(name).first().waitFor();
    expect(await dashboard.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await office.close();
  });

  it("caches the kiosk's own files and the logo, never an API answer with anyone's data", async () => {
    const cached = await cachedUrls(kiosk);
    const urls = Object.values(cached).flat();
    expect(urls).toContain("/kiosk");
    expect(urls.some((url) => /^\/assets\/kiosk-[\w-]+\.js$/.test(url))).toBe(true);
    const api = urls.filter((url) => url.startsWith("/api/"));
    expect(api).toEqual([`/api/locations/${shop.locationId}/logo`]);
    // Nothing of the dashboard or the public pages: they are not the installed kiosk's.
    expect(urls.filter((url) => /index\.html$|manager-dashboard|landing|marketing/.test(url))).toEqual([]);
  });

  it("takes a new build when one is deployed: the open kiosk moves to it, offline too", async () => {
    await deploy("release-b");
    // The next load checks for a new service worker, which takes over at once with the new build's files.
    await kiosk.reload();
    await expect
      .poll(
        async () => {
          await kiosk.reload();
          return release(kiosk);
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe("release-b");
    await kiosk.getByRole("heading", { name: "Deptford Bakery" }).waitFor();
    // The new build is what the device keeps: it opens offline as release-b.
    await tablet.setOffline(true);
    await kiosk.reload();
    expect(await release(kiosk)).toBe("release-b");
    await kiosk.getByRole("heading", { name: "Deptford Bakery" }).waitFor();
    await tablet.setOffline(false);
  });
});
