import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDashboard } from "./support/accounts";
import { baseUrl, expectToast, launchBrowser, newPage, screenshot } from "./support/browser";
import { staffMember } from "./support/staff-app";

// Inviting staff to the staff app from the Employees tab (docs/staff-app.md, "Invitations").

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const outbox = async (email: string) => {
  const response = await fetch(`${baseUrl()}/api/dev/outbox?email=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: { subject: string; body: string }[] }).messages;
};

describe("inviting staff to the staff app, in Chromium", () => {
  it("e-mails the employee a link to /me from their row, and the list says when", async () => {
    const shop = await staffMember();
    await shop.addEmployee("Mia", "Jones", "2468");
    const page = await newPage(browser);
    await openDashboard(page, shop.session);
    await page.getByRole("tab", { name: "Employees" }).click();
    await page.getByRole("button", { name: "Invite Jane Smith to the staff app" }).click();
    await expectToast(page, "Invited 1 employee to the staff app.");
    await expect.poll(async () => (await outbox(shop.staffEmail)).length).toBe(1);
    const [message] = await outbox(shop.staffEmail);
    expect(message?.subject).toBe("Deptford Bakery invites you to the Clocked staff app");
    expect(message?.body).toMatch(/Open http:\/\/localhost:\d+\/me on your phone/);
    await expect.poll(() => page.getByText(/^Invited \d\d\/\d\d\/\d{4}$/).isVisible()).toBe(true);

    // Everyone listed: Jane was invited a moment ago, and Mia has no address; both are named.
    await page.getByRole("button", { name: "Invite everyone listed to the staff app" }).click();
    await expectToast(
      page,
      /Invited in the last 10 minutes already: Jane Smith\. No e-mail address for Mia Jones/,
    );
    await screenshot(page, "staff-app-invitations");
    expect(await outbox(shop.staffEmail)).toHaveLength(1);
    await page.context().close();
  });
});
