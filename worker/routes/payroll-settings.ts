import { Hono } from "hono";
import { type PayrollSettingsResponse, payrollSettingsRequest } from "../contracts/payroll-settings";
import { readPayrollSettings, savePayrollSettings } from "../db/payroll-settings";
import { requireFeature } from "../lib/plan-gate";
import { jsonBody } from "../lib/validate";
import { actorOf } from "../middleware/session";
import type { AppEnv } from "../types";

// The account's payroll settings (docs/payroll-exports.md, "Pay codes per format"): each payroll format's
// code for each pay element, and rolled-up holiday pay. Reading is open to every plan (the export shows the
// codes beside each format); changing them belongs with payroll exports, on Pro and Business.

export const payrollSettingsRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const { db, user } = c.var;
    return c.json<PayrollSettingsResponse>({ payroll_settings: await readPayrollSettings(db, user.id) });
  })

  .put("/", jsonBody(payrollSettingsRequest), async (c) => {
    const { db, user } = c.var;
    requireFeature(user, "payroll");
    const settings = await savePayrollSettings(db, user.id, actorOf(c), c.req.valid("json"));
    return c.json<PayrollSettingsResponse>({ payroll_settings: settings });
  });
