import { z } from "zod";
import { idParam } from "./params";
import { isSafeText, unsafeTextMessage } from "./text";

// Settings → Integrations → API keys (docs/public-api.md): what the dashboard sends and gets back.

export const API_KEY_SCOPES = ["read", "read_write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const createApiKeyRequest = z.strictObject({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(80, "Name must be at most 80 characters")
    .refine(isSafeText, unsafeTextMessage("Name")),
  scope: z.enum(API_KEY_SCOPES, { error: "Scope must be read or read_write" }),
  /** Absent or null: every location of the account, now and later. */
  location_ids: z
    .array(idParam("Location id"), { error: "Locations must be a list of location ids" })
    .min(1, "Choose at least one location, or none for every location")
    .max(500, "Too many locations")
    .nullable()
    .optional(),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequest>;

export const apiKeyParams = z.object({ keyId: idParam("Key id") });

export const apiPayDataRequest = z.strictObject({
  api_pay_data: z.boolean({ error: "api_pay_data must be true or false" }),
});

export type ApiKey = {
  id: string;
  name: string;
  scope: ApiKeyScope;
  location_ids: string[] | null;
  /** The secret's first characters (`ck_live_abcd`), to tell keys apart. */
  prefix: string;
  created_by_name: string;
  created_at: string;
  last_used_at: string | null;
};

export type ApiKeysResponse = { keys: ApiKey[]; api_pay_data: boolean };
/** The secret, shown this once: only its hash is kept. */
export type ApiKeyCreated = { key: ApiKey; secret: string };

export const API_KEY_NOT_FOUND = "API key not found";
export const API_KEY_LOCATION_NOT_FOUND = "One of the chosen locations was not found";
export const API_KEY_LIMIT = "An account may have at most 50 API keys: revoke one you no longer use";
