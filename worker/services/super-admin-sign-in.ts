import { INVALID_SUPER_ADMIN, type SuperAdminLoginRequest } from "../contracts/super-admin";
import type { Db } from "../db/client";
import { claimOnce, clearLimit, limitStore, refund } from "../db/rate-limits";
import { createSuperAdminSession } from "../db/super-admin-sessions";
import { constantTimeEqual, DUMMY_PASSWORD_HASH, verifyPassword } from "../lib/crypto";
import { ApiError, unauthorized } from "../lib/errors";
import { countAttempt } from "../lib/rate-limit";
import { decodeBase32, matchingTotpStep, TOTP_MIN_SECRET_BYTES, totpStepExpiresAt } from "../lib/totp";
import { THROTTLED } from "./sign-in";

// The super admin's credentials are secrets (SUPER_ADMIN_USERNAME, SUPER_ADMIN_PASSWORD_HASH and, for
// two-step sign-in, SUPER_ADMIN_TOTP_SECRET), in every environment: there is no built-in default.
// `npm run dev` writes local ones to .dev.vars.

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

/** The TOTP secret's bytes when two-step sign-in is set up; a secret that is set but unusable is a 503. */
export function superAdminTotpSecret(env: Env): Uint8Array | null {
  const text = env.SUPER_ADMIN_TOTP_SECRET?.trim();
  if (!text) return null;
  const secret = decodeBase32(text);
  if (!secret || secret.byteLength < TOTP_MIN_SECRET_BYTES) {
    console.error(
      "SUPER_ADMIN_TOTP_SECRET is not base32 of at least 128 bits: make one with `npm run super-admin:totp`",
    );
    throw new ApiError(503, NOT_CONFIGURED);
  }
  return secret;
}

/** `address` is the client's address (lib/config.ts's clientAddress), counted against its own budget. */
export async function superAdminSignIn(
  env: Env,
  db: Db,
  address: string,
  { username, password, totp }: SuperAdminLoginRequest,
  now = Date.now(),
) {
  const credentials = superAdminCredentials(env);
  if (!credentials) {
    console.error(
      "Super admin sign-in is not configured: set SUPER_ADMIN_USERNAME and SUPER_ADMIN_PASSWORD_HASH",
    );
    throw new ApiError(503, NOT_CONFIGURED);
  }
  const totpSecret = superAdminTotpSecret(env);
  const addressKey = `super-admin-login:${address}`;
  const usernameKey = `super-admin-username:${username.toLowerCase()}`;
  // Counted before anything is checked, so parallel guesses cannot slip past the limits.
  await countAttempt(
    limitStore(db),
    [
      { key: usernameKey, window: SUPER_ADMIN_USERNAME_WINDOW },
      { key: addressKey, window: SUPER_ADMIN_ADDRESS_WINDOW },
    ],
    THROTTLED,
    now,
  );

  // The hash is checked whatever the username, and the code whatever the password, so timing does not
  // tell which part was wrong; every failure reads the same.
  const nameMatches = constantTimeEqual(username, credentials.username);
  const passwordMatches = await verifyPassword(
    password,
    nameMatches ? credentials.passwordHash : DUMMY_PASSWORD_HASH,
  );
  const step = totpSecret ? await matchingTotpStep(totpSecret, totp ?? "", now) : null;
  const codeMatches = !totpSecret || step !== null;
  if (!nameMatches || !passwordMatches || !codeMatches) throw unauthorized(INVALID_SUPER_ADMIN);
  // A code that has already opened a session is refused (RFC 6238 §5.2): one that was seen cannot be replayed.
  if (step !== null && !(await claimOnce(db, `super-admin-totp:${step}`, totpStepExpiresAt(step), now))) {
    throw unauthorized(INVALID_SUPER_ADMIN);
  }
  // The right credentials are not a failure: the username's run starts again and the address gets its try back.
  await clearLimit(db, usernameKey);
  await refund(db, addressKey);
  return createSuperAdminSession(db, credentials.username);
}
