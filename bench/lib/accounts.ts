// Accounts, locations and employees made through the public API, as a real manager would:
// sign-up → the dev outbox's code → verify; Business through the billing sandbox (no plan limits).
import { BENCH_SECRETS } from "./server.ts";

export type Call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => Promise<T>;

export function apiClient(url: string, token?: string): Call {
  return async <T>(method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(`${url}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  };
}

const PASSWORD = "Clocked!2026";

export type Manager = { email: string; token: string; call: Call };

/** A verified manager on the Business plan (unlimited locations, 150 employees each). */
export async function businessManager(url: string): Promise<Manager> {
  const anonymous = apiClient(url);
  const email = `bench.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.co.uk`;
  await anonymous("POST", "/auth/signup", {
    name: "Bench Manager",
    email,
    password: PASSWORD,
    confirm_password: PASSWORD,
  });
  const { messages } = await anonymous<{ messages: { code: string | null }[] }>(
    "GET",
    `/dev/outbox?email=${encodeURIComponent(email)}`,
  );
  const code = messages[0]?.code;
  if (!code) throw new Error(`No verification code in the dev outbox for ${email}`);
  const { session_id: token } = await anonymous<{ session_id: string }>("POST", "/auth/verify-email", {
    email,
    verification_code: code,
  });
  const call = apiClient(url, token);
  const change = await call<{ url: string }>("POST", "/user/subscription/change-plan", {
    action: "change",
    new_plan: "business",
  });
  const checkoutId = new URL(change.url, url).searchParams.get("checkout");
  if (!checkoutId) throw new Error(`No sandbox checkout in ${change.url}`);
  await call("POST", "/billing/sandbox/complete", { checkout_id: checkoutId });
  return { email, token, call };
}

export async function addLocation(manager: Manager, name: string): Promise<string> {
  return (await manager.call<{ location_id: string }>("POST", "/manager/locations", { name })).location_id;
}

export type Employee = { id: string; username: string; pin: string };

/** `count` employees with distinct names and PINs, created a few at a time. */
export async function addEmployees(manager: Manager, locationId: string, count: number, tag = "S") {
  const employees: Employee[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, i) => start + i);
    employees.push(
      ...(await Promise.all(
        batch.map(async (n) => {
          const pin = String(1000 + ((n * 7919) % 9000));
          const { employee } = await manager.call<{ employee: { id: string; username: string } }>(
            "POST",
            `/manager/employees/${locationId}`,
            { first_name: `Staff${tag}${n}`, last_name: `Bench${n}`, pin },
          );
          return { id: employee.id, username: employee.username, pin };
        }),
      )),
    );
  }
  return employees;
}

/** Signs in as the benchmark server's super admin (bench/lib/server.ts gives every server the same one). */
export async function superAdmin(url: string): Promise<Call> {
  const { session_id } = await apiClient(url)<{ session_id: string }>(
    "POST",
    "/super-admin/login",
    BENCH_SECRETS.superAdmin,
  );
  return apiClient(url, session_id);
}

/** Copies what was seeded straight into D1's attendance_sessions into the hubs (the documented move). */
export async function backfillHubs(url: string) {
  return (await superAdmin(url))<{ locations: number; sessions_copied: number }>(
    "POST",
    "/super-admin/backfill-hubs",
  );
}
