import { Hono } from "hono";
import {
  type CheckResetCodeResponse,
  checkResetCodeRequest,
  emailOnlyRequest,
  FORGOT_PASSWORD_MESSAGE,
  type LoginResponse,
  loginRequest,
  type MessageResponse,
  resetPasswordRequest,
  signupRequest,
  type VerifyEmailResponse,
  verifyEmailRequest,
} from "../contracts/auth";
import { SOCKET_CLOSE } from "../contracts/socket-close";
import {
  type CodeCheck,
  type CodePurpose,
  checkCode,
  consumeCode,
  countRepeatSignup,
  createUnverifiedAccount,
  findUserByEmail,
  findUsersByName,
  issueCode,
  nameKey,
  resetPassword,
  verifyAccount,
} from "../db/accounts";
import type { Db } from "../db/client";
import { clearLimit, hit } from "../db/rate-limits";
import { appSecret, clientAddress } from "../lib/config";
import { hashPassword } from "../lib/crypto";
import { badRequest, describeError, tooManyRequests } from "../lib/errors";
import { jsonBody } from "../lib/validate";
import { codeEmail, type Mailer, mailerFor } from "../services/email";
import { disconnectSessions } from "../services/location-hubs";
import { signedInAnswer, signIn } from "../services/sign-in";
import type { AppEnv } from "../types";

const INVALID_CODE = "Invalid or expired code. Please try again.";
const TOO_MANY_TRIES = "Too many incorrect attempts. Please request a new code.";
const DAILY_CODE_LIMIT = "Too many incorrect codes for this account today. Please try again tomorrow.";
const PASSWORD_NEEDED =
  "This address was signed up for more than once. Please enter the password you chose with the code.";
const RESEND_WINDOW = { limit: 1, windowMs: 60_000 };
const FORGOT_PER_ADDRESS = { limit: 20, windowMs: 60 * 60_000 };

const resendKey = (purpose: CodePurpose, email: string) => `code:${purpose}:${email}`;

/**
 * What sending a code needs, checked before anything is written: a missing secret or e-mail service is a
 * 503 with no account or code left behind.
 */
function codeSender(env: Env, db: Db) {
  const secret = appSecret(env);
  const mailer: Mailer = mailerFor(env, db);
  return async (email: string, userId: string, purpose: CodePurpose) => {
    const code = await issueCode(db, secret, userId, purpose);
    await mailer.send({ to: email, ...codeEmail(purpose, code) });
  };
}

function assertCodeAccepted(check: CodeCheck) {
  if (typeof check === "object") throw tooManyRequests(DAILY_CODE_LIMIT, check.retryAfter);
  if (check === "too_many_attempts") throw badRequest(TOO_MANY_TRIES);
  if (check !== "ok") throw badRequest(INVALID_CODE);
}

/** The account a reset code was sent to; anything else (no account, a closed one) is a wrong code. */
async function resettableAccount(db: Db, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user || user.closedAt) throw badRequest(INVALID_CODE);
  return user;
}

/** The address stays taken until the daily job has deleted the closed account (within 30 days). */
const CLOSED_SIGNUP =
  "The account for this email has been closed. Its data is deleted within 30 days of closing; you can sign up again after that.";

export const authRoutes = new Hono<AppEnv>()
  .post("/signup", jsonBody(signupRequest), async (c) => {
    const { name, email, password } = c.req.valid("json");
    const db = c.get("db");
    const sendCode = codeSender(c.env, db);
    const existing = await findUserByEmail(db, email);
    if (existing?.closedAt) throw badRequest(CLOSED_SIGNUP);
    if (existing?.emailVerifiedAt) {
      throw badRequest("An account with this email already exists. Please sign in instead.");
    }
    const throttle = await hit(db, resendKey("verify_email", email), RESEND_WINDOW);
    if (!throttle.allowed)
      throw tooManyRequests("Please wait before requesting another code.", throttle.retryAfter);

    let userId: string | null | undefined = existing?.id;
    if (userId) {
      // A repeat for an unverified address changes nothing the verified account will have: not the
      // password (someone else may be typing it), not the name. It sends a new code, and from now on
      // verification must carry the verifier's own password.
      await countRepeatSignup(db, userId);
    } else {
      const passwordHash = await hashPassword(password);
      userId = await createUnverifiedAccount(db, { name, email, passwordHash });
      if (!userId) {
        throw badRequest(
          "A sign-up for this email is already in progress. Please check your inbox for the code.",
        );
      }
    }
    await sendCode(email, userId, "verify_email");
    return c.json<MessageResponse>({
      message: "Account created. We've sent a 6-digit verification code to your email.",
    });
  })

  .post("/verify-email", jsonBody(verifyEmailRequest), async (c) => {
    const { email, verification_code, password } = c.req.valid("json");
    const db = c.get("db");
    const user = await findUserByEmail(db, email);
    if (!user || user.emailVerifiedAt) throw badRequest(INVALID_CODE);
    // Whoever proves they own the mailbox sets the password, as a reset would; after more than one
    // sign-up, the stored one may be a stranger's, so the verifier must say theirs.
    if (!password && user.signupCount > 1) throw badRequest(PASSWORD_NEEDED);
    assertCodeAccepted(await consumeCode(db, appSecret(c.env), user.id, "verify_email", verification_code));

    const now = Date.now();
    const passwordHash = password ? await hashPassword(password) : user.passwordHash;
    const sessionId = await verifyAccount(db, user.id, passwordHash, now);
    const answer = await signedInAnswer(db, { ...user, emailVerifiedAt: now });
    return c.json<VerifyEmailResponse>({ session_id: sessionId, plan: answer.user.plan, ...answer });
  })

  .post("/resend-code", jsonBody(emailOnlyRequest), async (c) => {
    const { email } = c.req.valid("json");
    const db = c.get("db");
    const sendCode = codeSender(c.env, db);
    // Throttled per address whether or not an account exists, so the answer reveals nothing.
    const throttle = await hit(db, resendKey("verify_email", email), RESEND_WINDOW);
    if (!throttle.allowed)
      throw tooManyRequests("Please wait before requesting another code.", throttle.retryAfter);
    const user = await findUserByEmail(db, email);
    if (user && !user.emailVerifiedAt) await sendCode(email, user.id, "verify_email");
    return c.json<MessageResponse>({
      message: "If that account is waiting for verification, we've sent a new 6-digit code.",
    });
  })

  .post("/forgot-password", jsonBody(emailOnlyRequest), async (c) => {
    const { email } = c.req.valid("json");
    const db = c.get("db");
    // Configuration is checked for every address alike, so a 503 says nothing about the account.
    const sendCode = codeSender(c.env, db);
    const perAddress = await hit(db, `forgot:${clientAddress(c.req.raw.headers)}`, FORGOT_PER_ADDRESS);
    if (!perAddress.allowed)
      throw tooManyRequests("Too many requests. Please try again later.", perAddress.retryAfter);
    // Everything that depends on whether the account exists happens after the answer has gone:
    // same status, body and timing for every address.
    c.executionCtx.waitUntil(
      (async () => {
        const user = await findUserByEmail(db, email);
        if (!user || user.closedAt) return;
        const throttle = await hit(db, resendKey("reset_password", email), RESEND_WINDOW);
        if (throttle.allowed) await sendCode(email, user.id, "reset_password");
      })().catch((error) =>
        console.error(`forgot-password (${c.get("requestId")}): ${describeError(error)}`),
      ),
    );
    return c.json<MessageResponse>({ message: FORGOT_PASSWORD_MESSAGE });
  })

  /**
   * The forgot-password modal's "Set New Password" step: is the code right? It is left unused for the
   * reset itself. Every refusal is the reset's own, and a wrong code costs the same tries.
   */
  .post("/check-reset-code", jsonBody(checkResetCodeRequest), async (c) => {
    const { email, verification_code } = c.req.valid("json");
    const db = c.get("db");
    const user = await resettableAccount(db, email);
    assertCodeAccepted(await checkCode(db, appSecret(c.env), user.id, "reset_password", verification_code));
    return c.json<CheckResetCodeResponse>({ valid: true });
  })

  .post("/reset-password", jsonBody(resetPasswordRequest), async (c) => {
    const { email, verification_code, new_password } = c.req.valid("json");
    const db = c.get("db");
    const user = await resettableAccount(db, email);
    assertCodeAccepted(await consumeCode(db, appSecret(c.env), user.id, "reset_password", verification_code));

    const passwordHash = await hashPassword(new_password);
    // A reset signs every device out: whoever knew the old password loses their session too.
    const ended = await resetPassword(db, user, passwordHash);
    await clearLimit(db, `login:${email}`);
    // The person's own dashboards, at their account's locations (a team member's account is its owner's).
    await disconnectSessions(c.env, db, user.accountId ?? user.id, ended, SOCKET_CLOSE.signedOut);
    return c.json<MessageResponse>({
      message: "Your password has been reset. Please sign in with your new password.",
    });
  })

  .post("/login", jsonBody(loginRequest), async (c) => {
    const { email_or_name, password } = c.req.valid("json");
    const db = c.get("db");
    const byEmail = email_or_name.includes("@");
    const entry = email_or_name.toLowerCase();
    return c.json<LoginResponse>(
      await signIn(db, clientAddress(c.req.raw.headers), {
        throttleKey: `login:${byEmail ? entry : nameKey(entry)}`,
        password,
        candidates: () =>
          byEmail ? findUserByEmail(db, entry).then((u) => (u ? [u] : [])) : findUsersByName(db, entry),
        failure: byEmail ? "Invalid email or password" : "Invalid name or password",
      }),
    );
  });
