import type { Page } from "playwright-core";
import { baseUrl, codeFor, uniqueEmail } from "./browser";

export const PASSWORD = "Clocked!2026";

/** A JSON call to the dev server's API; throws with the answer when it is not a 2xx. */
export async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(data)}`);
  return data;
}

type Session = { session_id: string; user: Record<string, unknown> };

/** A verified manager with one location, made through the public API as a real sign-up would. */
export async function managerWithLocation(name = "Olivia Bennett", locationName = "Deptford Bakery") {
  const email = uniqueEmail("manager");
  await call("POST", "/auth/signup", { name, email, password: PASSWORD, confirm_password: PASSWORD });
  const session = await call<Session>("POST", "/auth/verify-email", {
    email,
    verification_code: await codeFor(email),
  });
  const { location_id } = await call<{ location_id: string }>(
    "POST",
    "/manager/locations",
    { name: locationName },
    session.session_id,
  );
  return {
    email,
    session,
    locationId: location_id,
    addEmployee: (first_name: string, last_name: string, pin: string) =>
      call<{ employee: { id: string; username: string } }>(
        "POST",
        `/manager/employees/${location_id}`,
        { first_name, last_name, pin },
        session.session_id,
      ),
  };
}

/** Opens the dashboard already signed in (the stored session is verified at load, as for a returning manager). */
export async function openDashboard(page: Page, session: Session) {
  await page.goto("/");
  await page.evaluate((stored) => {
    localStorage.setItem("clocked.manager_session", JSON.stringify({ ...stored, signed_in_at: 0 }));
  }, session);
  await page.goto("/manager-dashboard");
  await page.getByRole("tab", { name: "Live Status" }).waitFor();
}

/** The seeded demo manager (scripts/seed/demo.mjs): Pro, "Camden High Street", 8 staff, two weeks of punches. */
export async function demoManager() {
  return call<Session>("POST", "/auth/login", { email_or_name: "demo@clocked.test", password: "Demo!2026" });
}

/**
 * The demo has staff in only during the shop's opening hours (scripts/seed/demo-plan.ts): a test that needs
 * someone in at any hour checks Grace in at the kiosk (a second call finds her in already).
 */
export async function demoStaffIn() {
  const session = await demoManager();
  const { locations } = await call<{ locations: { id: string }[] }>(
    "GET",
    "/manager/locations",
    undefined,
    session.session_id,
  );
  const locationId = locations[0]?.id ?? "";
  const live = await call<{ kpis: { employees_checked_in: number } }>(
    "GET",
    `/manager/live-status/${locationId}`,
    undefined,
    session.session_id,
  );
  if (live.kpis.employees_checked_in === 0) {
    await call("POST", `/kiosk/submit/${locationId}`, {
      username: "gracep",
      pin: "7777",
      action: "check_in",
    });
  }
  return session;
}
