import type { Page } from "playwright-core";
import { expect } from "vitest";
import { call, managerWithLocation } from "./accounts";
import { codeFor, uniqueEmail } from "./browser";

// The staff app (/me) in the browser tests (docs/staff-app.md).

/** A manager's location with one employee who has an e-mail address, ready to sign in to the staff app. */
export async function staffMember(first = "Jane", last = "Smith") {
  const shop = await managerWithLocation();
  const email = uniqueEmail(first.toLowerCase());
  const { employee } = await shop.addEmployee(first, last, "4821");
  await call(
    "PUT",
    `/manager/employees/${employee.id}/name`,
    { first_name: first, last_name: last, email },
    shop.session.session_id,
  );
  return { ...shop, employee, staffEmail: email };
}

/** Signs in to /me as a phone does: the address, then the code from the development outbox. */
export async function signInToStaffApp(page: Page, email: string) {
  await page.goto("/me");
  await page.getByLabel("Your work e-mail address").fill(email);
  await page.getByRole("button", { name: "Email me a code" }).click();
  await page.getByLabel("6-digit code").fill(await codeFor(email));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect.poll(() => page.getByText(/^Hello, /).isVisible(), { timeout: 10_000 }).toBe(true);
}
