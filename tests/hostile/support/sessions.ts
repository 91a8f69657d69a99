import { env } from "cloudflare:workers";
import { createSession } from "../../../worker/db/accounts";
import { getDb } from "../../../worker/db/client";
import { createStaffSession } from "../../../worker/db/staff-sessions";
import { sha256Hex } from "../../../worker/lib/crypto";
import { api } from "../../support/api";
import { superAdminToken } from "../../support/super-admin";

/** A session of the user whose expiry has passed (the row is still there, as it would be in production). */
export async function expiredSession(userId: string): Promise<string> {
  const token = await createSession(getDb(env.DB), userId);
  await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE token_hash = ?")
    .bind(Date.now() - 1, await sha256Hex(token))
    .run();
  return token;
}

/** A session the user signed out of. */
export async function revokedSession(userId: string): Promise<string> {
  const token = await createSession(getDb(env.DB), userId);
  const logout = await api("POST", "/api/manager/logout", { token });
  if (logout.status !== 200) throw new Error(`logout: ${JSON.stringify(logout.body)}`);
  return token;
}

/** A kiosk device's token after the manager unpaired it. */
export async function unpairedDeviceToken(managerToken: string, locationId: string): Promise<string> {
  const paired = await api("POST", `/api/manager/kiosk-devices/${locationId}`, {
    token: managerToken,
    body: { label: "Old tablet" },
  });
  const revoked = await api("DELETE", `/api/manager/kiosk-devices/${locationId}/${paired.body.device_id}`, {
    token: managerToken,
  });
  if (revoked.status !== 200) throw new Error(`unpair: ${JSON.stringify(revoked.body)}`);
  return String(paired.body.token);
}

/** The super admin's session: signed in with the development defaults, as tests/support does. */
export const superAdminSession = () => superAdminToken();

/** A staff session whose 60 days have passed (the row is still there). */
export async function expiredStaffSession(employeeId: string): Promise<string> {
  const token = await createStaffSession(getDb(env.DB), employeeId);
  await env.DB.prepare("UPDATE staff_sessions SET expires_at = ? WHERE token_hash = ?")
    .bind(Date.now() - 1, await sha256Hex(token))
    .run();
  return token;
}

/** A staff session the staff member signed out of. */
export async function signedOutStaffSession(employeeId: string): Promise<string> {
  const token = await createStaffSession(getDb(env.DB), employeeId);
  const logout = await api("POST", "/api/staff/auth/logout", { token });
  if (logout.status !== 200) throw new Error(`staff logout: ${JSON.stringify(logout.body)}`);
  return token;
}
