import { describe, expect, it } from "vitest";
import { EMPLOYEE_LOCKOUT, PIN_BUDGETS } from "../../worker/domain/punch-rules";
import { ACCOUNT_LOGIN_WINDOW } from "../../worker/services/sign-in";
import { createManager, randomAddress, uniqueEmail } from "../support/api";
import { shopWith } from "../support/kiosk";
import { type Answer, send } from "./support/http";

// Guessing at scale, through the real routes, in parallel batches. The bounds come from the
// product's own constants, so they hold whatever those are tuned to.

const PIN_GUESSES = 10_000;
/** Thousands of requests: about 20 s on an idle two-core machine, more on a busy one. */
const THOUSANDS = { timeout: 120_000 };
const BATCH = 500;

/** Runs `total` calls, `batch` at a time. */
async function inBatches<T>(total: number, batch: number, call: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < total; start += batch) {
    const size = Math.min(batch, total - start);
    results.push(...(await Promise.all(Array.from({ length: size }, (_, k) => call(start + k)))));
  }
  return results;
}

const countBy = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>((counts, { status }) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

describe("PIN guessing at one location", THOUSANDS, () => {
  it(`lets through no more of ${PIN_GUESSES.toLocaleString("en-GB")} guesses than the lockout and throttle allow`, async () => {
    // One PIN sits early in the guessing order, so a success is possible and must be the only one.
    const staff = [
      { first_name: "Amy", last_name: "Test", pin: "0002" },
      { first_name: "Bea", last_name: "Test", pin: "8317" },
      { first_name: "Cal", last_name: "Test", pin: "5064" },
      { first_name: "Dev", last_name: "Test", pin: "9921" },
      { first_name: "Eli", last_name: "Test", pin: "4470" },
    ];
    const { locationId, employees } = await shopWith(staff);
    const started = Date.now();
    const guesses = await inBatches(PIN_GUESSES, BATCH, async (i) => {
      const target = i % employees.length;
      const pin = String(Math.floor(i / employees.length)).padStart(4, "0");
      const answer = await send({
        method: "POST",
        path: `/api/kiosk/submit/${locationId}`,
        raw: JSON.stringify({ username: employees[target]?.username, pin, action: "check_in" }),
        contentType: "application/json",
      });
      return {
        status: answer.status,
        right: pin === staff[target]?.pin,
        retryAfter: answer.headers.get("Retry-After"),
      };
    });
    const elapsed = Date.now() - started;

    const windows = (ms: number) => Math.max(1, Math.ceil(elapsed / ms));
    const bound = Math.min(
      ...PIN_BUDGETS.map((budget) => budget.failures * windows(budget.windowMs)),
      employees.length * (EMPLOYEE_LOCKOUT.failures - 1) * windows(EMPLOYEE_LOCKOUT.lockMs),
    );
    const counts = countBy(guesses);
    expect(counts[429] ?? 0, "the location throttle answered").toBeGreaterThan(0);
    expect(
      Object.keys(counts).every((s) => ["200", "401", "423", "429"].includes(s)),
      JSON.stringify(counts),
    ).toBe(true);
    expect(counts[401] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(bound);
    // Only a right PIN succeeds, and each person can be checked in by it once.
    expect(guesses.filter((g) => g.status === 200 && !g.right)).toEqual([]);
    expect(counts[200] ?? 0).toBeLessThanOrEqual(1);
    for (const refused of guesses.filter((g) => g.status === 423 || g.status === 429)) {
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
  });
});

describe("password guessing against one account", THOUSANDS, () => {
  const ATTEMPTS = 200;

  const attempts = async (path: string, body: (i: number) => Record<string, string>) => {
    // Each from its own address, so it is the account's own limit that must hold.
    const answers = await inBatches(ATTEMPTS, 25, (i) =>
      send({
        method: "POST",
        path,
        raw: JSON.stringify(body(i)),
        contentType: "application/json",
        headers: { "CF-Connecting-IP": randomAddress() },
      }),
    );
    return answers;
  };

  const expectThrottled = (answers: Answer[]) => {
    const counts = countBy(answers);
    expect(counts[401] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(ACCOUNT_LOGIN_WINDOW.limit);
    expect((counts[401] ?? 0) + (counts[429] ?? 0), JSON.stringify(counts)).toBe(ATTEMPTS);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
  };

  it(`answers at most ${ACCOUNT_LOGIN_WINDOW.limit} of ${ATTEMPTS} wrong passwords by e-mail with 401, the rest 429 with Retry-After`, async () => {
    const manager = await createManager();
    expectThrottled(
      await attempts("/api/auth/login", (i) => ({ email_or_name: manager.email, password: `Wrong!${i}aA` })),
    );
    // The owner waits too: the right password is refused while the window lasts.
    const owner = await send({
      method: "POST",
      path: "/api/auth/login",
      raw: JSON.stringify({ email_or_name: manager.email, password: manager.password }),
      contentType: "application/json",
    });
    expect(owner.status).toBe(429);
  });

  it("throttles guesses by full name and by username the same way", async () => {
    const manager = await createManager({ name: "Hostile Target" });
    expectThrottled(
      await attempts("/api/auth/login", (i) => ({
        email_or_name: "Hostile Target",
        password: `Wrong!${i}aA`,
      })),
    );
    expectThrottled(
      await attempts("/api/manager/login", (i) => ({ username: manager.username, password: `Wrong!${i}aA` })),
    );
  });
});

describe("asking for a password reset", () => {
  it("answers a known, an unverified and an unknown address byte for byte the same", async () => {
    const known = await createManager();
    const unverified = uniqueEmail("unverified");
    await send({
      method: "POST",
      path: "/api/auth/signup",
      raw: JSON.stringify({
        name: "Una Verified",
        email: unverified,
        password: known.password,
        confirm_password: known.password,
      }),
      contentType: "application/json",
    });
    const ask = (email: string) =>
      send({
        method: "POST",
        path: "/api/auth/forgot-password",
        raw: JSON.stringify({ email }),
        contentType: "application/json",
      });
    const seen = (answer: Answer) => ({
      status: answer.status,
      body: answer.text,
      headers: [...answer.headers.entries()].sort(([a], [b]) => a.localeCompare(b)),
    });
    const answers = [await ask(known.email), await ask(unverified), await ask(uniqueEmail("nobody"))].map(
      seen,
    );
    expect(answers[0]?.status).toBe(200);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });
});
