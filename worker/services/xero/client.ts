import { isDevelopment } from "../../lib/config";
import type { SealingKey } from "../../lib/sealed";
import { xeroSandbox } from "./sandbox";

// Xero's HTTP API (docs/xero.md, "Sources"): identity (authorize, token, revocation), the connections list
// and Payroll UK. Production always talks to Xero's own hosts; development may point them at a stand-in
// (XERO_BASE_URL, or XERO_LOGIN_BASE / XERO_IDENTITY_BASE / XERO_API_BASE), and without one answers from the
// in-process sandbox, whose authorize page the dev routes serve at /api/dev/xero.

export const XERO_SCOPES = ["payroll.timesheets", "payroll.employees", "payroll.settings", "offline_access"];
const XERO_HOSTS = {
  login: "https://login.xero.com",
  identity: "https://identity.xero.com",
  api: "https://api.xero.com",
};
/** Where `npm run dev` serves the sandbox's authorize page (worker/routes/dev.ts). */
export const DEV_SANDBOX_PATH = "/api/dev/xero";
const SANDBOX_ORIGIN = "https://xero-sandbox.invalid";

export type XeroSetup = {
  clientId: string;
  clientSecret: string;
  tokenKey: SealingKey;
  /** Where the manager's browser signs in to Xero, given the origin the request came to. */
  loginBase: (requestOrigin: string) => string;
  identityBase: string;
  apiBase: string;
  fetch: (request: Request) => Promise<Response>;
};

export const RECONNECT = "Xero's connection has ended: connect Xero again in Settings → Integrations.";
export const XERO_NOT_SET_UP = "Xero is not set up on this server yet. Please try again later.";
const REQUIRED = ["XERO_CLIENT_ID", "XERO_CLIENT_SECRET", "XERO_TOKEN_KEY"] as const;

/** The names of the Xero settings missing (XERO_TOKEN_KEY needs 32 characters or more). */
export function missingXeroSettings(env: Partial<Record<(typeof REQUIRED)[number], string>>): string[] {
  return REQUIRED.filter(
    (name) => !env[name] || (name === "XERO_TOKEN_KEY" && (env[name]?.length ?? 0) < 32),
  );
}

/** Xero's configuration, or null when this server has none (the SPA says "not set up"; calls answer 503). */
export function xeroSetup(env: Env): XeroSetup | null {
  if (missingXeroSettings(env).length > 0) return null;
  const common = {
    clientId: env.XERO_CLIENT_ID ?? "",
    clientSecret: env.XERO_CLIENT_SECRET ?? "",
    tokenKey: { secret: env.XERO_TOKEN_KEY ?? "", purpose: "xero-tokens" },
  };
  const real = {
    ...common,
    loginBase: () => XERO_HOSTS.login,
    identityBase: XERO_HOSTS.identity,
    apiBase: XERO_HOSTS.api,
    fetch: (r: Request) => fetch(r),
  };
  if (!isDevelopment(env)) return real;
  const base = env.XERO_BASE_URL?.replace(/\/+$/, "");
  if (base || env.XERO_API_BASE) {
    return {
      ...real,
      loginBase: () => env.XERO_LOGIN_BASE ?? base ?? XERO_HOSTS.login,
      identityBase: env.XERO_IDENTITY_BASE ?? base ?? XERO_HOSTS.identity,
      apiBase: env.XERO_API_BASE ?? base ?? XERO_HOSTS.api,
    };
  }
  return {
    ...common,
    loginBase: (origin) => `${origin}${DEV_SANDBOX_PATH}`,
    identityBase: SANDBOX_ORIGIN,
    apiBase: SANDBOX_ORIGIN,
    fetch: (request) => xeroSandbox(request, new URL(request.url).pathname),
  };
}

export type TokenSet = { accessToken: string; refreshToken: string; expiresAt: number };

/** Xero refused or failed a call; `words` are for the manager ("Xero says: …"). */
export class XeroError extends Error {
  constructor(
    readonly status: number,
    readonly words: string,
    readonly retryAfter: number | null = null,
  ) {
    super(`Xero answered ${status}: ${words}`);
  }
}

const basic = (setup: XeroSetup) => `Basic ${btoa(`${setup.clientId}:${setup.clientSecret}`)}`;

async function tokenCall(setup: XeroSetup, form: Record<string, string>): Promise<TokenSet> {
  const answer = await setup.fetch(
    new Request(`${setup.identityBase}/connect/token`, {
      method: "POST",
      headers: { Authorization: basic(setup), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    }),
  );
  const body = (await answer.json().catch(() => ({}))) as Record<string, unknown>;
  if (!answer.ok || typeof body.access_token !== "string" || typeof body.refresh_token !== "string") {
    throw new XeroError(answer.status, `Xero refused the sign-in (${String(body.error ?? answer.status)}).`);
  }
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    expiresAt: Date.now() + Number(body.expires_in ?? 1800) * 1000,
  };
}

export function authorizeUrl(
  setup: XeroSetup,
  origin: string,
  request: { state: string; challenge: string; redirectUri: string },
) {
  const url = new URL(`${setup.loginBase(origin)}/identity/connect/authorize`);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: setup.clientId,
    redirect_uri: request.redirectUri,
    scope: XERO_SCOPES.join(" "),
    state: request.state,
    code_challenge: request.challenge,
    code_challenge_method: "S256",
  }).toString();
  return url.toString();
}

export const exchangeCode = (setup: XeroSetup, code: string, verifier: string, redirectUri: string) =>
  tokenCall(setup, {
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });

export const refreshTokens = (setup: XeroSetup, refreshToken: string) =>
  tokenCall(setup, { grant_type: "refresh_token", refresh_token: refreshToken });

/** Revokes the refresh token (and with it the connection's access); a failure is logged, not fatal. */
export async function revokeToken(setup: XeroSetup, refreshToken: string) {
  const answer = await setup.fetch(
    new Request(`${setup.identityBase}/connect/revocation`, {
      method: "POST",
      headers: { Authorization: basic(setup), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: refreshToken }),
    }),
  );
  if (!answer.ok) console.error(`[xero] revocation answered ${answer.status}`);
}

export type XeroTenant = { id: string; name: string };

export async function listConnections(setup: XeroSetup, accessToken: string): Promise<XeroTenant[]> {
  const answer = await setup.fetch(
    new Request(`${setup.apiBase}/connections`, { headers: { Authorization: `Bearer ${accessToken}` } }),
  );
  if (!answer.ok) throw new XeroError(answer.status, "Xero did not list the organisations.");
  const rows = (await answer.json()) as { tenantId: string; tenantName: string; tenantType: string }[];
  return rows
    .filter((r) => r.tenantType === "ORGANISATION")
    .map((r) => ({ id: r.tenantId, name: r.tenantName }));
}

type Problem = { detail?: string; invalidFields?: { name?: string; reason?: string }[] };

/** Xero's problem document in the manager's words: "Xero says: the employee has no pay calendar". */
export function xeroSays(problem: Problem | undefined, status: number): string {
  const reasons = (problem?.invalidFields ?? []).map((f) => f.reason).filter((r): r is string => Boolean(r));
  const said = reasons.length > 0 ? reasons.join(" ") : (problem?.detail ?? `an error (${status})`);
  const words = said.trim().replace(/\.$/, "");
  return `Xero says: ${words.charAt(0).toLowerCase()}${words.slice(1)}`;
}

/**
 * One Payroll UK call for an organisation; 429 carries Xero's Retry-After, other refusals Xero's words. A POST
 * may carry an Idempotency-Key (at most 128 characters): Xero answers a retry with the first answer.
 */
export async function payrollCall<T>(
  setup: XeroSetup,
  connection: { accessToken: string; tenantId: string },
  method: string,
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<T> {
  const answer = await setup.fetch(
    new Request(`${setup.apiBase}/payroll.xro/2.0${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${connection.accessToken}`,
        "Xero-Tenant-Id": connection.tenantId,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  if (answer.status === 429) {
    const retryAfter = Number(answer.headers.get("Retry-After") ?? "60");
    throw new XeroError(
      429,
      "Xero is busy: sending again shortly.",
      Number.isFinite(retryAfter) ? retryAfter : 60,
    );
  }
  // An access token Xero no longer takes: the caller refreshes once and tries again (services/xero/tokens.ts).
  if (answer.status === 401) throw new XeroError(401, RECONNECT);
  const parsed = (await answer.json().catch(() => ({}))) as { problem?: Problem } & Record<string, unknown>;
  if (!answer.ok) throw new XeroError(answer.status, xeroSays(parsed.problem, answer.status));
  return parsed as T;
}
