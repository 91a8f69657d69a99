import { requireApiKey } from "../middleware/api-key";
import { developmentOnly } from "../middleware/development-only";
import { requireKioskDevice } from "../middleware/kiosk-device";
import { requireAccount, requireManager } from "../middleware/session";
import { requireStaff } from "../middleware/staff-session";
import { requireSuperAdmin } from "../middleware/super-admin";
import type { TableRoute } from "./route-table";

// Who may call a route, read from the guards that run for it (the route table lists them): the same
// middleware that admits a caller is what the document names, so the two cannot disagree.

export type Caller = "public" | "account" | "manager" | "super-admin" | "kiosk-device" | "staff" | "api-key";

export type Access = { caller: Caller; developmentOnly: boolean };

/** The strictest guard first: requireManager also authenticates the account. */
const GUARDS: readonly [unknown, Caller][] = [
  [requireSuperAdmin, "super-admin"],
  [requireManager, "manager"],
  [requireAccount, "account"],
  [requireKioskDevice, "kiosk-device"],
  [requireStaff, "staff"],
  [requireApiKey, "api-key"],
];

export function accessOf(route: TableRoute): Access {
  const guard = GUARDS.find(([middleware]) => route.handlers.includes(middleware));
  return { caller: guard?.[1] ?? "public", developmentOnly: route.handlers.includes(developmentOnly) };
}

/** What each caller is, in the words of the document. */
export const CALLERS: Record<Caller, { scheme?: string; says: string }> = {
  public: { says: "No token (a route may check a ticket or a signature of its own)." },
  account: {
    scheme: "accountSession",
    says: "A signed-in account's session token, whatever the state of its subscription.",
  },
  manager: {
    scheme: "managerSession",
    says: "A manager's session token; an account that must pay first is answered 402.",
  },
  "super-admin": { scheme: "superAdminSession", says: "The super admin's session token." },
  "kiosk-device": { scheme: "kioskDevice", says: "A paired kiosk's device token." },
  staff: {
    scheme: "staffSession",
    says: "A staff app session (docs/staff-app.md): the signed-in employee's own records, nothing else.",
  },
  "api-key": {
    scheme: "apiKey",
    says: "An API key, `ck_live_…` (docs/public-api.md), made in Settings → Integrations: its scope (read or read_write) and its locations say what it opens; 600 requests a minute.",
  },
};
