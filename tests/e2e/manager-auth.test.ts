import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeFor, expectToast, launchBrowser, newPage, screenshot, uniqueEmail } from "./support/browser";

const PASSWORD = "Clocked!2026";
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signUp(page: Page, name: string, email: string) {
  await page.goto("/manager-dashboard");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm Password").fill(PASSWORD);
  // Legal boxes are ticked through their full-screen texts, as a careful reader would.
  await page.getByRole("button", { name: "Terms & Conditions" }).click();
  await page.getByRole("button", { name: "I Agree to Terms & Conditions" }).click();
  await page.getByRole("button", { name: "Privacy Policy" }).click();
  await page.getByRole("button", { name: "I Agree to Privacy Policy" }).click();
  expect(await page.getByLabel("I accept the Terms & Conditions").isChecked()).toBe(true);
  expect(await page.getByLabel("I accept the Privacy Policy").isChecked()).toBe(true);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByRole("heading", { name: "Verify your email" }).waitFor();
  await page.getByLabel("Verification code").fill(await codeFor(email));
  await page.getByRole("button", { name: "Verify Email" }).click();
}

async function signIn(page: Page, entry: string, password = PASSWORD) {
  await page.goto("/manager-dashboard");
  await page.getByLabel("Full Name or Email Address").fill(entry);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
}

describe("a manager's account, in Chromium", () => {
  it("signs up, verifies with the e-mailed code, adds a location and sees the dashboard shell", async () => {
    const page = await newPage(browser);
    const email = uniqueEmail("new");
    await signUp(page, "Nadia Okafor", email);
    await page.getByRole("heading", { name: "Add your first location" }).waitFor();
    await page.getByLabel("Location name").fill("Brixton Market Café");
    await page.getByRole("button", { name: "Create location" }).click();
    for (const tab of ["Live Status", "Employees", "Hours", "Attendance Form"]) {
      await page.getByRole("tab", { name: tab }).waitFor();
    }
    expect(await page.getByText("Starter", { exact: true }).isVisible()).toBe(true);
    await screenshot(page, "dashboard-shell");

    // The session survives a reload: it is checked against the locations call, not trusted blindly.
    await page.reload();
    await page.getByRole("tab", { name: "Live Status" }).waitFor();
    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem("clocked.manager_session"))).toBeNull();
  });

  it("signs in by e-mail and by full name", async () => {
    const page = await newPage(browser);
    const email = uniqueEmail("both");
    const name = `Tomasz Nowak${Math.random().toString(36).slice(2, 6)}`;
    await signUp(page, name, email);
    await page.getByRole("heading", { name: "Add your first location" }).waitFor();
    await signOut(page);

    await signIn(page, email);
    await page.getByRole("heading", { name: "Add your first location" }).waitFor();
    await signOut(page);

    await signIn(page, name);
    await page.getByRole("heading", { name: "Add your first location" }).waitFor();
    await signOut(page);

    await signIn(page, email, "Wrong!Password1");
    await expectToast(page, "Invalid email or password");
  });

  it("resets a forgotten password and signs in with the new one", async () => {
    const page = await newPage(browser);
    const email = uniqueEmail("forgot");
    await signUp(page, "Grace Hopper", email);
    await page.getByRole("heading", { name: "Add your first location" }).waitFor();
    await signOut(page);

    await page.getByRole("button", { name: "Forgot Password?" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Reset Password" }).waitFor();
    // '← Back to login' closes the modal and clears it: it opens again empty, at the e-mail step.
    await dialog.getByLabel("Email Address").fill(email);
    await dialog.getByRole("button", { name: "← Back to login" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole("button", { name: "Forgot Password?" }).click();
    await dialog.getByRole("heading", { name: "Reset Password" }).waitFor();
    expect(await dialog.getByLabel("Email Address").inputValue()).toBe("");
    await dialog.getByLabel("Email Address").fill(email);
    await dialog.getByRole("button", { name: "Send Reset Code" }).click();
    await dialog.getByRole("heading", { name: "Enter Verification Code" }).waitFor();
    expect(await dialog.getByText("We've sent a 6-digit code to your email address.").isVisible()).toBe(true);
    await expect
      .poll(() =>
        dialog
          .getByText("If an account with that email exists, we've sent you a 6-digit verification code.")
          .isVisible(),
      )
      .toBe(true);

    // A wrong code is refused at the code step, before any new password is asked for.
    await dialog.getByLabel("Verification code").fill("000000");
    await dialog.getByRole("button", { name: "Verify Code" }).click();
    await dialog.getByText("Invalid or expired code. Please try again.").waitFor();
    expect(await dialog.getByRole("heading", { name: "Enter Verification Code" }).isVisible()).toBe(true);

    const newPassword = "Brand&New2027";
    // The new code is the reset one: the sign-up code was consumed.
    await dialog.getByLabel("Verification code").fill(await codeFor(email));
    await dialog.getByRole("button", { name: "Verify Code" }).click();
    await dialog.getByRole("heading", { name: "Set New Password" }).waitFor();
    await dialog.getByLabel("New password", { exact: true }).fill(newPassword);
    await dialog.getByLabel("Confirm new password").fill("Brand&New2028");
    await dialog.getByRole("button", { name: "Reset Password" }).click();
    await dialog.getByText("Passwords do not match.").waitFor();
    await dialog.getByLabel("Confirm new password").fill(newPassword);
    await screenshot(page, "forgot-password");
    await dialog.getByRole("button", { name: "Reset Password" }).click();
    await expectToast(page, /password has been reset/);

    await signIn(page, email, PASSWORD);
    await expectToast(page, "Invalid email or password");
    await signIn(page, email, newPassword);
    await page.getByRole("heading", { name: "Add your first location" }).waitFor();
  });

  it("shows the live list of unmet password rules while typing", async () => {
    const page = await newPage(browser);
    await page.goto("/manager-dashboard");
    await page.getByRole("button", { name: "Create Account" }).click();
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("abc");
    const rules = page.locator(".password-rules");
    await rules.getByText("Password must include:").waitFor();
    expect(await rules.locator("li").allTextContents()).toEqual([
      "At least 8 characters",
      "One uppercase letter",
      "One number",
      "One special character (@$!%*?&)",
    ]);
    await password.fill("abcdefgH1");
    expect(await rules.locator("li").allTextContents()).toEqual(["One special character (@$!%*?&)"]);
    await screenshot(page, "signup-password-rules");
    await password.fill("abcdefgH1!");
    await expect.poll(() => rules.count()).toBe(0);
  });

  it("sends unknown paths to the landing page, replacing history", async () => {
    const page = await newPage(browser);
    await page.goto("/manager-dashboard");
    await page.goto("/no-such-page");
    await page.waitForURL((url) => url.pathname === "/");
    // about:blank, /manager-dashboard, then /no-such-page replaced by / (a push would make it 4).
    expect(await page.evaluate(() => history.length)).toBe(3);
  });
});
