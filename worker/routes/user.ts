import { Hono } from "hono";
import {
  type CancelResponse,
  type ChangePlanResponse,
  changePlanRequest,
  type MeResponse,
} from "../contracts/billing";
import { toSessionUser } from "../db/accounts";
import { accountUsage } from "../db/billing";
import { type PlanInfo, planInfo, subscriptionRequired } from "../domain/plans";
import { type SubscriptionStatus, subscriptionStatusOf } from "../domain/subscription";
import { jsonBody, noBody } from "../lib/validate";
import { requireAccount } from "../middleware/session";
import { cancelSubscription, changePlan } from "../services/billing/account";
import type { AppEnv } from "../types";

// Spec §7 /user calls. Open to an account that must pay first: the plan-choice screen uses them.

export const userRoutes = new Hono<AppEnv>()
  .use(requireAccount)
  .get("/me", (c) => {
    const user = c.get("user");
    return c.json<MeResponse>({
      user: toSessionUser(user),
      subscription_required: subscriptionRequired(user.subscriptionStatus),
    });
  })

  .get("/plan-info", async (c) => {
    const user = c.get("user");
    return c.json<PlanInfo>(planInfo(user, await accountUsage(c.get("db"), user.id)));
  })

  .get("/subscription-status", (c) => c.json<SubscriptionStatus>(subscriptionStatusOf(c.get("user"))))

  .post("/subscription/change-plan", jsonBody(changePlanRequest), async (c) => {
    const { new_plan } = c.req.valid("json");
    return c.json<ChangePlanResponse>(await changePlan(c.env, c.get("db"), c.get("user"), new_plan));
  })

  .post("/subscription/cancel", noBody, async (c) => {
    return c.json<CancelResponse>(await cancelSubscription(c.env, c.get("db"), c.get("user")));
  });
