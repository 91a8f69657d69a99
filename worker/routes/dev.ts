import { Hono } from "hono";
import {
  billingStateRequest,
  type ForgottenSessionResponse,
  forgottenSessionRequest,
  type OutboxResponse,
  outboxQuery,
  type TeamMemberResponse,
  teamMemberRequest,
} from "../contracts/dev";
import type { SuccessResponse } from "../contracts/employees";
import { LOCATION_NOT_FOUND } from "../contracts/locations";
import { SOCKET_CLOSE } from "../contracts/socket-close";
import { benchWrite, insertTeamMember, setBillingStateByEmail } from "../db/dev-tools";
import { outboxAttachments, outboxFor } from "../db/email-outbox";
import { findOwnedEmployee } from "../db/employees";
import { listLocations } from "../db/locations";
import { accessProblem, normalisedAccess } from "../domain/team-members";
import { hubFor } from "../durable/client";
import { hashPassword, newId } from "../lib/crypto";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { jsonBody, noBody, query } from "../lib/validate";
import { developmentOnly } from "../middleware/development-only";
import { requireManager } from "../middleware/session";
import { disconnectAccount } from "../services/location-hubs";
import { xeroSandbox } from "../services/xero/sandbox";
import type { AppEnv } from "../types";

/** Development-only helpers. Anywhere else every path here is a plain 404. */
export const devRoutes = new Hono<AppEnv>()
  .use(developmentOnly)
  .get("/outbox", query(outboxQuery), async (c) => {
    const rows = await outboxFor(c.get("db"), c.req.valid("query").email, 50);
    return c.json<OutboxResponse>({
      messages: rows.map((row) => ({
        id: row.id,
        to: row.toEmail,
        subject: row.subject,
        body: row.body,
        code: /\b(\d{6})\b/.exec(row.body)?.[1] ?? null,
        attachments: outboxAttachments(row.attachments).map((a) => ({
          filename: a.filename,
          content_type: a.contentType,
          content: a.content,
        })),
        created_at: new Date(row.createdAt).toISOString(),
      })),
    });
  })
  .post("/billing-state", jsonBody(billingStateRequest), async (c) => {
    const body = c.req.valid("json");
    const accountId = await setBillingStateByEmail(c.get("db"), body.email, body.subscription_status);
    if (!accountId) throw notFound("No account with that email");
    await disconnectAccount(c.env, c.get("db"), accountId, { user: accountId }, SOCKET_CLOSE.subscription);
    return c.json<SuccessResponse>({ success: true });
  })
  .post("/forgotten-session", requireManager, jsonBody(forgottenSessionRequest), async (c) => {
    const { employee_id, hours_ago } = c.req.valid("json");
    const owned = await findOwnedEmployee(c.get("db"), c.get("user").id, employee_id);
    if (!owned) throw notFound("Employee not found");
    const checkIn = Math.floor((Date.now() - hours_ago * 60 * 60_000) / 60_000) * 60_000;
    const inserted = await hubFor(c.env, owned.employee.locationId).importSessions([
      { id: newId(), employeeId: employee_id, checkIn, checkOut: null, closedBy: null, createdAt: checkIn },
    ]);
    if (inserted === 0) throw badRequest("That employee is checked in already");
    // As after any change the hub must know: it sets its alarm for the session's auto-close, due already.
    await hubFor(c.env, owned.employee.locationId).changed("attendance");
    return c.json<ForgottenSessionResponse>(
      { success: true, check_in_at: new Date(checkIn).toISOString() },
      201,
    );
  })
  .post("/team-member", requireManager, jsonBody(teamMemberRequest), async (c) => {
    const body = c.req.valid("json");
    const { db, user } = c.var;
    const access = normalisedAccess({
      role: body.role,
      locationIds: body.location_ids,
      mayApprovePay: body.may_approve_pay,
    });
    const live = new Set((await listLocations(db, user.id)).map((location) => location.id));
    if (access.locationIds.some((id) => !live.has(id))) throw notFound(LOCATION_NOT_FOUND);
    const problem = accessProblem(access);
    if (problem) throw badRequest(problem);
    const person = { name: body.name, email: body.email, passwordHash: await hashPassword(body.password) };
    const made = await insertTeamMember(db, user.id, person, access);
    if (!made) throw new ApiError(409, "That e-mail already has a Clocked account");
    return c.json<TeamMemberResponse>({ member_id: made.id, username: made.username }, 201);
  })
  /** The kiosk benchmark's baseline (bench/kiosk.ts): a signed-in call that writes one D1 row. */
  .post("/bench-write", noBody, requireManager, async (c) => {
    await benchWrite(c.get("db"), c.get("user").id);
    return c.json<SuccessResponse>({ success: true });
  })
  /** `npm run dev`'s Xero sign-in page (docs/xero.md): it sends the browser straight back with a code. */
  .get("/xero/identity/connect/authorize", async (c) => {
    const answer = await xeroSandbox(c.req.raw, "/identity/connect/authorize");
    if (answer.status !== 302) throw badRequest("Not a sign-in request Xero would take");
    return answer;
  });
