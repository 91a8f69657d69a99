import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { billingStateRequest, type OutboxResponse, outboxQuery } from "../contracts/dev";
import type { SuccessResponse } from "../contracts/employees";
import { SOCKET_CLOSE } from "../contracts/socket-close";
import { auditLog, emailOutbox, users } from "../db/schema";
import { isDevelopment } from "../lib/config";
import { newId } from "../lib/crypto";
import { notFound } from "../lib/errors";
import { disconnectAccount } from "../lib/hub";
import { jsonBody, noBody, query } from "../lib/validate";
import { requireManager } from "../middleware/session";
import type { AppEnv } from "../types";

/** Development-only helpers. Anywhere else every path here is a plain 404. */
export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!isDevelopment(c.env)) throw notFound();
    await next();
  })
  .get("/outbox", query(outboxQuery), async (c) => {
    const rows = await c
      .get("db")
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toEmail, c.req.valid("query").email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(50);
    return c.json<OutboxResponse>({
      messages: rows.map((row) => ({
        id: row.id,
        to: row.toEmail,
        subject: row.subject,
        body: row.body,
        code: /\b(\d{6})\b/.exec(row.body)?.[1] ?? null,
        created_at: new Date(row.createdAt).toISOString(),
      })),
    });
  })
  .post("/billing-state", jsonBody(billingStateRequest), async (c) => {
    const body = c.req.valid("json");
    const updated = await c
      .get("db")
      .update(users)
      .set({ subscriptionStatus: body.subscription_status, cancelAtPeriodEnd: false })
      .where(eq(users.email, body.email))
      .returning({ id: users.id });
    const [account] = updated;
    if (!account) throw notFound("No account with that email");
    await disconnectAccount(c.env, c.get("db"), account.id, { user: account.id }, SOCKET_CLOSE.subscription);
    return c.json<SuccessResponse>({ success: true });
  })
  /** The kiosk benchmark's baseline (bench/kiosk.ts): a signed-in call that writes one D1 row. */
  .post("/bench-write", noBody, requireManager, async (c) => {
    const userId = c.get("user").id;
    await c.get("db").insert(auditLog).values({
      id: newId(),
      userId,
      locationId: "bench",
      entity: "location",
      entityId: userId,
      action: "bench_write",
    });
    return c.json<SuccessResponse>({ success: true });
  });
