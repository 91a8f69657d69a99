import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FORGOT_PASSWORD_MESSAGE } from "../../worker/contracts/auth";
import { api, latestCode, outboxCount, STRONG_PASSWORD, uniqueEmail } from "../support/api";

const signup = (overrides: Record<string, unknown> = {}) =>
  api("POST", "/api/auth/signup", {
    body: {
      name: "Priya Patel",
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
      ...overrides,
    },
  });

describe("sign-up validation (the product's messages)", () => {
  it.each([
    [{ name: "" }, "Full name is required"],
    [{ name: "   " }, "Full name is required"],
    [{ name: "Priya" }, "Please enter your full name (first and last name)"],
    [{ name: "P Patel" }, "Each name must be at least 2 characters long"],
    [{ email: "" }, "Email is required"],
    [{ email: "priya@" }, "Please enter a valid email address"],
    [{ email: "not an email" }, "Please enter a valid email address"],
    [{ password: "short1!A", confirm_password: "short1!B" }, "Passwords do not match"],
    [
      { password: "alllowercase1!", confirm_password: "alllowercase1!" },
      "Password must meet all requirements.",
    ],
    [{ password: "NoDigits!!", confirm_password: "NoDigits!!" }, "Password must meet all requirements."],
    [{ password: "NoSpecial123", confirm_password: "NoSpecial123" }, "Password must meet all requirements."],
    [{ password: "Sh0rt!", confirm_password: "Sh0rt!" }, "Password must meet all requirements."],
  ])("refuses %j with %s", async (overrides, detail) => {
    const response = await signup(overrides);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail });
  });

  it("answers malformed JSON, wrong types and unknown fields with a 400 detail, never a 500", async () => {
    const malformed = await api("POST", "/api/auth/signup", {
      rawBody: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toBe("Malformed JSON in request body");

    const wrongType = await signup({ name: 42 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.detail).toBe("Full name is required");

    const extra = await signup({ is_vip: true });
    expect(extra.status).toBe(400);
    expect(extra.body.detail).toBe("Unexpected field: is_vip");

    const array = await api("POST", "/api/auth/signup", { body: [1, 2] });
    expect(array.status).toBe(400);
    expect(typeof array.body.detail).toBe("string");
  });
});

describe("sign-up and e-mail verification", () => {
  it("e-mails a 6-digit code that opens a Starter session once verified", async () => {
    const email = uniqueEmail();
    const created = await signup({ email: email.toUpperCase() });
    expect(created.status).toBe(200);
    expect(created.body.message).toMatch(/verification code/);

    const code = await latestCode(email);
    expect(code).toMatch(/^\d{6}$/);

    const verified = await api("POST", "/api/auth/verify-email", {
      body: { email, verification_code: code },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.plan).toBe("starter");
    const token = verified.body.session_id as string;
    expect(token.length).toBeGreaterThanOrEqual(22);

    const locations = await api("GET", "/api/manager/locations", { token });
    expect(locations.status).toBe(200);
    expect(locations.body).toEqual({ locations: [] });
  });

  it("stores only a hash of the code", async () => {
    const email = uniqueEmail();
    await signup({ email });
    const code = await latestCode(email);
    const rows = await env.DB.prepare("SELECT code_hash FROM verification_codes").all<{
      code_hash: string;
    }>();
    expect(rows.results.length).toBeGreaterThan(0);
    for (const row of rows.results) expect(row.code_hash).not.toContain(code);
  });

  it("refuses a wrong code, and after 5 wrong tries refuses the right one too", async () => {
    const email = uniqueEmail();
    await signup({ email });
    const code = (await latestCode(email)) as string;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const attempt = await api("POST", "/api/auth/verify-email", {
        body: { email, verification_code: wrong },
      });
      expect(attempt.status).toBe(400);
      expect(attempt.body.detail).toBe("Invalid or expired code. Please try again.");
    }
    const right = await api("POST", "/api/auth/verify-email", { body: { email, verification_code: code } });
    expect(right.status).toBe(400);
    expect(right.body.detail).toBe("Too many incorrect attempts. Please request a new code.");
  });

  it("does not let parallel guesses share a try", async () => {
    const email = uniqueEmail();
    await signup({ email });
    const code = (await latestCode(email)) as string;
    const guesses = Array.from({ length: 30 }, (_, i) => String(i).padStart(6, "9")).filter(
      (g) => g !== code,
    );
    await Promise.all(
      guesses.map((guess) =>
        api("POST", "/api/auth/verify-email", { body: { email, verification_code: guess } }),
      ),
    );
    const row = await env.DB.prepare(
      "SELECT attempts FROM verification_codes JOIN users ON users.id = user_id WHERE email = ?",
    )
      .bind(email)
      .first<{ attempts: number }>();
    expect(row?.attempts).toBe(5);
  });

  it("refuses an expired code", async () => {
    const email = uniqueEmail();
    await signup({ email });
    const code = await latestCode(email);
    await env.DB.prepare(
      "UPDATE verification_codes SET expires_at = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)",
    )
      .bind(Date.now() - 1, email)
      .run();
    const late = await api("POST", "/api/auth/verify-email", { body: { email, verification_code: code } });
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe("Invalid or expired code. Please try again.");
  });

  it("accepts a code only once", async () => {
    const email = uniqueEmail();
    await signup({ email });
    const code = await latestCode(email);
    const first = await api("POST", "/api/auth/verify-email", { body: { email, verification_code: code } });
    const second = await api("POST", "/api/auth/verify-email", { body: { email, verification_code: code } });
    expect(first.status).toBe(200);
    expect(second.status).toBe(400);
  });

  it("requires the code to be 6 digits", async () => {
    const response = await api("POST", "/api/auth/verify-email", {
      body: { email: uniqueEmail(), verification_code: "12ab56" },
    });
    expect(response).toMatchObject({ status: 400, body: { detail: "Please enter a valid 6-digit code." } });
  });

  it("refuses a second account with a verified e-mail", async () => {
    const email = uniqueEmail();
    await signup({ email });
    const code = await latestCode(email);
    await api("POST", "/api/auth/verify-email", { body: { email, verification_code: code } });
    const again = await signup({ email });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe("An account with this email already exists. Please sign in instead.");
  });

  it("resends at most once a minute, with Retry-After, whether or not the account exists", async () => {
    const email = uniqueEmail();
    await signup({ email });
    const tooSoon = await api("POST", "/api/auth/resend-code", { body: { email } });
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(tooSoon.headers.get("Retry-After"))).toBeLessThanOrEqual(60);

    const stranger = uniqueEmail();
    expect((await api("POST", "/api/auth/resend-code", { body: { email: stranger } })).status).toBe(200);
    expect((await api("POST", "/api/auth/resend-code", { body: { email: stranger } })).status).toBe(429);

    // A minute later the window has passed: a new code replaces the old one.
    const firstCode = await latestCode(email);
    await env.DB.prepare("UPDATE rate_limits SET reset_at = ? WHERE key LIKE ?")
      .bind(Date.now() - 1, `%${email}`)
      .run();
    const later = await api("POST", "/api/auth/resend-code", { body: { email } });
    expect(later.status).toBe(200);
    expect(await outboxCount(email)).toBe(2);
    const newCode = await latestCode(email);
    expect(newCode).not.toBeNull();
    if (firstCode !== newCode) {
      const old = await api("POST", "/api/auth/verify-email", {
        body: { email, verification_code: firstCode },
      });
      expect(old.status).toBe(400);
    }
    const current = await api("POST", "/api/auth/verify-email", {
      body: { email, verification_code: newCode },
    });
    expect(current.status).toBe(200);
  });
});

describe("development outbox", () => {
  it("is a 404 outside development", async () => {
    const { app } = await import("../../worker/app");
    const production = { ...env, ENVIRONMENT: "production" };
    const response = await app.request(`/api/dev/outbox?email=${uniqueEmail()}`, {}, production);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: "Not found" });
  });

  it("keeps the forgot-password message for the spec text", () => {
    expect(FORGOT_PASSWORD_MESSAGE).toBe(
      "If an account with that email exists, we've sent you a 6-digit verification code.",
    );
  });
});
