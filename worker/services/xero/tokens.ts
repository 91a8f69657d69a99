import type { Db } from "../../db/client";
import { connectionOf, type SealedTokens, storeRefreshed, type XeroConnectionRow } from "../../db/xero";
import { sha256Hex } from "../../lib/crypto";
import { seal, unseal } from "../../lib/sealed";
import { RECONNECT, refreshTokens, type TokenSet, XeroError, type XeroSetup } from "./client";

// The connection's tokens (docs/xero.md, "Tokens"): sealed at rest, the access token used until a minute
// before it expires, then refreshed. Xero rotates the refresh token on every refresh, so the new one is
// stored only where the old one still is (worker/db/xero.ts, storeRefreshed): of two refreshes at once one
// is kept, and the other reads the kept tokens again instead of losing them.

export async function sealTokens(setup: XeroSetup, userId: string, tokens: TokenSet): Promise<SealedTokens> {
  return {
    refreshTokenSealed: await seal(setup.tokenKey, userId, tokens.refreshToken),
    refreshTokenHash: await sha256Hex(tokens.refreshToken),
    accessTokenSealed: await seal(setup.tokenKey, userId, tokens.accessToken),
    accessExpiresAt: tokens.expiresAt,
  };
}

export type XeroAccess = { connection: XeroConnectionRow; accessToken: string };

/**
 * A live access token for the account's connection, refreshing (and rotating) when it is about to expire,
 * or when Xero has just refused it (`rejected`; a caller that finds it already replaced uses the new one).
 */
export async function accessFor(
  setup: XeroSetup,
  db: Db,
  userId: string,
  rejected?: string,
): Promise<XeroAccess | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const connection = await connectionOf(db, userId);
    if (!connection) return null;
    if (connection.accessExpiresAt > Date.now() + 60_000) {
      const accessToken = await unseal(setup.tokenKey, userId, connection.accessTokenSealed);
      if (accessToken && accessToken !== rejected) return { connection, accessToken };
    }
    const refreshToken = await unseal(setup.tokenKey, userId, connection.refreshTokenSealed);
    if (!refreshToken) throw new XeroError(401, RECONNECT);
    let next: TokenSet;
    try {
      next = await refreshTokens(setup, refreshToken);
    } catch (error) {
      // Refused: another refresh may have spent this token a moment ago; its successor is read again.
      if (attempt < 2 && error instanceof XeroError && error.status === 400) continue;
      throw error instanceof XeroError && error.status === 400 ? new XeroError(401, RECONNECT) : error;
    }
    if (
      await storeRefreshed(db, userId, connection.refreshTokenHash, await sealTokens(setup, userId, next))
    ) {
      return { connection, accessToken: next.accessToken };
    }
  }
  throw new XeroError(401, RECONNECT);
}

/** Runs `work` with a live access token, once more with a fresh one should Xero refuse the first (401). */
export async function withAccess<T>(
  setup: XeroSetup,
  db: Db,
  userId: string,
  work: (access: XeroAccess) => Promise<T>,
): Promise<T | null> {
  const access = await accessFor(setup, db, userId);
  if (!access) return null;
  try {
    return await work(access);
  } catch (error) {
    if (!(error instanceof XeroError && error.status === 401)) throw error;
    const fresh = await accessFor(setup, db, userId, access.accessToken);
    return fresh && work(fresh);
  }
}
