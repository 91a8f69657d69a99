import { Hono } from "hono";
import {
  API_KEY_LIMIT,
  API_KEY_LOCATION_NOT_FOUND,
  API_KEY_NOT_FOUND,
  type ApiKeyCreated,
  type ApiKeysResponse,
  apiKeyParams,
  apiPayDataRequest,
  createApiKeyRequest,
} from "../contracts/api-keys";
import { apiKeyView, insertApiKey, liveApiKeys, revokeApiKey, setApiPayData } from "../db/api-keys";
import { accountSettingAudit } from "../db/audit";
import { runBatch } from "../db/batch";
import { listLocations } from "../db/locations";
import { API_KEY_PREFIX, API_KEY_VISIBLE } from "../domain/api-keys";
import { base64url, newId, randomBytes, sha256Hex } from "../lib/crypto";
import { badRequest, forbidden, notFound } from "../lib/errors";
import { jsonBody, noBody, params } from "../lib/validate";
import { actorOf } from "../middleware/session";
import type { AppEnv } from "../types";

// Settings → Integrations → API keys (docs/public-api.md, "Keys"): owners and admins create, list and revoke the
// account's keys. The secret is answered once and kept only as its SHA-256.

/** Live keys an account may hold at once. */
const MAX_KEYS = 50;

export const apiKeyRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const keys = await liveApiKeys(c.var.db, c.var.user.id);
    return c.json<ApiKeysResponse>({ keys: keys.map(apiKeyView), api_pay_data: c.var.user.apiPayData });
  })

  .post("/", jsonBody(createApiKeyRequest), async (c) => {
    const { db, user } = c.var;
    const body = c.req.valid("json");
    const locationIds = body.location_ids ? [...new Set(body.location_ids)] : null;
    if (locationIds) {
      const owned = new Set((await listLocations(db, user.id)).map((location) => location.id));
      if (locationIds.some((id) => !owned.has(id))) throw badRequest(API_KEY_LOCATION_NOT_FOUND);
    }
    const secret = `${API_KEY_PREFIX}${base64url(randomBytes(32))}`;
    const row = await insertApiKey(
      db,
      {
        id: newId(),
        userId: user.id,
        actor: actorOf(c),
        name: body.name,
        scope: body.scope,
        locationIds,
        prefix: secret.slice(0, API_KEY_VISIBLE),
        secretHash: await sha256Hex(secret),
      },
      MAX_KEYS,
    );
    if (!row) throw forbidden(API_KEY_LIMIT);
    return c.json<ApiKeyCreated>({ key: apiKeyView(row), secret }, 201);
  })

  .delete("/:keyId", params(apiKeyParams), noBody, async (c) => {
    const revoked = await revokeApiKey(c.var.db, c.var.user.id, actorOf(c), c.req.valid("param").keyId);
    if (!revoked) throw notFound(API_KEY_NOT_FOUND);
    return c.json({ success: true as const });
  })

  .put("/pay-data", jsonBody(apiPayDataRequest), async (c) => {
    const { db, user } = c.var;
    const allowed = c.req.valid("json").api_pay_data;
    await runBatch(db, [
      setApiPayData(db, user.id, allowed),
      accountSettingAudit(
        user.id,
        actorOf(c),
        "api_pay_data_changed",
        { api_pay_data: user.apiPayData },
        { api_pay_data: allowed },
      ),
    ]);
    return c.json({ api_pay_data: allowed });
  });
