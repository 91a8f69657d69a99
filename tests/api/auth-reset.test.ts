import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FORGOT_PASSWORD_MESSAGE } from "../../worker/contracts/auth";
import { CODE_FAILURES_PER_DAY, CODE_MAX_ATTEMPTS } from "../../worker/db/accounts";
import {
  api,
  client,
  createManager,
  latestCode,
  outboxCount,
  STRONG_PASSWORD,
  uniqueEmail,
} from "../support/api";

const NEW_PASSWORD = "Fresh&Start42";

async function requestReset(email: string) {
  const response = await api("POST", "/api/auth/forgot-password", { body: { email } });
  expect(response.status).toBe(200);
  return response;
}

describe("forgot password", () => {
  it("answers known and unknown addresses identically, and e-mails only the known one", async () => {
    const manager = await createManager();
    const stranger = uniqueEmail();
    const known = await requestReset(manager.email);
    const unknown = await requestReset(stranger);
    expect(known.body).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(unknown.body).toEqual(known.body);
    expect([...unknown.headers.keys()].sort()).toEqual([...known.headers.keys()].sort());

    expect(await latestCode(manager.email)).toMatch(/^\d{6}$/);
    expect(await latestCode(stranger, 300)).toBeNull();
  });

  it("resets the password, signs out every session and lets the new password in", async () => {
    const manager = await createManager();
    await requestReset(manager.email);
    const code = await latestCode(manager.email);
    const reset = await api("POST", "/api/auth/reset-password", {
      body: { email: manager.email.toUpperCase(), verification_code: code, new_password: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);

    expect((await api("GET", "/api/manager/locations", { token: manager.token })).status).toBe(401);
    const oldPassword = await api("POST", "/api/auth/login", {
      body: { email_or_name: manager.email, password: STRONG_PASSWORD },
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await api("POST", "/api/auth/login", {
      body: { email_or_name: manager.email, password: NEW_PASSWORD },
    });
    expect(newPassword.status).toBe(200);

    const reused = await api("POST", "/api/auth/reset-password", {
      body: { email: manager.email, verification_code: code, new_password: "Another!Pass9" },
    });
    expect(reused).toMatchObject({
      status: 400,
      body: { detail: "Invalid or expired code. Please try again." },
    });
  });

  it("refuses a weak new password, a mismatched confirmation and an expired code", async () => {
    const manager = await createManager();
    await requestReset(manager.email);
    const code = await latestCode(manager.email);
    const weak = await api("POST", "/api/auth/reset-password", {
      body: { email: manager.email, verification_code: code, new_password: "weakpass" },
    });
    expect(weak).toMatchObject({ status: 400, body: { detail: "Password must meet all requirements." } });
    const mismatch = await api("POST", "/api/auth/reset-password", {
      body: {
        email: manager.email,
        verification_code: code,
        new_password: NEW_PASSWORD,
        confirm_password: "x",
      },
    });
    expect(mismatch).toMatchObject({ status: 400, body: { detail: "Passwords do not match." } });

    await env.DB.prepare("UPDATE verification_codes SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, manager.id)
      .run();
    const expired = await api("POST", "/api/auth/reset-password", {
      body: { email: manager.email, verification_code: code, new_password: NEW_PASSWORD },
    });
    expect(expired).toMatchObject({
      status: 400,
      body: { detail: "Invalid or expired code. Please try again." },
    });
  });

  it("stops after 5 wrong codes", async () => {
    const manager = await createManager();
    await requestReset(manager.email);
    const code = (await latestCode(manager.email)) as string;
    const wrong = code === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++) {
      await api("POST", "/api/auth/reset-password", {
        body: { email: manager.email, verification_code: wrong, new_password: NEW_PASSWORD },
      });
    }
    const right = await api("POST", "/api/auth/reset-password", {
      body: { email: manager.email, verification_code: code, new_password: NEW_PASSWORD },
    });
    expect(right).toMatchObject({
      status: 400,
      body: { detail: "Too many incorrect attempts. Please request a new code." },
    });
  });

  it("sends at most one code a minute per address, silently", async () => {
    const manager = await createManager();
    await requestReset(manager.email);
    await latestCode(manager.email);
    const again = await requestReset(manager.email);
    expect(again.body).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await outboxCount(manager.email)).toBe(1);
  });
});

describe("checking a reset code before the new password (the modal's 'Set New Password' step)", () => {
  const INVALID_CODE = "Invalid or expired code. Please try again.";
  const TOO_MANY_TRIES = "Too many incorrect attempts. Please request a new code.";

  // A client address of its own: these tests ask for many codes, past the per-address throttle of the others.
  const call = client();
  const check = (email: string, verification_code: unknown) =>
    call("POST", "/api/auth/check-reset-code", { body: { email, verification_code } });
  const reset = (email: string, verification_code: unknown) =>
    call("POST", "/api/auth/reset-password", {
      body: { email, verification_code, new_password: NEW_PASSWORD },
    });
  const askForCode = async (email: string) =>
    expect((await call("POST", "/api/auth/forgot-password", { body: { email } })).status).toBe(200);
  const wrongFor = (code: string) => (code === "123456" ? "654321" : "123456");

  async function withCode() {
    const manager = await createManager();
    await askForCode(manager.email);
    return { manager, code: (await latestCode(manager.email)) as string };
  }

  it("says a right code is valid, and leaves it for the reset", async () => {
    const { manager, code } = await withCode();
    expect(await check(manager.email.toUpperCase(), code)).toMatchObject({
      status: 200,
      body: { valid: true },
    });
    expect(await check(manager.email, code)).toMatchObject({ status: 200, body: { valid: true } });
    expect((await reset(manager.email, code)).status).toBe(200);
    // Used by the reset: now it is a wrong code like any other.
    expect(await check(manager.email, code)).toMatchObject({ status: 400, body: { detail: INVALID_CODE } });
  });

  it("answers a wrong, malformed or expired code exactly as the reset does", async () => {
    const { manager, code } = await withCode();
    const pairs: [string, unknown][] = [
      ["wrong", wrongFor(code)],
      ["malformed", "12ab"],
      ["missing", undefined],
    ];
    for (const [label, guess] of pairs) {
      const checked = await check(manager.email, guess);
      const asReset = await reset(manager.email, guess);
      expect({ label, status: checked.status, body: checked.body }).toEqual({
        label,
        status: asReset.status,
        body: asReset.body,
      });
      expect(checked.status).toBe(400);
    }
    await env.DB.prepare("UPDATE verification_codes SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, manager.id)
      .run();
    expect(await check(manager.email, code)).toMatchObject({ status: 400, body: { detail: INVALID_CODE } });
  });

  it("answers an unknown or closed account as a wrong code, so it tells no one which addresses exist", async () => {
    const closed = await withCode();
    await env.DB.prepare("UPDATE users SET closed_at = ? WHERE id = ?")
      .bind(Date.now(), closed.manager.id)
      .run();
    for (const email of [uniqueEmail("nobody"), closed.manager.email]) {
      const guess = email === closed.manager.email ? closed.code : "123456";
      expect(await check(email, guess)).toMatchObject({ status: 400, body: { detail: INVALID_CODE } });
    }
  });

  it(`spends the same ${CODE_MAX_ATTEMPTS} tries as the reset: wrong checks and wrong resets add up`, async () => {
    const { manager, code } = await withCode();
    const wrong = wrongFor(code);
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      const answer = i % 2 === 0 ? await check(manager.email, wrong) : await reset(manager.email, wrong);
      expect(answer).toMatchObject({ status: 400, body: { detail: INVALID_CODE } });
    }
    expect(await check(manager.email, code)).toMatchObject({ status: 400, body: { detail: TOO_MANY_TRIES } });
    expect(await reset(manager.email, code)).toMatchObject({ status: 400, body: { detail: TOO_MANY_TRIES } });
  });

  it("never uses up a try with the right code: after four wrong ones, checking it still leaves the reset its try", async () => {
    const { manager, code } = await withCode();
    for (let i = 0; i < CODE_MAX_ATTEMPTS - 1; i++) await check(manager.email, wrongFor(code));
    for (let i = 0; i < 3; i++) expect((await check(manager.email, code)).status).toBe(200);
    expect((await reset(manager.email, code)).status).toBe(200);
  });

  it(`counts wrong checks against the account's ${CODE_FAILURES_PER_DAY.limit} wrong codes a day`, async () => {
    const { manager } = await withCode();
    let wrong = 0;
    while (wrong < CODE_FAILURES_PER_DAY.limit) {
      // A fresh code each round (a minute apart), four wrong checks on each: the per-code cap never bites.
      const code = (await latestCode(manager.email)) as string;
      for (let i = 0; i < 4 && wrong < CODE_FAILURES_PER_DAY.limit; i++, wrong++) {
        expect((await check(manager.email, wrongFor(code))).status).toBe(400);
      }
      await env.DB.prepare("UPDATE rate_limits SET reset_at = ? WHERE key = ?")
        .bind(Date.now() - 1, `code:reset_password:${manager.email}`)
        .run();
      await askForCode(manager.email);
      await waitForNewCode(manager.email, code);
    }
    const code = (await latestCode(manager.email)) as string;
    for (const answer of [await check(manager.email, code), await reset(manager.email, code)]) {
      expect(answer).toMatchObject({
        status: 429,
        body: { detail: "Too many incorrect codes for this account today. Please try again tomorrow." },
      });
      expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(23 * 60 * 60);
    }
  });
});

/** The forgot-password e-mail goes out after the answer: waits until a code other than `previous` arrives. */
async function waitForNewCode(email: string, previous: string) {
  for (let i = 0; i < 60; i++) {
    if ((await latestCode(email)) !== previous) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("no new reset code arrived");
}
