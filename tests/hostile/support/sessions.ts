import { env } from "cloudflare:workers";
import { createSession } from "../../../worker/db/accounts";
import { getDb } from "../../../worker/db/client";
import { sha256Hex } from "../../../worker/lib/crypto";
import { api } from "../../support/api";
import { findRoute } from "./routes";

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

/**
 * The super admin's session, once the product has /api/super-admin/login: signed in with the
 * credentials the test configuration binds (SUPER_ADMIN_USERNAME, SUPER_ADMIN_PASSWORD). Until the
 * route exists nothing calls this.
 */
export async function superAdminSession(): Promise<string> {
  const login = findRoute("POST", "/api/super-admin/login");
  if (!login) throw new Error("super admin routes exist but POST /api/super-admin/login does not");
  const username: unknown = Reflect.get(env, "SUPER_ADMIN_USERNAME");
  const password: unknown = Reflect.get(env, "SUPER_ADMIN_PASSWORD");
  if (typeof username !== "string" || typeof password !== "string") {
    throw new Error(
      "Bind SUPER_ADMIN_USERNAME and SUPER_ADMIN_PASSWORD (the plain test password) in vitest.config.ts so the hostile suite can sign in as the super admin",
    );
  }
  const answer = await api("POST", login.path, { body: { username, password } });
  if (answer.status !== 200 || typeof answer.body.session_id !== "string") {
    throw new Error(`super admin login: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body.session_id;
}
