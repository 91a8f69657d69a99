import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./support/browser";
import { touchDevice } from "./support/phone";
import { signInToStaffApp, staffMember } from "./support/staff-app";

// The staff app on a phone (docs/staff-app.md): signing in by e-mail code, and staying signed in.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the staff app on a phone", () => {
  it("signs a staff member in with the code e-mailed to them, and keeps them signed in at /me/hours", async () => {
    const jane = await staffMember();
    const page = await touchDevice(browser);
    await signInToStaffApp(page, jane.staffEmail);
    expect(await page.getByText("Deptford Bakery").first().isVisible()).toBe(true);
    await screenshot(page, "staff-app-signed-in");
    await page.getByRole("link", { name: "Hours" }).click();
    expect(new URL(page.url()).pathname).toBe("/me/hours");
    await page.reload();
    await expect
      .poll(() => page.getByRole("link", { name: "Hours" }).getAttribute("aria-current"))
      .toBe("page");
    expect(await page.getByText("Hello, Jane").isVisible()).toBe(true);
    await page.context().close();
  });

  it("signs out from More, and the session no longer opens anything", async () => {
    const jane = await staffMember("Ravi", "Kumar");
    const page = await touchDevice(browser);
    await signInToStaffApp(page, jane.staffEmail);
    const token = await page.evaluate(() => localStorage.getItem("clocked.staff_session"));
    await page.getByRole("link", { name: "More" }).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect.poll(() => page.getByLabel("Your work e-mail address").isVisible()).toBe(true);
    const after = await page.evaluate(
      (t) => fetch("/api/staff/me", { headers: { Authorization: `Bearer ${t}` } }).then((r) => r.status),
      token,
    );
    expect(after).toBe(401);
    await page.context().close();
  });
});
