import { createMiddleware } from "hono/factory";
import { apiKeyForHash, touchApiKey } from "../db/api-keys";
import { hit } from "../db/rate-limits";
import { API_KEY_PATTERN, API_KEY_RATE, apiKeySeesPay, LAST_USED_EVERY_MS } from "../domain/api-keys";
import { subscriptionRequired } from "../domain/plans";
import { effectiveBilling } from "../domain/subscription";
import { sha256Hex } from "../lib/crypto";
import { ApiError, tooManyRequests, unauthorized } from "../lib/errors";
import type { AppEnv } from "../types";
import { enforcePermission } from "./permission";
import { SUBSCRIPTION_REQUIRED } from "./session";

// The public API's guard (docs/public-api.md): `Authorization: Bearer ck_live_…`, nothing else. A key acts for
// its account as a member whose scope, not a role, says what it may do, through the same permission check as
// the team's (middleware/permission.ts); its locations are its scope like a location manager's.

export const API_KEY_MISSING = "Send an API key: Authorization: Bearer ck_live_…";
export const API_KEY_INVALID = "This API key is not valid, or has been revoked";
export const API_KEY_RATE_LIMITED = "Too many requests with this API key: at most 600 a minute";

export const requireApiKey = createMiddleware<AppEnv>(async (c, next) => {
  const secret = /^Bearer (\S+)$/.exec(c.req.header("Authorization") ?? "")?.[1];
  if (!secret) throw unauthorized(API_KEY_MISSING);
  if (!API_KEY_PATTERN.test(secret)) throw unauthorized(API_KEY_INVALID);
  const found = await apiKeyForHash(c.var.db, await sha256Hex(secret));
  if (!found || found.key.revokedAt !== null) throw unauthorized(API_KEY_INVALID);
  const { key } = found;
  const limit = await hit(c.var.db, `api-key:${key.id}`, API_KEY_RATE);
  if (!limit.allowed) throw tooManyRequests(API_KEY_RATE_LIMITED, limit.retryAfter);
  const user = effectiveBilling(found.user);
  if (subscriptionRequired(user.subscriptionStatus)) throw new ApiError(402, SUBSCRIPTION_REQUIRED);
  const scope = key.scope === "read_write" ? "read_write" : "read";
  c.set("user", user);
  c.set("member", {
    id: key.id,
    name: `${key.name} (API key)`,
    role: "admin",
    locationIds: key.locationIds === null ? null : (JSON.parse(key.locationIds) as string[]),
    mayApprovePay: false,
    apiKey: { scope, seesPay: apiKeySeesPay(scope, user.apiPayData) },
  });
  c.executionCtx.waitUntil(touchApiKey(c.var.db, key.id, LAST_USED_EVERY_MS).run());
  await enforcePermission(c);
  await next();
});
