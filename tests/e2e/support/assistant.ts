import { call } from "./accounts";
import { baseUrl } from "./browser";

// API steps for the assistant's browser tests: a Pro manager through the billing sandbox, a kiosk check-in.

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
