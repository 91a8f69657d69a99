import { Hono } from "hono";
import {
  PUSH_NOT_CONFIGURED,
  PUSH_UNKNOWN_SERVICE,
  type PushKeyResponse,
  pushSubscriptionRequest,
  pushUnsubscribeRequest,
} from "../../contracts/staff-phone";
import { deletePushSubscription, savePushSubscription } from "../../db/push-subscriptions";
import { ApiError, badRequest, notFound } from "../../lib/errors";
import { jsonBody } from "../../lib/validate";
import { isPushEndpoint, vapidKeys } from "../../services/staff-push";
import type { AppEnv } from "../../types";

// Web Push subscriptions of the signed-in staff member's phones (docs/staff-app.md, "Notifications").

/** Without VAPID keys nothing can be sent: a 503, never a made-up key. */
function requireVapid(env: Env) {
  const keys = vapidKeys(env);
  if (!keys) throw new ApiError(503, PUSH_NOT_CONFIGURED);
  return keys;
}

export const staffPushRoutes = new Hono<AppEnv>()
  .get("/push/key", async (c) => c.json<PushKeyResponse>({ public_key: requireVapid(c.env).publicKey }))

  .post("/push-subscriptions", jsonBody(pushSubscriptionRequest), async (c) => {
    requireVapid(c.env);
    const { endpoint, keys } = c.req.valid("json");
    if (!isPushEndpoint(c.env, endpoint)) throw badRequest(PUSH_UNKNOWN_SERVICE);
    await savePushSubscription(c.var.db, c.var.staff.employeeId, { endpoint, ...keys });
    return c.json({ success: true }, 201);
  })

  .delete("/push-subscriptions", jsonBody(pushUnsubscribeRequest), async (c) => {
    const { endpoint } = c.req.valid("json");
    if (!(await deletePushSubscription(c.var.db, c.var.staff.employeeId, endpoint))) throw notFound();
    return c.json({ success: true });
  });
