import { Hono } from "hono";
import {
  STAFF_CODE_DAILY_LIMIT,
  STAFF_CODE_INVALID,
  STAFF_CODE_SENT,
  STAFF_CODE_TOO_MANY_TRIES,
  type StaffSignInStartResponse,
  type StaffSignInVerifyResponse,
  staffSignInStartRequest,
  staffSignInVerifyRequest,
} from "../../contracts/staff";
import {
  PASSKEY_THROTTLED,
  type PasskeySignInOptions,
  passkeySignInRequest,
} from "../../contracts/staff-passkeys";
import { hit } from "../../db/rate-limits";
import { createStaffSession, issueStaffCode, staffByEmail, useStaffCode } from "../../db/staff-sessions";
import { appSecret, clientAddress } from "../../lib/config";
import { badRequest, describeError, tooManyRequests } from "../../lib/errors";
import { jsonBody, noBody } from "../../lib/validate";
import { mailerFor } from "../../services/email";
import { staffCodeEmail } from "../../services/staff-email";
import { relyingParty, signInOptions, verifiedSignIn } from "../../services/staff-passkeys";
import type { AppEnv } from "../../types";

// Staff sign-in by a code e-mailed to them (docs/staff-app.md). Mounted at /api/staff ahead of the guarded
// staff routes: these need no session.

/** One code a minute per address; codes asked for from one client address, per hour. */
const RESEND_WINDOW = { limit: 1, windowMs: 60_000 };
const STARTS_PER_ADDRESS = { limit: 30, windowMs: 60 * 60_000 };
const THROTTLED = "Too many codes asked for from this network. Please wait a few minutes and try again.";
/** Passkey sign-ins (options and answers together) from one client address, per ten minutes. */
const PASSKEY_TRIES_PER_ADDRESS = { limit: 60, windowMs: 10 * 60_000 };

async function throttlePasskeys(db: AppEnv["Variables"]["db"], headers: Headers) {
  const tried = await hit(db, `staff-passkey:${clientAddress(headers)}`, PASSKEY_TRIES_PER_ADDRESS);
  if (!tried.allowed) throw tooManyRequests(PASSKEY_THROTTLED, tried.retryAfter);
}

export const staffAuthRoutes = new Hono<AppEnv>()
  .post("/auth/start", jsonBody(staffSignInStartRequest), async (c) => {
    const { email } = c.req.valid("json");
    const db = c.get("db");
    // Checked before anything is written: no secret or no e-mail service is a 503 with nothing left behind.
    const secret = appSecret(c.env);
    const mailer = mailerFor(c.env, db);
    const fromHere = await hit(
      db,
      `staff-start-address:${clientAddress(c.req.raw.headers)}`,
      STARTS_PER_ADDRESS,
    );
    if (!fromHere.allowed) throw tooManyRequests(THROTTLED, fromHere.retryAfter);
    // Everything that depends on whether the address is staff happens after the answer has gone: the same
    // status, body and timing for every address. A repeat within the minute sends nothing new.
    c.executionCtx.waitUntil(
      (async () => {
        const [staff] = await staffByEmail(db, email);
        if (!staff || !(await hit(db, `staff-code:${email}`, RESEND_WINDOW)).allowed) return;
        const code = await issueStaffCode(db, secret, email);
        await mailer.send({ to: email, ...staffCodeEmail(staff.firstName, code) });
      })().catch((error) =>
        console.error(`staff sign-in code (${c.get("requestId")}): ${describeError(error)}`),
      ),
    );
    return c.json<StaffSignInStartResponse>({ message: STAFF_CODE_SENT }, 202);
  })

  .post("/auth/verify", jsonBody(staffSignInVerifyRequest), async (c) => {
    const { email, code } = c.req.valid("json");
    const db = c.get("db");
    const check = await useStaffCode(db, appSecret(c.env), email, code);
    if (typeof check === "object") throw tooManyRequests(STAFF_CODE_DAILY_LIMIT, check.retryAfter);
    if (check === "too_many_attempts") throw badRequest(STAFF_CODE_TOO_MANY_TRIES);
    if (check !== "ok") throw badRequest(STAFF_CODE_INVALID);
    // Archived or removed in the ten minutes since: the code no longer signs anyone in.
    const [staff] = await staffByEmail(db, email);
    if (!staff) throw badRequest(STAFF_CODE_INVALID);
    return c.json<StaffSignInVerifyResponse>({ session_id: await createStaffSession(db, staff.id) });
  })

  // Passkeys: the phone's fingerprint or face instead of a code. The passkey names its owner, who must still
  // be allowed to sign in (staffByEmail's rules, checked again as it is read).
  .post("/auth/passkey/options", noBody, async (c) => {
    const db = c.get("db");
    const rp = relyingParty(c.env, c.req.url);
    await throttlePasskeys(db, c.req.raw.headers);
    return c.json<PasskeySignInOptions>(await signInOptions(db, rp));
  })

  .post("/auth/passkey/verify", jsonBody(passkeySignInRequest), async (c) => {
    const db = c.get("db");
    const rp = relyingParty(c.env, c.req.url);
    await throttlePasskeys(db, c.req.raw.headers);
    const employeeId = await verifiedSignIn(db, rp, c.req.valid("json"));
    return c.json<StaffSignInVerifyResponse>({ session_id: await createStaffSession(db, employeeId) });
  });
