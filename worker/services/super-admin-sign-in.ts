import type { Context } from "hono";
import { INVALID_SUPER_ADMIN } from "../contracts/super-admin";
import { createSuperAdminSession } from "../db/super-admin-sessions";
import { clientAddress } from "../lib/config";
import { constantTimeEqual, DUMMY_PASSWORD_HASH, verifyPassword } from "../lib/crypto";
import { ApiError, unauthorized } from "../lib/errors";
import { assertUnderLimit, clearLimit, hit } from "../lib/rate-limit";
import type { AppEnv } from "../types";
import { THROTTLED } from "./sign-in";

// The super admin's credentials are secrets (SUPER_ADMIN_USERNAME, SUPER_ADMIN_PASSWORD_HASH), in every
// environment: there is no built-in default. `npm run dev` writes local ones to .dev.vars.

/** Failures per client address, in 15-minute windows: a handful of typos, not a guessing run. */
export const SUPER_ADMIN_LOGIN_WINDOW = { limit: 5, windowMs: 15 * 60_000 };

type Credentials = { username: string; passwordHash: string };

export function superAdminCredentials(env: Env): Credentials | null {
  if (env.SUPER_ADMIN_USERNAME && env.SUPER_ADMIN_PASSWORD_HASH) {
    return { username: env.SUPER_ADMIN_USERNAME, passwordHash: env.SUPER_ADMIN_PASSWORD_HASH };
  }
  return null;
}

export async function superAdminSignIn(c: Context<AppEnv>, username: string, password: string) {
  const credentials = superAdminCredentials(c.env);
  if (!credentials) {
    console.error(
      "Super admin sign-in is not configured: set SUPER_ADMIN_USERNAME and SUPER_ADMIN_PASSWORD_HASH",
    );
    throw new ApiError(503, "Super admin sign-in is not configured.");
  }
  const db = c.get("db");
  const key = `super-admin-login:${clientAddress(c.req.raw.headers)}`;
  await assertUnderLimit(db, key, SUPER_ADMIN_LOGIN_WINDOW, THROTTLED);
  // The hash is checked whatever the username, so timing does not tell a right username from a wrong one.
  const nameMatches = constantTimeEqual(username, credentials.username);
  const passwordMatches = await verifyPassword(
    password,
    nameMatches ? credentials.passwordHash : DUMMY_PASSWORD_HASH,
  );
  if (!nameMatches || !passwordMatches) {
    await hit(db, key, SUPER_ADMIN_LOGIN_WINDOW);
    throw unauthorized(INVALID_SUPER_ADMIN);
  }
  await clearLimit(db, key);
  return createSuperAdminSession(db, credentials.username);
}
