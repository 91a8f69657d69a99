import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, screenshot } from "./support/browser";
import { PHONE } from "./support/phone";
import { signInToStaffApp, staffMember } from "./support/staff-app";

// A passkey in the staff app (docs/staff-app.md, "Signing in"), through Chromium's virtual authenticator: a
// phone's built-in one that checks the user (fingerprint or face) and keeps discoverable passkeys.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A phone at the dev server's address by name: WebAuthn refuses an IP address (127.0.0.1) as the site a
 * passkey belongs to, and localhost is a secure context like https.
 */
async function phoneWithAuthenticator(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl().replace("127.0.0.1", "localhost"),
    locale: "en-GB",
    timezoneId: "Europe/London",
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return page;
}

const outboxCount = async (email: string) => {
  const response = await fetch(`${baseUrl()}/api/dev/outbox?email=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: unknown[] }).messages.length;
};

describe("a passkey in the staff app", () => {
  it("is added on More after a code sign-in, and then signs the phone in with no e-mail", async () => {
    const jane = await staffMember();
    const page = await phoneWithAuthenticator();
    await signInToStaffApp(page, jane.staffEmail);

    await page.getByRole("link", { name: "More" }).click();
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect.poll(() => page.getByText("Passkey added.").isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole("list", { name: "Your passkeys" }).getByRole("listitem").count())
      .toBe(1);
    await screenshot(page, "staff-passkey-added");

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect.poll(() => page.getByLabel("Your work e-mail address").isVisible()).toBe(true);
    await screenshot(page, "staff-passkey-sign-in");
    const mailBefore = await outboxCount(jane.staffEmail);

    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect.poll(() => page.getByText("Hello, Jane").isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await outboxCount(jane.staffEmail)).toBe(mailBefore);
    await page.getByRole("link", { name: "More" }).click();
    await expect.poll(() => page.getByText(/Last used \d\d\/\d\d\/\d{4}/).isVisible()).toBe(true);
    await page.context().close();
  });
});
