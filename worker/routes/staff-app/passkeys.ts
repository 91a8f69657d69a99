import { Hono } from "hono";
import {
  PASSKEY_ALREADY_ADDED,
  PASSKEY_NOT_FOUND,
  type PasskeyRegistrationOptions,
  passkeyParams,
  passkeyRegistrationRequest,
  type StaffPasskeysResponse,
} from "../../contracts/staff-passkeys";
import { passkeysOf, removePasskey, savePasskey } from "../../db/staff-passkeys";
import { badRequest, notFound } from "../../lib/errors";
import { jsonBody, noBody, params } from "../../lib/validate";
import { registrationOptions, relyingParty, verifiedRegistration } from "../../services/staff-passkeys";
import type { AppEnv } from "../../types";

// The signed-in staff member's passkeys (docs/staff-app.md, "Signing in"): add one from this phone, list
// them, remove one. Mounted at /api/staff/me behind the staff session guard; only their own.

export const staffPasskeyRoutes = new Hono<AppEnv>()
  .post("/passkeys/options", noBody, async (c) => {
    const rp = relyingParty(c.env, c.req.url);
    return c.json<PasskeyRegistrationOptions>(await registrationOptions(c.var.db, rp, c.var.staff));
  })

  .post("/passkeys", jsonBody(passkeyRegistrationRequest), async (c) => {
    const { db, staff } = c.var;
    const passkey = await verifiedRegistration(
      db,
      relyingParty(c.env, c.req.url),
      staff,
      c.req.valid("json"),
    );
    const saved = await savePasskey(db, passkey);
    if (!saved) throw badRequest(PASSKEY_ALREADY_ADDED);
    return c.json({ id: saved.id, created_at: saved.createdAt, last_used_at: saved.lastUsedAt }, 201);
  })

  .get("/passkeys", async (c) => {
    const rows = await passkeysOf(c.var.db, c.var.staff.employeeId);
    const passkeys = rows.map((row) => ({
      id: row.id,
      created_at: row.createdAt,
      last_used_at: row.lastUsedAt,
    }));
    return c.json<StaffPasskeysResponse>({ passkeys });
  })

  .delete("/passkeys/:passkeyId", params(passkeyParams), noBody, async (c) => {
    const { passkeyId } = c.req.valid("param");
    if (!(await removePasskey(c.var.db, c.var.staff.employeeId, passkeyId)))
      throw notFound(PASSKEY_NOT_FOUND);
    return c.json({ success: true });
  });
