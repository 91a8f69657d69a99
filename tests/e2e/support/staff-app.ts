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

export const DAY = 86_400_000;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const ukDay = (iso: string) => iso.split("-").reverse().join("/");

/** A Tuesday `weeks` weeks or more ahead, away from Christmas and New Year: Tuesday to Thursday are working days. */
export function quietTuesday(weeks: number): string {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  let tuesday = today + (((2 - new Date(today).getUTCDay() + 7) % 7) + 7 * weeks) * DAY;
  const nearNewYear = (ms: number) => {
    const d = new Date(ms);
    return (d.getUTCMonth() === 11 && d.getUTCDate() >= 20) || (d.getUTCMonth() === 0 && d.getUTCDate() <= 4);
  };
  while (nearNewYear(tuesday) || nearNewYear(tuesday + 2 * DAY)) tuesday += 7 * DAY;
  return isoDay(tuesday);
}

/** A shop whose staff member works five days a week and started two years ago: 28 days' holiday. */
export async function shopWithHoliday(first = "Jane", last = "Smith") {
  const shop = await staffMember(first, last);
  // On Pro, through the billing sandbox (as its page would): working days a week are pay terms.
  const token = shop.session.session_id;
  const change = await call<{ url: string }>(
    "POST",
    "/user/subscription/change-plan",
    { action: "change", new_plan: "pro" },
    token,
  );
  const checkoutId = new URL(change.url, "http://clocked.test").searchParams.get("checkout");
  await call("POST", "/billing/sandbox/complete", { checkout_id: checkoutId }, token);
  const started = `${new Date().getUTCFullYear() - 2}-${String(new Date().getUTCMonth() + 1).padStart(2, "0")}-01`;
  await call(
    "PUT",
    `/manager/employee-pay/${shop.locationId}/${shop.employee.id}`,
    {
      payroll_id: null,
      contracted_weekly_hours: null,
      hourly_rate: null,
      employment_start_date: started,
      working_days_per_week: 5,
    },
    shop.session.session_id,
  );
  return shop;
}
