import type { ApiKeyScope } from "../contracts/api-keys";
import type { Permission } from "./team-roles";

// What an API key may do (docs/public-api.md, "Scopes"): fixed permission lists, checked by the same
// middleware as team roles (middleware/permission.ts). Pure data and small functions, no I/O.

/** Every key's secret starts so: a leaked one is recognisable (and scanners can look for it). */
export const API_KEY_PREFIX = "ck_live_";
/** The prefix and a 256-bit secret in base64url. */
export const API_KEY_PATTERN = /^ck_live_[A-Za-z0-9_-]{43}$/;
/** Characters of the secret kept in clear, with the prefix, for the list. */
export const API_KEY_VISIBLE = API_KEY_PREFIX.length + 4;

/** Requests a key may make in a minute, counted atomically (worker/db/rate-limits.ts). */
export const API_KEY_RATE = { limit: 600, windowMs: 60_000 };
/** The key's last use is written at most this often. */
export const LAST_USED_EVERY_MS = 60_000;

const READ: readonly Permission[] = [
  "locations:read",
  "employees:read",
  "timesheets:read",
  "rota:read",
  "leave:read",
];
const WRITE: readonly Permission[] = ["employees:edit", "rota:edit", "timesheets:edit"];

export const apiKeyCan = (scope: ApiKeyScope, permission: Permission) =>
  READ.includes(permission) || (scope === "read_write" && WRITE.includes(permission));

/** Pay rates leave through the API only for a read-write key, and only when the account allows it. */
export const apiKeySeesPay = (scope: ApiKeyScope, accountAllows: boolean) =>
  scope === "read_write" && accountAllows;

export const API_KEY_DENIED = (scope: ApiKeyScope) =>
  scope === "read"
    ? "This API key is read-only: create a read-write key to make changes."
    : "API keys cannot do this.";
