import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { createSession, nameKey } from "../../worker/db/accounts";
import { getDb } from "../../worker/db/client";
import { users } from "../../worker/db/schema";
import { hashPassword, newId } from "../../worker/lib/crypto";

export type ApiResult = { status: number; body: Record<string, unknown>; headers: Headers };

type CallOptions = { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> };

/** Each test gets its own client address, so per-address throttles don't leak between tests. */
export const randomAddress = () =>
  `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;

export function client(address = randomAddress()) {
  return async (method: string, path: string, options: CallOptions = {}): Promise<ApiResult> => {
    const headers: Record<string, string> = { "CF-Connecting-IP": address, ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["Content-Type"] = "application/json";
    }
    const response = await exports.default.fetch(`http://clocked.test${path}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers };
  };
}

export const api = client();

export const uniqueEmail = (label = "manager") =>
  `${label}.${newId().slice(0, 8).toLowerCase()}@example.co.uk`;

export const STRONG_PASSWORD = "Clocked!2026";

/** The newest code e-mailed to `email` (polls: some codes are sent after the answer has gone). */
export async function latestCode(email: string, timeoutMs = 3000): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await api("GET", `/api/dev/outbox?email=${encodeURIComponent(email)}`);
    const [newest] = body.messages as { code: string | null }[];
    if (newest?.code) return newest.code;
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const outboxCount = async (email: string) =>
  ((await api("GET", `/api/dev/outbox?email=${encodeURIComponent(email)}`)).body.messages as unknown[])
    .length;

let knownHash: Promise<string> | undefined;

/** A verified manager inserted directly (no e-mail round trip), with a live session. */
export async function createManager(
  options: { name?: string; plan?: "starter" | "pro" | "business"; isVip?: boolean; status?: string } = {},
) {
  const db = getDb(env.DB);
  knownHash ??= hashPassword(STRONG_PASSWORD);
  const id = newId();
  const email = uniqueEmail();
  const name = options.name ?? "Alex Morgan";
  await db.insert(users).values({
    id,
    name,
    nameKey: nameKey(name),
    email,
    username: `manager.${id.slice(0, 8).toLowerCase()}`,
    passwordHash: await knownHash,
    emailVerifiedAt: Date.now(),
    plan: options.plan ?? "starter",
    isVip: options.isVip ?? false,
    subscriptionStatus: options.status ?? "active",
  });
  const token = await createSession(db, id);
  const user = await db.query.users.findFirst({ where: eq(users.id, id) });
  return { id, email, name, username: user?.username ?? "", password: STRONG_PASSWORD, token };
}

/** Signs up through the API and verifies with the e-mailed code, as a new manager would. */
export async function signUpAndVerify(name = "Priya Patel", email = uniqueEmail()) {
  const signup = await api("POST", "/api/auth/signup", {
    body: { name, email, password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD },
  });
  if (signup.status !== 200) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const code = await latestCode(email);
  const verified = await api("POST", "/api/auth/verify-email", { body: { email, verification_code: code } });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  return { email, name, password: STRONG_PASSWORD, token: verified.body.session_id as string };
}
