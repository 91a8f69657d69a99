import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, managerWithLocation, openDashboard, PASSWORD } from "./support/accounts";
import { upgradeToPro } from "./support/assistant";
import { baseUrl, launchBrowser, screenshot } from "./support/browser";

// A kiosk never keeps a manager signed in (docs/kiosk.md): a tablet is paired with a one-time code, a browser
// that opens a kiosk page is signed out of the dashboard (on the server too), and the kiosk's ⚙ link always
// meets the sign-in form. Real TCP, real storage: the dev server and Chromium.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const RATE = "13.57";
const BIRTHDAY = { iso: "1990-07-14", shown: "14/07/1990" };

async function context(viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl(), locale: "en-GB", timezoneId: "Europe/London", viewport });
}

async function newTab(owner: BrowserContext): Promise<Page> {
  const page = await owner.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** A Pro manager whose employee has a pay rate and a date of birth: what a kiosk must never show. */
async function shopWithPayData() {
  const shop = await managerWithLocation("Olivia Bennett", "Deptford Bakery");
  const user = await upgradeToPro(shop.session.session_id);
  const { employee } = await shop.addEmployee("Zara", "Ahmed", "4321");
  await call(
    "PUT",
    `/manager/employee-pay/${shop.locationId}/${employee.id}`,
    {
      payroll_id: null,
      contracted_weekly_hours: null,
      hourly_rate: Number(RATE),
      date_of_birth: BIRTHDAY.iso,
    },
    shop.session.session_id,
  );
  return { ...shop, session: { ...shop.session, user } };
}

/** A fresh sign-in of the shop's manager: a session token of its own. */
const signIn = (email: string) =>
  call<{ session_id: string; user: Record<string, unknown> }>("POST", "/auth/login", {
    email_or_name: email,
    password: PASSWORD,
  });

/** Whether the API still takes this session token: 200, or 401 once it was signed out. */
const sessionAnswers = async (token: string) =>
  (await fetch(`${baseUrl()}/api/manager/locations`, { headers: { Authorization: `Bearer ${token}` } }))
    .status;

/** Everything the page's origin keeps in this browser: both storages, every IndexedDB store, its cookies. */
async function whatTheBrowserKeeps(page: Page) {
  const kept = await page.evaluate(async () => {
    const all = (storage: Storage) =>
      Object.fromEntries(Object.keys(storage).map((key) => [key, storage.getItem(key)]));
    const databases: Record<string, string> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        databases[`${name}/${store}`] = JSON.stringify(
          await new Promise((resolve, reject) => {
            const reading = db.transaction(store).objectStore(store).getAll();
            reading.onsuccess = () => resolve(reading.result);
            reading.onerror = () => reject(reading.error);
          }),
        );
      }
      db.close();
    }
    return { local: all(localStorage), session: all(sessionStorage), databases, cookie: document.cookie };
  });
  return { ...kept, cookies: await page.context().cookies() };
}

/** No manager (or super admin) session, and no trace of this token, anywhere the browser keeps data. */
async function expectNoManagerHere(page: Page, token: string) {
  const kept = await whatTheBrowserKeeps(page);
  const text = JSON.stringify(kept);
  expect(text).not.toContain(token);
  for (const key of [...Object.keys(kept.local), ...Object.keys(kept.session)]) {
    expect(key.startsWith("clocked.") ? key.startsWith("clocked.kiosk_") : true, key).toBe(true);
  }
  expect(kept.cookies).toEqual([]);
}

describe("a kiosk never holds a manager's session, in Chromium", () => {
  it("pairs a tablet by a code, clocks in there, and no link on it leads to the dashboard or its data", async () => {
    const shop = await shopWithPayData();
    const token = shop.session.session_id;

    // The manager, on their own laptop: the Attendance Form tab's devices card.
    const office = await context();
    const laptop = await newTab(office);
    await openDashboard(laptop, shop.session);
    // Every way into the kiosk from the dashboard (its Kiosk menu, the setup checklist) says what it does.
    const openKiosk = await laptop.getByRole("link", { name: /Open kiosk/ }).all();
    expect(openKiosk.length).toBeGreaterThan(0);
    for (const link of openKiosk) expect(await link.textContent()).toContain("Signs you out here");
    await laptop.getByRole("tab", { name: "Attendance Form" }).click();
    const devices = laptop.locator(".kiosk-devices");
    await devices.getByText("No paired devices").waitFor();
    await devices.getByRole("button", { name: "Pair a tablet" }).click();
    const code = (await laptop.locator(".pair-tablet__code").textContent()) ?? "";
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await screenshot(laptop, "kiosk-pair-a-tablet");

    // The tablet: nobody signs in on it.
    const counter = await context({ width: 768, height: 1024 });
    const tablet = await newTab(counter);
    const called: string[] = [];
    tablet.on("request", (request) => called.push(new URL(request.url()).pathname));
    await tablet.goto("/kiosk");
    await tablet.getByLabel("Enter pairing code").fill(code.toLowerCase().replace("-", ""));
    expect(await tablet.getByLabel("Enter pairing code").inputValue()).toBe(code);
    await screenshot(tablet, "kiosk-pairing-code");
    await tablet.getByRole("button", { name: "Pair this device" }).click();
    await tablet.getByRole("heading", { name: "Deptford Bakery" }).waitFor();

    // The dashboard sees the new device at once, without a reload.
    await laptop.getByText(/^Paired: .*Staff can clock in on it now\.$/).waitFor();
    await laptop.getByRole("button", { name: "Done" }).click();
    expect(await devices.locator("tbody tr").count()).toBe(1);

    // Staff use it: the number pad, no keyboard.
    await tablet.getByRole("button", { name: "Check In" }).click();
    await tablet.getByRole("button", { name: "Z", exact: true }).click();
    await tablet.getByRole("button", { name: /Zara Ahmed/ }).click();
    for (const digit of "4321") await tablet.getByRole("button", { name: digit, exact: true }).click();
    await tablet.locator(".kiosk-pinpad").getByRole("button", { name: "Check In" }).click();
    await tablet
      .getByText(/^Checked in at/)
      .first()
      .waitFor();
    await tablet.getByRole("button", { name: "Check In" }).waitFor();

    // Every link on the kiosk page, followed: none reaches the dashboard or anyone's pay data.
    const links = await tablet
      .locator("a[href]")
      .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) {
      await tablet.goto(href);
      await tablet.waitForLoadState("networkidle");
      const body = (await tablet.locator("body").textContent()) ?? "";
      expect(body).not.toContain(RATE);
      expect(body).not.toContain(BIRTHDAY.shown);
      expect(await tablet.getByRole("tab", { name: "Live Status" }).count()).toBe(0);
      if (new URL(href).pathname === "/manager-dashboard") {
        await tablet.getByRole("heading", { name: "Welcome Back" }).waitFor();
      }
      await expectNoManagerHere(tablet, token);
    }
    // And the ⚙ link clicked, as a person would: the sign-in form.
    await tablet.goto("/kiosk");
    await tablet.getByRole("link", { name: "Manager dashboard" }).click();
    await tablet.waitForURL((url) => url.pathname === "/manager-dashboard");
    await tablet.getByRole("heading", { name: "Welcome Back" }).waitFor();
    await expectNoManagerHere(tablet, token);
    // The tablet never asked a manager's route for anything.
    expect(called.filter((path) => /^\/api\/(manager|user)\//.test(path))).toEqual([]);
    // The manager on the laptop is still signed in: pairing by code never touched their session.
    expect(await sessionAnswers(token)).toBe(200);
    await office.close();
    await counter.close();
  });

  for (const kiosk of ["the public kiosk page", "a paired kiosk's /kiosk"] as const) {
    it(`signs this browser out of the dashboard when ${kiosk} opens in it: every tab, and on the server`, async () => {
      const shop = await shopWithPayData();
      const session = await signIn(shop.email);
      const laptop = await context();
      const dashboard = await newTab(laptop);
      await openDashboard(dashboard, session);

      const tab = await newTab(laptop);
      await tab.goto(kiosk === "the public kiosk page" ? `/attendance/${shop.locationId}` : "/kiosk");
      await tab
        .getByRole("heading", {
          name: kiosk === "the public kiosk page" ? "Deptford Bakery" : "This device is not a kiosk yet",
        })
        .waitFor();
      // The dashboard's other tab hears of it and shows the sign-in form.
      await dashboard.getByRole("heading", { name: "Welcome Back" }).waitFor();
      await expectNoManagerHere(tab, session.session_id);
      await expect.poll(() => sessionAnswers(session.session_id), { timeout: 10_000 }).toBe(401);
      await laptop.close();
    });
  }

  it("signs the manager out once “Use this browser as a kiosk” has paired it", async () => {
    const shop = await shopWithPayData();
    const session = await signIn(shop.email);
    const laptop = await context();
    const page = await newTab(laptop);
    const asked: string[] = [];
    page.on("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await openDashboard(page, session);
    await page.getByRole("button", { name: "Use this browser as a kiosk" }).click();
    await page.waitForURL((url) => url.pathname === "/kiosk");
    await page.getByRole("heading", { name: "Deptford Bakery" }).waitFor();
    expect(asked[0]).toContain("You will be signed out of the dashboard here");
    await expectNoManagerHere(page, session.session_id);
    expect(await page.evaluate(() => localStorage.getItem("clocked.kiosk_token"))).toEqual(
      expect.any(String),
    );
    await expect.poll(() => sessionAnswers(session.session_id), { timeout: 10_000 }).toBe(401);
    await laptop.close();
  });

  it("asks for the password at ⚙ even when a manager signed in after the kiosk opened", async () => {
    const shop = await shopWithPayData();
    const laptop = await context();
    const kiosk = await newTab(laptop);
    await kiosk.goto(`/attendance/${shop.locationId}`);
    await kiosk.getByRole("heading", { name: "Deptford Bakery" }).waitFor();
    const session = await signIn(shop.email);
    const dashboard = await newTab(laptop);
    await openDashboard(dashboard, session);

    await kiosk.getByRole("link", { name: "Manager dashboard" }).click();
    await kiosk.waitForURL((url) => url.pathname === "/manager-dashboard");
    await kiosk.getByRole("heading", { name: "Welcome Back" }).waitFor();
    await expectNoManagerHere(kiosk, session.session_id);
    await expect.poll(() => sessionAnswers(session.session_id), { timeout: 10_000 }).toBe(401);
    await laptop.close();
  });
});
