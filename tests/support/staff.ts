import { eq } from "drizzle-orm";
import type { StaffMe } from "../../worker/contracts/staff";
import { employees } from "../../worker/db/schema";
import { createStaffSession } from "../../worker/db/staff-sessions";
import { api, latestCode, uniqueEmail } from "./api";
import { db, JANE, type NewStaff, shopWith } from "./kiosk";

// Staff app callers for the workerd tests (docs/staff-app.md).

/** Gives an employee an e-mail address (straight into D1) and opens a staff session for them. */
export async function staffSessionFor(employeeId: string, email = uniqueEmail("staff")) {
  await db().update(employees).set({ email }).where(eq(employees.id, employeeId));
  return { email, token: await createStaffSession(db(), employeeId) };
}

/** A shop with one employee (Jane, unless said) signed in to the staff app. */
export async function staffShop(person: NewStaff = JANE, options: Parameters<typeof shopWith>[1] = {}) {
  const shop = await shopWith([person], options);
  const [employee] = shop.employees;
  if (!employee) throw new Error("no employee");
  const session = await staffSessionFor(employee.id);
  return { ...shop, employee, staff: session };
}

/** Signs in through the API as a real phone does: asks for a code, reads it from the dev outbox, verifies. */
export async function signInByCode(email: string) {
  const started = await api("POST", "/api/staff/auth/start", { body: { email } });
  if (started.status !== 202) throw new Error(`start: ${started.status}`);
  const code = await latestCode(email);
  const verified = await api("POST", "/api/staff/auth/verify", { body: { email, code } });
  return verified;
}

export const staffMe = async (token: string) =>
  (await api("GET", "/api/staff/me", { token })).body as unknown as StaffMe;
