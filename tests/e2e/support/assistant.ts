import { baseUrl } from "./browser";

// API steps for the assistant's browser tests: a Pro manager through the billing sandbox, a kiosk check-in.

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
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

/** Change plan to Pro and complete the sandbox checkout (the 3-day trial); answers the fresh saved user. */
export async function upgradeToPro(token: string) {
  const { url } = await call<{ url: string }>(
    "POST",
    "/user/subscription/change-plan",
    { action: "change", new_plan: "pro" },
    token,
  );
  const checkout_id = new URL(url, baseUrl()).searchParams.get("checkout");
  await call("POST", "/billing/sandbox/complete", { checkout_id }, token);
  return (await call<{ user: Record<string, unknown> }>("GET", "/user/me", undefined, token)).user;
}

export const checkInAtKiosk = (locationId: string, username: string, pin: string) =>
  call<{ success: boolean; message: string }>("POST", `/kiosk/submit/${locationId}`, {
    username,
    pin,
    action: "check_in",
  });
