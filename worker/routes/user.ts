import { zipSync } from "fflate";
import { Hono } from "hono";
import { ACCOUNT_CLOSED_MESSAGE, type CloseAccountResponse, closeAccountRequest } from "../contracts/account";
import {
  type CancelResponse,
  type ChangePlanResponse,
  changePlanRequest,
  type MeResponse,
} from "../contracts/billing";
import { type EmailPreferences, emailPreferences } from "../contracts/email-preferences";
import { accountData } from "../db/account-data";
import { ACCOUNT_WIDE, recordExport } from "../db/audit";
import { accountUsage, findUserById } from "../db/billing";
import { emailPreferencesOf, setEmailPreferences } from "../db/email-preferences";
import { hit } from "../db/rate-limits";
import { accountExportFiles } from "../domain/account-export";
import { type PlanInfo, planInfo, subscriptionRequired } from "../domain/plans";
import { type SubscriptionStatus, subscriptionStatusOf } from "../domain/subscription";
import { tooManyRequests, unauthorized } from "../lib/errors";
import { jsonBody, noBody } from "../lib/validate";
import { actorOf, requireAccount } from "../middleware/session";
import { closeAccount, confirmClosure } from "../services/account-closure";
import { cancelSubscription, changePlan } from "../services/billing/account";
import { allHubData } from "../services/location-hubs";
import { sessionAnswer } from "../services/sign-in";
import { holidayRecords } from "../services/worker-holiday";
import type { AppEnv } from "../types";

// The /user calls, and leaving: the export and closing the account. Open to an account that
// must pay first: the plan-choice screen uses them, and an account that will not pay may still leave.

/** Exports are heavy (every row the account holds): a few an hour is plenty for a person. */
const EXPORTS_PER_HOUR = { limit: 5, windowMs: 60 * 60_000 };
const EXPORT_THROTTLED =
  "You have downloaded your data several times in the last hour. Please try again later.";

export const userRoutes = new Hono<AppEnv>()
  .use(requireAccount)
  .get("/me", async (c) => {
    const user = c.get("user");
    const member = c.get("member");
    // The owner is the account's own row; a member's own row holds their name, e-mail and username.
    const person = member.id === user.id ? user : await findUserById(c.get("db"), member.id);
    if (!person) throw unauthorized("Your session has expired. Please log in again.");
    return c.json<MeResponse>({
      ...sessionAnswer(person, user, member),
      subscription_required: subscriptionRequired(user.subscriptionStatus),
    });
  })

  .get("/plan-info", async (c) => {
    const user = c.get("user");
    return c.json<PlanInfo>(planInfo(user, await accountUsage(c.get("db"), user.id)));
  })

  // The signed-in person's own choices (a member's, not their account owner's).
  .get("/email-preferences", async (c) =>
    c.json<EmailPreferences>(await emailPreferencesOf(c.get("db"), c.get("member").id)),
  )

  .put("/email-preferences", jsonBody(emailPreferences), async (c) => {
    const choices = c.req.valid("json");
    await setEmailPreferences(c.get("db"), c.get("member").id, choices);
    return c.json<EmailPreferences>(choices);
  })

  .get("/subscription-status", (c) => c.json<SubscriptionStatus>(subscriptionStatusOf(c.get("user"))))

  .post("/subscription/change-plan", jsonBody(changePlanRequest), async (c) => {
    const { new_plan } = c.req.valid("json");
    return c.json<ChangePlanResponse>(await changePlan(c.env, c.get("db"), c.get("user"), new_plan));
  })

  .post("/subscription/cancel", noBody, async (c) => {
    return c.json<CancelResponse>(await cancelSubscription(c.env, c.get("db"), c.get("user")));
  })

  .get("/export", async (c) => {
    const user = c.get("user");
    const db = c.get("db");
    const limit = await hit(db, `export:${user.id}`, EXPORTS_PER_HOUR);
    if (!limit.allowed) throw tooManyRequests(EXPORT_THROTTLED, limit.retryAfter);
    const now = Date.now();
    const data = await accountData(db, user, now);
    const { statuses, ...held } = await allHubData(
      c.env,
      data.locations.map((location) => location.id),
    );
    const employees = data.employees.map((employee) => ({
      ...employee,
      currentStatus: statuses.get(employee.id)?.status ?? "active",
      statusNote: statuses.get(employee.id)?.note ?? null,
    }));
    const holidayBalances = await holidayRecords(c.env, db, user.id, now);
    const files = accountExportFiles({ ...data, ...held, employees, holidayBalances }, now);
    const encoder = new TextEncoder();
    const zip = zipSync(Object.fromEntries(files.map((file) => [file.name, encoder.encode(file.text)])), {
      level: 6,
      mtime: now,
    });
    const day = new Date(now).toISOString().slice(0, 10);
    const details = { files: files.length };
    await recordExport(db, {
      userId: user.id,
      actor: actorOf(c),
      locationId: ACCOUNT_WIDE,
      action: "account_exported",
      details,
    });
    return c.body(zip, 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="clocked-account-export-${day}.zip"`,
    });
  })

  .post("/close-account", jsonBody(closeAccountRequest), async (c) => {
    const now = Date.now();
    await closeAccount(c.env, c.get("db"), c.get("user"), c.req.valid("json").password, now);
    c.executionCtx.waitUntil(confirmClosure(c.env, c.get("db"), c.get("user"), now));
    return c.json<CloseAccountResponse>({ message: ACCOUNT_CLOSED_MESSAGE });
  });
