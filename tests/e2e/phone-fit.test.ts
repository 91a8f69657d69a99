import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, demoManager, managerWithLocation, openDashboard, PASSWORD } from "./support/accounts";
import { upgradeToPro } from "./support/assistant";
import { codeFor, launchBrowser, uniqueEmail, waitForApp } from "./support/browser";
import { hoursAgoOfAMorning } from "./support/london-time";
import { PHONE, settled, touchDevice } from "./support/phone";
import { sidewaysOverflow } from "./support/sideways";

// Nothing is wider than a 390 × 844 phone (docs/dashboard-on-phones.md): every tab, view, settings card and
// dialog of the dashboard, for the seeded demo and for a new account, and the landing page's demo. A screen
// fails when the page scrolls sideways or anything displayed reaches past the screen's edge, except inside
// a box made to scroll sideways (the tab row, a wide table in its wrapper), which must fit itself; each
// failure names the screen and the element.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
const opened: Page[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((page) => page.context().close()));
});

async function phone(): Promise<Page> {
  const page = await touchDevice(browser, PHONE);
  opened.push(page);
  return page;
}

/** What does not fit on each screen looked at, one line per problem, named by the screen. */
function fitChecker(page: Page) {
  const problems: string[] = [];
  return {
    problems,
    async check(screen: string) {
      await settled(page);
      problems.push(...(await sidewaysOverflow(page)).map((problem) => `${screen}: ${problem}`));
    },
  };
}

/** Opens a dialog with `open`, checks the screen with it open, then closes it with its Cancel or Close. */
async function inDialog(
  page: Page,
  fit: ReturnType<typeof fitChecker>,
  screen: string,
  open: () => Promise<void>,
) {
  await open();
  const dialog = page.locator("dialog[open]").last();
  await dialog.waitFor();
  await fit.check(screen);
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: false }).first();

async function openTab(page: Page, name: string) {
  await tab(page, name).click();
  await settled(page);
}

/** Every fold of the Compliance tab opened (an employee's findings, holiday balances by pay period). */
async function openComplianceFolds(page: Page) {
  for (const fold of await page.locator("details:not([open]) > summary").all()) await fold.click();
  for (const toggle of await page.getByRole("button", { name: /^Show pay periods/ }).all())
    await toggle.click();
}

/** The account's menu and the kiosk's menu, open; then the dialogs they lead to. */
async function checkMenusAndDialogs(page: Page, fit: ReturnType<typeof fitChecker>, who: string) {
  const menu = page.getByRole("button", { name: "Menu", exact: true });
  await menu.click();
  await fit.check(`${who}, Menu open`);
  await page.getByRole("button", { name: "+ Add location" }).click();
  await fit.check(`${who}, Menu, adding a location`);
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Kiosk", exact: true }).click();
  await fit.check(`${who}, Kiosk menu open`);
  await inDialog(page, fit, `${who}, kiosk over the dashboard`, () =>
    page.getByRole("button", { name: "Clock someone in here" }).click(),
  );

  await menu.click();
  await page.getByRole("button", { name: /^Plan & billing/ }).click();
  const subscription = page.getByRole("dialog", { name: "Manage Subscription" });
  await subscription.locator(".usage-list").waitFor();
  await fit.check(`${who}, Manage Subscription`);
  const cancel = subscription.getByRole("button", { name: "Cancel subscription" });
  if (await cancel.isVisible()) {
    await cancel.click();
    await fit.check(`${who}, Manage Subscription, cancelling`);
  }
  await subscription.getByRole("button", { name: "Close account" }).click();
  await fit.check(`${who}, Manage Subscription, closing the account`);
  await subscription.getByRole("button", { name: "Close", exact: true }).click();
  await subscription.waitFor({ state: "detached" });
}

/** An employee's dialogs from their row: status, name, PIN, and breaks and pay terms where the plan has them. */
async function checkEmployeeDialogs(
  page: Page,
  fit: ReturnType<typeof fitChecker>,
  who: string,
  name: string,
) {
  const actions = [`Status for ${name}`, `Change name of ${name}`, `Change PIN of ${name}`];
  for (const optional of [`Breaks for ${name}`, `Pay terms for ${name}`]) {
    const button = page.getByRole("button", { name: optional, exact: true });
    if ((await button.count()) > 0 && (await button.isEnabled())) actions.push(optional);
  }
  for (const action of actions) {
    await inDialog(page, fit, `${who}, ${action}`, () =>
      page.getByRole("button", { name: action, exact: true }).click(),
    );
  }
}

/** The Hours tab: staff hours and the cards under it; the timesheet by week and by pay period. */
async function checkHours(page: Page, fit: ReturnType<typeof fitChecker>, who: string) {
  await openTab(page, "Hours");
  await page.getByRole("heading", { name: "Daily Break Settings" }).waitFor();
  await fit.check(`${who}, Hours: staff hours and settings cards`);
  await page.getByRole("button", { name: "Timesheets", exact: true }).click();
  await page.getByRole("heading", { name: "Timesheets" }).waitFor();
  await fit.check(`${who}, Hours: timesheets by week`);
  const entry = page.getByRole("button", { name: /^(Void entry|Entry) \d\d:\d\d/ }).first();
  if ((await entry.count()) > 0) {
    await inDialog(page, fit, `${who}, Hours: a timesheet entry`, () => entry.click());
  }
  const add = page.getByRole("button", { name: /^Add entry for / }).first();
  if ((await add.count()) > 0) {
    await inDialog(page, fit, `${who}, Hours: adding a timesheet entry`, () => add.click());
  }
  await page.getByRole("button", { name: "Pay periods" }).click();
  await page.getByText(/^(This )?[Pp]ay period: /).waitFor();
  await fit.check(`${who}, Hours: timesheets by pay period`);
  await page.getByRole("button", { name: "Staff hours", exact: true }).click();
}

describe("nothing is wider than a 390 × 844 phone, in Chromium", () => {
  it("the demo manager's tabs, views, settings cards, menus and dialogs", { timeout: 180_000 }, async () => {
    const page = await phone();
    const fit = fitChecker(page);
    await openDashboard(page, await demoManager());
    await page.locator(".person-list__name").first().waitFor();
    await fit.check("demo, Live Status");

    await openTab(page, "Employees");
    await page.locator(".employee-table__name").first().waitFor();
    await fit.check("demo, Employees");
    await checkEmployeeDialogs(page, fit, "demo", "Amelia Clarke");

    await checkHours(page, fit, "demo");

    await openTab(page, "Compliance");
    await page.getByRole("heading", { name: "Evidence pack" }).waitFor();
    await openComplianceFolds(page);
    await fit.check("demo, Compliance with every fold open");

    await openTab(page, "Attendance Form");
    await page.getByRole("heading", { name: "Kiosk devices" }).waitFor();
    await fit.check("demo, Attendance Form");

    await checkMenusAndDialogs(page, fit, "demo");

    await page.getByRole("button", { name: "Ask AI" }).click();
    await page.getByRole("region", { name: "AI assistant" }).waitFor();
    await fit.check("demo, the assistant");
    expect(fit.problems).toEqual([]);
  });

  it("a new account's tabs, cards, menus and dialogs, and the screen before its first location", {
    timeout: 180_000,
  }, async () => {
    const page = await phone();
    const fit = fitChecker(page);
    // Signed up, no location yet.
    const email = uniqueEmail("phone");
    await call("POST", "/auth/signup", {
      name: "Nia Evans",
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
    });
    const session = await call<{ session_id: string; user: Record<string, unknown> }>(
      "POST",
      "/auth/verify-email",
      {
        email,
        verification_code: await codeFor(email),
      },
    );
    await openDashboardWithoutLocation(page, session);
    await page.getByLabel("Location name").waitFor();
    await fit.check("new account, first location");
    await page.getByLabel("Location name").fill("Cardiff Market Stall");
    await page.getByRole("button", { name: /Create location/ }).click();
    await tab(page, "Live Status").waitFor();
    await fit.check("new account, Live Status");
    await page.getByRole("button", { name: "All steps" }).click();
    await fit.check("new account, the setup checklist's steps");
    await page.getByRole("button", { name: "Next step only" }).click();

    await openTab(page, "Employees");
    await fit.check("new account, Employees, no staff yet");
    // No staff yet: adding the first one comes first in the tab and starts on the first screen, with no
    // statistics of nobody (the setup checklist above the tabs leads there too).
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.locator("[role='tabpanel'] .employees > :first-child").getAttribute("class")).toContain(
      "add-employee",
    );
    const addHeading = await page.getByRole("heading", { name: "Add New Employee" }).boundingBox();
    expect(addHeading && addHeading.y + addHeading.height).toBeLessThanOrEqual(PHONE.height);
    expect(await page.getByRole("heading", { name: "Leave analytics" }).count()).toBe(0);
    await checkHours(page, fit, "new account");
    await openTab(page, "Compliance");
    await fit.check("new account, Compliance");
    await openTab(page, "Attendance Form");
    await fit.check("new account, Attendance Form");
    await checkMenusAndDialogs(page, fit, "new account");

    await openTab(page, "Employees");
    await page.getByLabel("First name").fill("Owain");
    await page.getByLabel("Last name").fill("Pritchard-Llewellyn");
    await page.getByLabel("4-digit PIN").fill("5821");
    await page.getByRole("button", { name: "Add Employee" }).click();
    await page.locator(".employee-table__name").first().waitFor();
    await fit.check("new account, Employees, one employee");
    await checkEmployeeDialogs(page, fit, "new account", "Owain Pritchard-Llewellyn");
    expect(fit.problems).toEqual([]);
  });

  it("a pay period's approval, its refusal, the payroll export's error and the unlock dialog", {
    timeout: 120_000,
  }, async () => {
    const shop = await managerWithLocation("Rhiannon Price", "Swansea Indoor Market");
    const token = shop.session.session_id;
    const session = { ...shop.session, user: await upgradeToPro(token) };
    const { employee } = await shop.addEmployee("Bethan", "Morgan-Thomas", "4821");
    // A forgotten clock-out closed by the hub and waiting for review: approving is refused until reviewed.
    await call(
      "POST",
      "/dev/forgotten-session",
      { employee_id: employee.id, hours_ago: hoursAgoOfAMorning() },
      token,
    );

    const page = await phone();
    const fit = fitChecker(page);
    await openDashboard(page, session);
    await tab(page, "Hours").click();
    await page.getByRole("button", { name: "Timesheets", exact: true }).click();
    await page.getByRole("button", { name: "Pay periods" }).click();
    await page.getByRole("button", { name: "Approve pay period" }).click();
    // A period not yet ended (the forgotten clock-out may be this week's) is approved only after "Approve now".
    const early = page.getByRole("dialog").filter({ hasText: "Approve it now?" });
    const refusal = page.getByRole("dialog").filter({ hasText: "1 entry still needs review." });
    await early.or(refusal).waitFor();
    if (await early.isVisible()) {
      await fit.check("approving a period that has not ended");
      await early.getByRole("button", { name: "Approve now" }).click();
    }
    await refusal.waitFor();
    await fit.check("approval refused, entries need review");
    await refusal.getByLabel(/I have reviewed these entries/).check();
    await refusal.getByRole("button", { name: "Approve anyway" }).click();
    await refusal.waitFor({ state: "detached" });
    await page.getByText("Locked", { exact: true }).waitFor();
    await fit.check("pay period approved");

    // Bethan has no payroll ID: the server refuses the file, and says so under the button.
    await page.getByRole("button", { name: "Download for payroll" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /payroll ID/i })
      .waitFor();
    await fit.check("payroll export refused");

    await inDialog(page, fit, "unlocking the pay period", () =>
      page.getByRole("button", { name: "Unlock pay period" }).click(),
    );
    expect(fit.problems).toEqual([]);
  });

  it("shows a toast above an open dialog, where it can be read and closed", async () => {
    const shop = await managerWithLocation("Gwen Jones", "Aberystwyth Pier Café");
    const page = await phone();
    await openDashboard(page, shop.session);
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await page.getByRole("button", { name: /^Plan & billing/ }).click();
    const dialog = page.getByRole("dialog", { name: "Manage Subscription" });
    await dialog.getByRole("button", { name: "Close account" }).click();
    await dialog.getByLabel("Type CLOSE to confirm").fill("CLOSE");
    await dialog.getByLabel("Your password").fill("not-my-password");
    await dialog.getByRole("button", { name: "Close my account" }).click();

    // The refusal's toast: drawn on top of the dialog (what is at its centre is the toast itself).
    const toast = page.locator("[data-sonner-toast]").first();
    await toast.waitFor();
    await settled(page);
    expect(
      await toast.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return !!hit && element.contains(hit);
      }),
    ).toBe(true);
    await toast.getByRole("button", { name: "Close toast" }).click();
    await toast.waitFor({ state: "detached" });
    expect(await dialog.isVisible()).toBe(true);
  });

  it("the landing page's demo, every tab, and the public pages' dialogs", { timeout: 120_000 }, async () => {
    const page = await phone();
    const fit = fitChecker(page);
    await page.goto("/#demo");
    await waitForApp(page);
    const demoTabs = page.getByRole("tablist", { name: "Demo dashboard tabs" }).getByRole("tab");
    await demoTabs.first().waitFor();
    for (const name of await demoTabs.allTextContents()) {
      await page.getByRole("tab", { name, exact: true }).click();
      await fit.check(`landing demo, ${name}`);
    }

    await page.goto("/");
    await waitForApp(page);
    await fit.check("landing page");
    await inDialog(page, fit, "landing page, Find your plan", () =>
      page.getByRole("button", { name: "Find your plan" }).first().click(),
    );
    await inDialog(page, fit, "landing page, Privacy Policy", () =>
      page.getByRole("button", { name: "Privacy Policy" }).click(),
    );

    await page.goto("/manager-dashboard");
    await page.getByRole("button", { name: /Forgot/ }).click();
    await page.locator("dialog[open]").waitFor();
    await fit.check("sign-in, forgotten password");
    expect(fit.problems).toEqual([]);
  });
});

/** A signed-in session for an account with no location yet (openDashboard waits for the tabs). */
async function openDashboardWithoutLocation(
  page: Page,
  session: { session_id: string; user: Record<string, unknown> },
) {
  await page.goto("/");
  await page.evaluate((stored) => {
    localStorage.setItem("clocked.manager_session", JSON.stringify({ ...stored, signed_in_at: 0 }));
  }, session);
  await page.goto("/manager-dashboard");
}
