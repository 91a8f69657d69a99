import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, client, createManager, STRONG_PASSWORD, signUpAndVerify, uniqueEmail } from "../support/api";

describe("sign-in", () => {
  it("signs in by e-mail, case-insensitively, with a fresh session each time", async () => {
    const manager = await createManager();
    const first = await api("POST", "/api/auth/login", {
      body: { email_or_name: manager.email.toUpperCase(), password: STRONG_PASSWORD },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      subscription_required: false,
      message: "Login successful",
      user: { email: manager.email, plan: "starter", subscription_status: "active", is_vip: false },
    });
    const second = await api("POST", "/api/auth/login", {
      body: { email_or_name: manager.email, password: STRONG_PASSWORD },
    });
    expect(second.body.session_id).not.toBe(first.body.session_id);
    expect(JSON.stringify(first.body)).not.toContain("password");
  });

  it("signs in by full name when exactly one account of that name has that password", async () => {
    const name = `Morgan Quist${crypto.randomUUID().slice(0, 4)}`;
    await createManager({ name });
    const byName = await api("POST", "/api/auth/login", {
      body: { email_or_name: `  ${name.toLowerCase()} `, password: STRONG_PASSWORD },
    });
    expect(byName.status).toBe(200);

    await createManager({ name });
    const ambiguous = await api("POST", "/api/auth/login", {
      body: { email_or_name: name, password: STRONG_PASSWORD },
    });
    expect(ambiguous.status).toBe(401);
    expect(ambiguous.body.detail).toBe(
      "More than one account has this name. Please sign in with your email address.",
    );
  });

  it("signs in by username through /api/manager/login", async () => {
    const manager = await createManager();
    const response = await api("POST", "/api/manager/login", {
      body: { username: manager.username, password: STRONG_PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, user: { username: manager.username } });
    const wrong = await api("POST", "/api/manager/login", {
      body: { username: manager.username, password: "Nope!123a" },
    });
    expect(wrong).toMatchObject({ status: 401, body: { detail: "Invalid username or password" } });
  });

  it("gives new accounts a username made from their name", async () => {
    const { email } = await signUpAndVerify("Sam O'Neill");
    const login = await api("POST", "/api/auth/login", {
      body: { email_or_name: email, password: STRONG_PASSWORD },
    });
    expect((login.body.user as { username: string }).username).toMatch(/^sam\.oneill\d*$/);
  });

  it("answers the same 401 for a wrong password and an unknown account", async () => {
    const manager = await createManager();
    const wrong = await api("POST", "/api/auth/login", {
      body: { email_or_name: manager.email, password: "Wrong!1234" },
    });
    const unknown = await api("POST", "/api/auth/login", {
      body: { email_or_name: uniqueEmail(), password: "Wrong!1234" },
    });
    expect(wrong).toMatchObject({ status: 401, body: { detail: "Invalid email or password" } });
    expect(unknown).toMatchObject({ status: 401, body: unknown.body });
    expect(unknown.body).toEqual(wrong.body);
  });

  it("requires both fields", async () => {
    const response = await api("POST", "/api/auth/login", { body: { email_or_name: "", password: "x" } });
    expect(response).toMatchObject({ status: 400, body: { detail: "Full name or email is required" } });
  });

  it("asks unverified accounts to verify first", async () => {
    const email = uniqueEmail();
    await api("POST", "/api/auth/signup", {
      body: { name: "Una Verified", email, password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD },
    });
    const response = await api("POST", "/api/auth/login", {
      body: { email_or_name: email, password: STRONG_PASSWORD },
    });
    expect(response).toMatchObject({
      status: 403,
      body: { detail: "Please verify your email address before signing in." },
    });
  });

  it("says a subscription is required when the account is suspended", async () => {
    const manager = await createManager({ status: "suspended" });
    const response = await api("POST", "/api/auth/login", {
      body: { email_or_name: manager.email, password: STRONG_PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(response.body.subscription_required).toBe(true);
  });

  it("throttles an account after 10 failures, even for the right password, with Retry-After", async () => {
    const manager = await createManager();
    for (let i = 0; i < 10; i++) {
      // Each guess from a different address: the per-account window is what stops them.
      const guess = await client()("POST", "/api/auth/login", {
        body: { email_or_name: manager.email, password: `Wrong!${i}abc` },
      });
      expect(guess.status).toBe(401);
    }
    const blocked = await api("POST", "/api/auth/login", {
      body: { email_or_name: manager.email, password: STRONG_PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toBe("Too many sign-in attempts. Please wait a few minutes and try again.");
    const retryAfter = Number(blocked.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // The window is minutes, not a lock-out: once it passes the owner gets in.
    await env.DB.prepare("UPDATE rate_limits SET reset_at = ? WHERE key = ?")
      .bind(Date.now() - 1, `login:${manager.email}`)
      .run();
    const later = await api("POST", "/api/auth/login", {
      body: { email_or_name: manager.email, password: STRONG_PASSWORD },
    });
    expect(later.status).toBe(200);
  });

  it("throttles one client address guessing across many accounts", async () => {
    const sameAddress = client("203.0.113.9");
    const statuses: number[] = [];
    for (let i = 0; i < 52; i++) {
      const response = await sameAddress("POST", "/api/auth/login", {
        body: { email_or_name: uniqueEmail(), password: "Wrong!1234" },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429]);
  });
});

describe("sessions", () => {
  it("refuses a missing, malformed or unknown token", async () => {
    expect((await api("GET", "/api/manager/locations")).status).toBe(401);
    expect(
      (await api("GET", "/api/manager/locations", { headers: { Authorization: "Basic abc" } })).status,
    ).toBe(401);
    const unknown = await api("GET", "/api/manager/locations", { token: "A".repeat(43) });
    expect(unknown).toMatchObject({
      status: 401,
      body: { detail: "Your session has expired. Please log in again." },
    });
  });

  it("does not accept the token in the URL", async () => {
    const manager = await createManager();
    const response = await api("GET", `/api/manager/locations?session_id=${manager.token}`);
    expect(response.status).toBe(401);
  });

  it("stores only a hash of the token", async () => {
    const manager = await createManager();
    const rows = await env.DB.prepare("SELECT token_hash FROM sessions").all<{ token_hash: string }>();
    expect(rows.results.some((row) => row.token_hash === manager.token)).toBe(false);
  });

  it("expires", async () => {
    const manager = await createManager();
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, manager.id)
      .run();
    expect((await api("GET", "/api/manager/locations", { token: manager.token })).status).toBe(401);
  });

  it("is revoked by logout, and only that session", async () => {
    const manager = await createManager();
    const other = await api("POST", "/api/auth/login", {
      body: { email_or_name: manager.email, password: STRONG_PASSWORD },
    });
    const logout = await api("POST", "/api/manager/logout", { token: manager.token });
    expect(logout).toMatchObject({ status: 200, body: { success: true } });
    expect((await api("GET", "/api/manager/locations", { token: manager.token })).status).toBe(401);
    expect(
      (await api("GET", "/api/manager/locations", { token: other.body.session_id as string })).status,
    ).toBe(200);
    expect((await api("POST", "/api/manager/logout", { token: manager.token })).status).toBe(401);
  });
});
