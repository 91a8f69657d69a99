import type { Db } from "../../db/client";
import {
  connectionOf,
  deleteConnection,
  saveAuthRequest,
  saveConnection,
  takeAuthRequest,
} from "../../db/xero";
import type { XeroPerson } from "../../domain/xero";
import { base64url, newToken, sha256Hex } from "../../lib/crypto";
import { seal, unseal } from "../../lib/sealed";
import {
  authorizeUrl,
  exchangeCode,
  listConnections,
  payrollCall,
  revokeToken,
  type XeroSetup,
  xeroSetup,
} from "./client";
import { sealTokens, withAccess } from "./tokens";

// Connecting, disconnecting and reading Xero (docs/xero.md, "Connecting"): the authorization-code flow with
// PKCE (S256), its state and verifier kept server-side for ten minutes and taken once, bound to the account
// and the member who asked.

const REQUEST_LIFETIME_MS = 10 * 60_000;
export const CALLBACK_PATH = "/api/integrations/xero/callback";

export async function startConnect(
  setup: XeroSetup,
  db: Db,
  who: { userId: string; memberId: string },
  origins: { request: string; app: string },
) {
  const state = newToken();
  const verifier = newToken() + newToken(); // 86 characters: within PKCE's 43 to 128
  const challenge = base64url(
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))),
  );
  const redirectUri = `${origins.app}${CALLBACK_PATH}`;
  await saveAuthRequest(db, {
    stateHash: await sha256Hex(state),
    userId: who.userId,
    memberId: who.memberId,
    verifierSealed: await seal(setup.tokenKey, who.userId, verifier),
    redirectUri,
    expiresAt: Date.now() + REQUEST_LIFETIME_MS,
  });
  return authorizeUrl(setup, origins.request, { state, challenge, redirectUri });
}

/** The callback: the state taken once, the code exchanged, the organisations listed and the tokens sealed. */
export async function finishConnect(setup: XeroSetup, db: Db, state: string, code: string) {
  const request = await takeAuthRequest(db, await sha256Hex(state));
  if (!request) return false;
  const verifier = await unseal(setup.tokenKey, request.userId, request.verifierSealed);
  if (!verifier) return false;
  const tokens = await exchangeCode(setup, code, verifier, request.redirectUri);
  const tenants = await listConnections(setup, tokens.accessToken);
  const only = tenants.length === 1 ? tenants[0] : undefined;
  await saveConnection(db, {
    userId: request.userId,
    tenantId: only?.id ?? null,
    tenantName: only?.name ?? null,
    tenants: JSON.stringify(tenants),
    connectedBy: request.memberId,
    ...(await sealTokens(setup, request.userId, tokens)),
  });
  return true;
}

/** Revokes the refresh token at Xero (its connections go with it) and forgets everything kept. */
export async function disconnect(setup: XeroSetup, db: Db, userId: string) {
  const connection = await connectionOf(db, userId);
  if (!connection) return;
  const refreshToken = await unseal(setup.tokenKey, userId, connection.refreshTokenSealed);
  if (refreshToken) await revokeToken(setup, refreshToken).catch(() => undefined);
  await deleteConnection(db, userId);
}

/**
 * Closing the account ends its Xero link at once: the token revoked at Xero (when this server has Xero's
 * settings to reach it) and the connection forgotten, so nothing more is sent for a closed account.
 */
export async function endXeroLinkOf(env: Env, db: Db, userId: string) {
  const setup = xeroSetup(env);
  if (setup) await disconnect(setup, db, userId);
  else await deleteConnection(db, userId);
}

async function readPayroll<T>(setup: XeroSetup, db: Db, userId: string, path: string) {
  return withAccess(setup, db, userId, async ({ connection, accessToken }) =>
    connection.tenantId
      ? payrollCall<T>(setup, { accessToken, tenantId: connection.tenantId }, "GET", path)
      : null,
  );
}

export async function xeroEmployees(setup: XeroSetup, db: Db, userId: string): Promise<XeroPerson[] | null> {
  const answer = await readPayroll<{ employees: (XeroPerson & { endDate?: string | null })[] }>(
    setup,
    db,
    userId,
    "/Employees",
  );
  return (
    answer?.employees.map((e) => ({
      employeeID: e.employeeID,
      firstName: e.firstName,
      lastName: e.lastName,
      dateOfBirth: e.dateOfBirth ?? null,
      employeeNumber: e.employeeNumber ?? null,
    })) ?? null
  );
}

export async function xeroEarningsRates(setup: XeroSetup, db: Db, userId: string) {
  const answer = await readPayroll<{
    earningsRates: { earningsRateID: string; name: string; earningsType: string }[];
  }>(setup, db, userId, "/EarningsRates");
  return answer?.earningsRates ?? null;
}
