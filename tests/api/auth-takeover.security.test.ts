import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CODE_FAILURES_PER_DAY } from "../../worker/db/accounts";
import { describeError } from "../../worker/lib/errors";
import { api, latestCode, STRONG_PASSWORD, uniqueEmail } from "../support/api";
import { checkIn, JANE, shopWith } from "../support/kiosk";

// Account takeover before verification, code guessing across codes, and what the logs may carry.

const OWNER_PASSWORD = STRONG_PASSWORD;
const OTHER_PASSWORD = "Someone!Else9";

const signup = (email: string, password: string, name = "Priya Patel") =>
  api("POST", "/api/auth/signup", { body: { name, email, password, confirm_password: password } });

/** The once-a-minute resend window for the address passes. */
const aMinuteLater = (email: string) =>
  env.DB.prepare("UPDATE rate_limits SET reset_at = ? WHERE key LIKE ?")
    .bind(Date.now() - 1, `code:%:${email}`)
    .run();

const login = (email: string, password: string) =>
  api("POST", "/api/auth/login", { body: { email_or_name: email, password } });

const storedHash = async (email: string) =>
  (
    await env.DB.prepare("SELECT password_hash FROM users WHERE email = ?").bind(email).first<{
      password_hash: string;
    }>()
  )?.password_hash;

describe("signing up again for an address that is not verified yet", () => {
  it("never lets the other person's password open the verified account (they signed up second)", async () => {
    const email = uniqueEmail();
    expect((await signup(email, OWNER_PASSWORD)).status).toBe(200);
    const before = await storedHash(email);
    await aMinuteLater(email);
    expect((await signup(email, OTHER_PASSWORD, "Mallory Moss")).status).toBe(200);
    expect(await storedHash(email)).toBe(before);

    // The mailbox owner enters the newest code, in their own browser, which sends their password with it.
    const code = await latestCode(email);
    const verified = await api("POST", "/api/auth/verify-email", {
      body: { email, verification_code: code, password: OWNER_PASSWORD },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ name: "Priya Patel" });
    expect((await login(email, OTHER_PASSWORD)).status).toBe(401);
    expect((await login(email, OWNER_PASSWORD)).status).toBe(200);
  });

  it("never lets the other person's password open the verified account (they signed up first)", async () => {
    const email = uniqueEmail();
    expect((await signup(email, OTHER_PASSWORD, "Mallory Moss")).status).toBe(200);
    await aMinuteLater(email);
    expect((await signup(email, OWNER_PASSWORD)).status).toBe(200);
    const code = await latestCode(email);
    const verified = await api("POST", "/api/auth/verify-email", {
      body: { email, verification_code: code, password: OWNER_PASSWORD },
    });
    expect(verified.status).toBe(200);
    expect((await login(email, OTHER_PASSWORD)).status).toBe(401);
    expect((await login(email, OWNER_PASSWORD)).status).toBe(200);
  });

  it("refuses a code without the password once there were two sign-ups, before spending a try", async () => {
    const email = uniqueEmail();
    await signup(email, OWNER_PASSWORD);
    await aMinuteLater(email);
    await signup(email, OTHER_PASSWORD);
    const code = await latestCode(email);
    const bare = await api("POST", "/api/auth/verify-email", { body: { email, verification_code: code } });
    expect(bare).toMatchObject({
      status: 400,
      body: {
        detail:
          "This address was signed up for more than once. Please enter the password you chose with the code.",
      },
    });
    // The code is still good for the owner.
    const verified = await api("POST", "/api/auth/verify-email", {
      body: { email, verification_code: code, password: OWNER_PASSWORD },
    });
    expect(verified.status).toBe(200);
  });

  it("keeps the spec's verification payload (no password) for an address signed up for once", async () => {
    const email = uniqueEmail();
    await signup(email, OWNER_PASSWORD);
    const code = await latestCode(email);
    expect(
      (await api("POST", "/api/auth/verify-email", { body: { email, verification_code: code } })).status,
    ).toBe(200);
    expect((await login(email, OWNER_PASSWORD)).status).toBe(200);
  });
});

describe("duplicate sign-ups in parallel", () => {
  it("give one account and clean 4xx answers, never a 500", async () => {
    const email = uniqueEmail();
    const answers = await Promise.all(Array.from({ length: 12 }, () => signup(email, OWNER_PASSWORD)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect([400, 409, 429]).toContain(answer.status);
      expect(answer.body.detail).toEqual(expect.any(String));
    }
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?")
      .bind(email)
      .first<{ n: number }>()) ?? { n: 0 };
    expect(n).toBe(1);
  });

  it("give people with the same name their own usernames", async () => {
    const emails = Array.from({ length: 8 }, () => uniqueEmail());
    const answers = await Promise.all(emails.map((email) => signup(email, OWNER_PASSWORD, "Sam Same")));
    expect(answers.map((a) => a.status)).toEqual(emails.map(() => 200));
    const rows = await env.DB.prepare(
      `SELECT username FROM users WHERE email IN (${emails.map(() => "?").join(",")})`,
    )
      .bind(...emails)
      .all<{ username: string }>();
    expect(new Set(rows.results.map((r) => r.username)).size).toBe(emails.length);
  });
});

describe("wrong codes per account per day", () => {
  it(`stop at ${CODE_FAILURES_PER_DAY.limit} across fresh codes: then even the right code waits, with Retry-After`, async () => {
    const email = uniqueEmail();
    await signup(email, OWNER_PASSWORD);
    let wrong = 0;
    while (wrong < CODE_FAILURES_PER_DAY.limit) {
      // A fresh code each round (a minute apart), four wrong tries on each: the per-code cap never bites.
      const code = (await latestCode(email)) as string;
      const guess = code === "000000" ? "111111" : "000000";
      for (let i = 0; i < 4 && wrong < CODE_FAILURES_PER_DAY.limit; i++, wrong++) {
        const answer = await api("POST", "/api/auth/verify-email", {
          body: { email, verification_code: guess },
        });
        expect(answer.status).toBe(400);
      }
      await aMinuteLater(email);
      expect((await api("POST", "/api/auth/resend-code", { body: { email } })).status).toBe(200);
    }
    const code = await latestCode(email);
    const right = await api("POST", "/api/auth/verify-email", { body: { email, verification_code: code } });
    expect(right).toMatchObject({
      status: 429,
      body: { detail: "Too many incorrect codes for this account today. Please try again tomorrow." },
    });
    expect(Number(right.headers.get("Retry-After"))).toBeGreaterThan(23 * 60 * 60);
  });

  it("gives the try back when the code is right", async () => {
    const email = uniqueEmail();
    await signup(email, OWNER_PASSWORD);
    const code = await latestCode(email);
    await api("POST", "/api/auth/verify-email", { body: { email, verification_code: code } });
    const row = await env.DB.prepare(
      "SELECT count FROM rate_limits WHERE key = (SELECT 'code-failures:' || id FROM users WHERE email = ?)",
    )
      .bind(email)
      .first<{ count: number }>();
    expect(row?.count ?? 0).toBe(0);
  });
});

describe("what the logs may carry", () => {
  afterEach(() => vi.restoreAllMocks());

  it("never a password hash, session token, code or PIN, through sign-up, verification, reset and the kiosk", async () => {
    const lines: string[] = [];
    for (const level of ["log", "info", "warn", "error"] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(" "));
      });
    }
    const email = uniqueEmail();
    await signup(email, OWNER_PASSWORD);
    const code = (await latestCode(email)) as string;
    const verified = await api("POST", "/api/auth/verify-email", {
      body: { email, verification_code: code },
    });
    await api("POST", "/api/auth/forgot-password", { body: { email } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const resetCode = (await latestCode(email)) as string;
    const { locationId } = await shopWith([JANE]);
    await checkIn(locationId, "janes", "0000");
    await checkIn(locationId, "janes", JANE.pin);

    const secrets = [
      code,
      resetCode,
      verified.body.session_id as string,
      (await storedHash(email)) as string,
      OWNER_PASSWORD,
      JANE.pin,
    ];
    expect(lines.length).toBeGreaterThan(0); // the outbox does log, so the spy is listening
    for (const line of lines) for (const secret of secrets) expect(line).not.toContain(secret);
  });

  it("withholds a failed query's parameters when an error is described", () => {
    const cause = new Error("D1_ERROR: UNIQUE constraint failed: users.email: SQLITE_CONSTRAINT");
    const failed = new Error(
      "Failed query: insert into users (email, password_hash) values (?, ?)\nparams: a@b.co.uk,pbkdf2_sha256$100000$salt$hash",
      { cause },
    );
    const text = describeError(failed);
    expect(text).toContain("UNIQUE constraint failed: users.email");
    expect(text).toContain("params: [withheld]");
    expect(text).not.toContain("a@b.co.uk");
    expect(text).not.toContain("pbkdf2_sha256");
  });
});
