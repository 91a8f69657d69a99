import type { Context } from "hono";
import { INVALID_SUPER_ADMIN, type SuperAdminLoginRequest } from "../contracts/super-admin";
import { createSuperAdminSession } from "../db/super-admin-sessions";
import { clientAddress } from "../lib/config";
import { constantTimeEqual, DUMMY_PASSWORD_HASH, verifyPassword } from "../lib/crypto";
import { ApiError, unauthorized } from "../lib/errors";
import { clearLimit, countAttempt, refund } from "../lib/rate-limit";
import type { AppEnv } from "../types";
import { THROTTLED } from "./sign-in";

// The super admin's credentials are secrets (SUPER_ADMIN_USERNAME, SUPER_ADMIN_PASSWORD_HASH), in every
// environment: there is no built-in default. `npm run dev` writes local ones to .dev.vars.

/** Attempts per client address, in 15-minute windows: a handful of typos, not a guessing run. */
export const SUPER_ADMIN_ADDRESS_WINDOW = { limit: 5, windowMs: 15 * 60_000 };
/** Attempts per username tried, whatever the address: guessing from many addresses stops here. */
export const SUPER_ADMIN_USERNAME_WINDOW = { limit: 10, windowMs: 15 * 60_000 };

const NOT_CONFIGURED = "Super admin sign-in is not configured.";

type Credentials = { username: string; passwordHash: string };

export function superAdminCredentials(env: Env): Credentials | null {
  if (env.SUPER_ADMIN_USERNAME && env.SUPER_ADMIN_PASSWORD_HASH) {
    return { username: env.SUPER_ADMIN_USERNAME, passwordHash: env.SUPER_ADMIN_PASSWORD_HASH };
  }
  return null;
}

export async function superAdminSignIn(
  c: Context<AppEnv>,
  { username, password }: SuperAdminLoginRequest,
  now = Date.now(),
) {
  const credentials = superAdminCredentials(c.env);
  if (!credentials) {
    console.error(
      "Super admin sign-in is not configured: set SUPER_ADMIN_USERNAME and SUPER_ADMIN_PASSWORD_HASH",
    );
    throw new ApiError(503, NOT_CONFIGURED);
  }
  const db = c.get("db");
  const addressKey = `super-admin-login:${clientAddress(c.req.raw.headers)}`;
  const usernameKey = `super-admin-username:${username.toLowerCase()}`;
  // Counted before anything is checked, so parallel guesses cannot slip past the limits.
  await countAttempt(
    db,
    [
      { key: usernameKey, window: SUPER_ADMIN_USERNAME_WINDOW },
      { key: addressKey, window: SUPER_ADMIN_ADDRESS_WINDOW },
    ],
    THROTTLED,
    now,
  );

  // The hash is checked whatever the username, so timing does not tell a right username from a wrong one.
  const nameMatches = constantTimeEqual(username, credentials.username);
  const passwordMatches = await verifyPassword(
    password,
    nameMatches ? credentials.passwordHash : DUMMY_PASSWORD_HASH,
  );
  if (!nameMatches || !passwordMatches) throw unauthorized(INVALID_SUPER_ADMIN);
  // The right credentials are not a failure: the username's run starts again and the address gets its try back.
  await clearLimit(db, usernameKey);
  await refund(db, addressKey);
  return createSuperAdminSession(db, credentials.username);
}
