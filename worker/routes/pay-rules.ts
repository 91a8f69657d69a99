import { Hono } from "hono";
import { locationParams } from "../contracts/params";
import { type PayRulesResponse, payRulesRequest } from "../contracts/pay";
import { readPayRules, savePayRules } from "../db/pay-rules";
import { safeTimeZone } from "../domain/local-time";
import { payScheduleProblem } from "../domain/pay-periods";
import { payPeriodOptions } from "../domain/periods";
import { badRequest } from "../lib/errors";
import { requireFeature } from "../lib/plan-gate";
import { jsonBody, params } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import { actorOf } from "../middleware/session";
import type { AppEnv } from "../types";

// A location's pay schedule and the pay periods it makes. Reading is open to every plan (pay
// periods are among the Hours tab's choices); changing it belongs with approval and payroll, on Pro and
// Business.

async function answer(db: Parameters<typeof readPayRules>[0], location: { id: string; timezone: string }) {
  const rules = await readPayRules(db, location.id);
  const schedule = { frequency: rules.pay_frequency, anchorDate: rules.pay_anchor_date };
  return {
    pay_rules: rules,
    pay_periods: payPeriodOptions(schedule, safeTimeZone(location.timezone), Date.now()),
  } satisfies PayRulesResponse;
}

export const payRulesRoutes = new Hono<AppEnv>()
  .get("/:locationId", params(locationParams), ownedLocation, async (c) =>
    c.json<PayRulesResponse>(await answer(c.var.db, c.var.location)),
  )

  .put("/:locationId", params(locationParams), jsonBody(payRulesRequest), ownedLocation, async (c) => {
    const { db, user, location } = c.var;
    requireFeature(user, "payroll");
    const input = c.req.valid("json");
    const problem = payScheduleProblem({ frequency: input.pay_frequency, anchorDate: input.pay_anchor_date });
    if (problem) throw badRequest(problem);
    await savePayRules(db, user.id, actorOf(c), location.id, input);
    return c.json<PayRulesResponse>(await answer(db, location));
  });
