import { env } from "cloudflare:workers";
import { like, or } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { rateLimits } from "../../worker/db/schema";
import { decodeBase32, TOTP_STEP_MS, totpCode, totpStep } from "../../worker/lib/totp";
import { THROTTLED } from "../../worker/services/sign-in";
import {
  SUPER_ADMIN_ADDRESS_WINDOW,
  SUPER_ADMIN_USERNAME_WINDOW,
  superAdminCredentials,
} from "../../worker/services/super-admin-sign-in";
import { type ApiResult, api, client, createManager, randomAddress } from "../support/api";
import { callWith } from "../support/billing";
import { DEV_ADMIN, superAdminToken } from "../support/super-admin";

const LOGIN = "/api/super-admin/login";

/** Moves every super admin throttle window past its end, as 15 minutes would. */
const windowsPass = () =>
  getDb(env.DB)
    .update(rateLimits)
    .set({ resetAt: Date.now() - 1 })
    .where(or(like(rateLimits.key, "super-admin-login:%"), like(rateLimits.key, "super-admin-username:%")));

const statuses = (answers: ApiResult[]) => answers.map((answer) => answer.status);

describe("super admin sign-in", () => {
  it("signs in with the configured credentials and answers a session id", async () => {
    const response = await api("POST", "/api/super-admin/login", { body: DEV_ADMIN });
    expect(response.status).toBe(200);
    expect(response.body.session_id).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("refuses a wrong password or username with the exact text", async () => {
    const call = client();
    for (const body of [
      { ...DEV_ADMIN, password: "admin" },
      { ...DEV_ADMIN, username: "root" },
    ]) {
      const response = await call("POST", "/api/super-admin/login", { body });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: "Invalid super admin credentials" });
    }
  });

  it("requires both fields", async () => {
    expect((await api("POST", "/api/super-admin/login", { body: { username: "admin" } })).status).toBe(400);
    expect(
      (await api("POST", "/api/super-admin/login", { body: { username: " ", password: "x" } })).status,
    ).toBe(400);
  });

  it("throttles wrong credentials: after 5 failures even the right password gets 429 with Retry-After", async () => {
    const call = client();
    for (let i = 0; i < 5; i++) {
      const response = await call("POST", "/api/super-admin/login", {
        body: { ...DEV_ADMIN, password: `guess-${i}` },
      });
      expect(response.status).toBe(401);
    }
    const blocked = await call("POST", "/api/super-admin/login", { body: DEV_ADMIN });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await client()("POST", "/api/super-admin/login", { body: DEV_ADMIN })).status).toBe(200);
  });

  it("counts 50 parallel wrong guesses from one address before any hash: only the limit are checked", async () => {
    await windowsPass();
    const call = client();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call("POST", LOGIN, { body: { ...DEV_ADMIN, password: `parallel-guess-${i}` } }),
      ),
    );
    expect(statuses(answers).filter((status) => status === 401)).toHaveLength(
      SUPER_ADMIN_ADDRESS_WINDOW.limit,
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(50 - SUPER_ADMIN_ADDRESS_WINDOW.limit);
    for (const answer of refused) {
      expect(answer.body).toEqual({ detail: THROTTLED });
      expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    // The right password is refused too until the window passes.
    expect((await call("POST", LOGIN, { body: DEV_ADMIN })).status).toBe(429);
    await windowsPass();
    expect((await call("POST", LOGIN, { body: DEV_ADMIN })).status).toBe(200);
  });

  it("counts per username too: 50 addresses guessing at one username get only the username's limit checked", async () => {
    await windowsPass();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        client()("POST", LOGIN, { body: { ...DEV_ADMIN, password: `spread-guess-${i}` } }),
      ),
    );
    expect(statuses(answers).filter((status) => status === 401)).toHaveLength(
      SUPER_ADMIN_USERNAME_WINDOW.limit,
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(50 - SUPER_ADMIN_USERNAME_WINDOW.limit);
    for (const answer of refused) expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
    // The right password from a fresh address is refused too until the window passes: a lock-out of at
    // most 15 minutes while an attack runs is the price of not letting it go on.
    expect((await client()("POST", LOGIN, { body: DEV_ADMIN })).status).toBe(429);
    // Another username's budget is its own.
    expect((await client()("POST", LOGIN, { body: { ...DEV_ADMIN, username: "root" } })).status).toBe(401);
    await windowsPass();
    expect((await client()("POST", LOGIN, { body: DEV_ADMIN })).status).toBe(200);
  });

  it("gives the address its try back after the right password: a sign-in is not a failure", async () => {
    await windowsPass();
    const call = client();
    for (let i = 0; i < SUPER_ADMIN_ADDRESS_WINDOW.limit - 1; i++) {
      expect((await call("POST", LOGIN, { body: { ...DEV_ADMIN, password: `typo-${i}` } })).status).toBe(401);
    }
    // Counted as attempts, these two would use up the window; each is given back once it succeeds.
    expect((await call("POST", LOGIN, { body: DEV_ADMIN })).status).toBe(200);
    expect((await call("POST", LOGIN, { body: DEV_ADMIN })).status).toBe(200);
    expect((await call("POST", LOGIN, { body: { ...DEV_ADMIN, password: "the-fifth-typo" } })).status).toBe(
      401,
    );
    expect((await call("POST", LOGIN, { body: DEV_ADMIN })).status).toBe(429);
  });

  it("uses the secrets when set, and has no built-in credentials in any environment", () => {
    const secret = { SUPER_ADMIN_USERNAME: "ops", SUPER_ADMIN_PASSWORD_HASH: "pbkdf2_sha256$1$a$b" };
    expect(superAdminCredentials({ ...env, ...secret })?.username).toBe("ops");
    expect(superAdminCredentials({ ...env, ...secret, ENVIRONMENT: "production" })?.username).toBe("ops");
    const none = { SUPER_ADMIN_USERNAME: undefined, SUPER_ADMIN_PASSWORD_HASH: undefined };
    expect(superAdminCredentials({ ...env, ...none })).toBeNull();
    expect(superAdminCredentials({ ...env, ...none, ENVIRONMENT: "production" })).toBeNull();
    // Half a configuration is no configuration.
    expect(superAdminCredentials({ ...env, ...none, SUPER_ADMIN_USERNAME: "ops" })).toBeNull();
  });

  it("answers 503 when no credentials are configured, in development too", async () => {
    const { callWith } = await import("../support/billing");
    const none = { SUPER_ADMIN_USERNAME: undefined, SUPER_ADMIN_PASSWORD_HASH: undefined };
    for (const ENVIRONMENT of ["production", "development"]) {
      const response = await callWith({ ...env, ...none, ENVIRONMENT }, "POST", "/api/super-admin/login", {
        body: DEV_ADMIN,
      });
      expect(response.status, ENVIRONMENT).toBe(503);
      expect(response.body).toEqual({ detail: "Super admin sign-in is not configured." });
    }
  });
});

describe("two-step sign-in (SUPER_ADMIN_TOTP_SECRET)", () => {
  const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
  const totpEnv = (): Env => ({ ...env, SUPER_ADMIN_TOTP_SECRET: SECRET });
  const login = (body: Record<string, unknown>, address = randomAddress(), workerEnv = totpEnv()) =>
    callWith(workerEnv, "POST", LOGIN, { body, headers: { "CF-Connecting-IP": address } });

  /** The current step, waiting first when it is about to end, so a code stays the step it was made for. */
  async function steadyStep() {
    const left = TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS);
    if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    return totpStep(Date.now());
  }
  const codeFor = (step: number) => totpCode(decodeBase32(SECRET) ?? new Uint8Array(), step);

  beforeEach(async () => {
    await windowsPass();
    await getDb(env.DB).delete(rateLimits).where(like(rateLimits.key, "super-admin-totp:%"));
  });

  it("requires the code when configured: missing or wrong is the same 401, and counts as a failure", async () => {
    const step = await steadyStep();
    const address = randomAddress();
    const right = await codeFor(step);
    const wrong = right === "000000" ? "111111" : "000000";
    const failures = [
      await login(DEV_ADMIN, address),
      await login({ ...DEV_ADMIN, totp: wrong }, address),
      await login({ ...DEV_ADMIN, password: "not-it", totp: right }, address),
    ];
    for (const failure of failures) {
      expect(failure.status).toBe(401);
      expect(failure.body).toEqual({ detail: "Invalid super admin credentials" });
    }
    await login({ ...DEV_ADMIN, totp: wrong }, address);
    await login({ ...DEV_ADMIN, totp: wrong }, address);
    // Five failures at this address: the right password and code wait for the window too.
    const throttled = await login({ ...DEV_ADMIN, totp: right }, address);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("accepts the current code and a code one step either side (clock drift)", async () => {
    const step = await steadyStep();
    for (const offset of [0, -1, 1]) {
      const response = await login({ ...DEV_ADMIN, totp: await codeFor(step + offset) });
      expect(response.status, `step ${offset}`).toBe(200);
      expect(response.body.session_id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it("refuses a code two steps old", async () => {
    const step = await steadyStep();
    expect((await login({ ...DEV_ADMIN, totp: await codeFor(step - 2) })).status).toBe(401);
  });

  it("refuses a code that has already opened a session (replay), from anywhere", async () => {
    const totp = await codeFor(await steadyStep());
    expect((await login({ ...DEV_ADMIN, totp })).status).toBe(200);
    const replay = await login({ ...DEV_ADMIN, totp });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ detail: "Invalid super admin credentials" });
  });

  it("of two parallel sign-ins with the same code, only one opens a session", async () => {
    const totp = await codeFor(await steadyStep());
    const answers = await Promise.all([login({ ...DEV_ADMIN, totp }), login({ ...DEV_ADMIN, totp })]);
    expect(statuses(answers).sort()).toEqual([200, 401]);
  });

  it("refuses a malformed code as bad input, configured or not", async () => {
    for (const workerEnv of [totpEnv(), env]) {
      for (const totp of ["12345", "1234567", "12a456", 123456]) {
        const response = await login({ ...DEV_ADMIN, totp }, randomAddress(), workerEnv);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ detail: "Authentication code must be 6 digits" });
      }
    }
  });

  it("is not required when not configured, and a code sent anyway is ignored", async () => {
    expect((await login(DEV_ADMIN, randomAddress(), env)).status).toBe(200);
    expect((await login({ ...DEV_ADMIN, totp: "123456" }, randomAddress(), env)).status).toBe(200);
  });

  it("answers 503 for a secret that is not base32 of at least 128 bits, never signing in without it", async () => {
    for (const SUPER_ADMIN_TOTP_SECRET of ["not base32!", "JBSWY3DPEHPK3PXP"]) {
      const response = await login(DEV_ADMIN, randomAddress(), { ...env, SUPER_ADMIN_TOTP_SECRET });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ detail: "Super admin sign-in is not configured." });
    }
  });
});

describe("super admin and manager sessions are separate", () => {
  it("refuses a manager's session on every super admin route", async () => {
    const manager = await createManager({ plan: "business" });
    const token = manager.token;
    expect((await api("GET", "/api/super-admin/analytics", { token })).status).toBe(401);
    expect((await api("POST", "/api/super-admin/jarvis", { token, body: { message: "Hi" } })).status).toBe(
      401,
    );
    expect((await api("GET", "/api/super-admin/users", { token })).status).toBe(401);
    const vip = await api("POST", `/api/super-admin/users/${manager.id}/vip`, {
      token,
      body: { is_vip: true },
    });
    expect(vip.status).toBe(401);
  });

  it("refuses a super admin's session on manager routes", async () => {
    const token = await superAdminToken();
    expect((await api("GET", "/api/manager/locations", { token })).status).toBe(401);
    expect((await api("GET", "/api/user/plan-info", { token })).status).toBe(401);
    expect((await api("POST", "/api/ai-assistant/chat", { token, body: { message: "Hi" } })).status).toBe(
      401,
    );
  });

  it("refuses no session and a signed-out session", async () => {
    expect((await api("GET", "/api/super-admin/analytics")).status).toBe(401);
    const token = await superAdminToken();
    expect((await api("GET", "/api/super-admin/analytics", { token })).status).toBe(200);
    expect((await api("POST", "/api/super-admin/logout", { token })).status).toBe(200);
    expect((await api("GET", "/api/super-admin/analytics", { token })).status).toBe(401);
  });
});
