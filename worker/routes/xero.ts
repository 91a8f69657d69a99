import { type Context, Hono } from "hono";
import { EMPLOYEE_NOT_FOUND, type SuccessResponse } from "../contracts/employees";
import { locationParams } from "../contracts/params";
import {
  XERO_NOT_CONNECTED,
  XERO_ORGANISATION_UNKNOWN,
  XERO_PERIOD_NOT_APPROVED,
  XERO_PICK_ORGANISATION,
  type XeroConnectResponse,
  type XeroEarningsRatesResponse,
  type XeroEmployeesResponse,
  type XeroSendsResponse,
  type XeroStatusResponse,
  xeroCallbackQuery,
  xeroEarningsRatesRequest,
  xeroEmployeeLinksRequest,
  xeroOrganisationRequest,
  xeroSendRequest,
} from "../contracts/xero";
import { readPaySchedule } from "../db/pay-rules";
import {
  accountEmployees,
  chooseTenant,
  connectionOf,
  earningsRatesOf,
  sendsAt,
  setEarningsRates,
  setEmployeeLinks,
} from "../db/xero";
import { safeTimeZone } from "../domain/local-time";
import { resolvePeriod } from "../domain/periods";
import { suggestXeroEmployee } from "../domain/xero";
import { hubFor } from "../durable/client";
import { isDevelopment } from "../lib/config";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { requireFeature } from "../lib/plan-gate";
import { jsonBody, noBody, params, query } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import { XERO_NOT_SET_UP, XeroError, type XeroSetup, xeroSetup } from "../services/xero/client";
import {
  disconnect,
  finishConnect,
  startConnect,
  xeroEarningsRates,
  xeroEmployees,
} from "../services/xero/link";
import { planPeriod } from "../services/xero/send";
import type { AppEnv } from "../types";

// Xero Payroll UK (docs/xero.md): the account's connection, its mappings, and the approved pay periods sent.
// Without Xero configuration every call but the status is a 503 with a detail; the status says "not set up".

function setupOf(env: Env): XeroSetup {
  const setup = xeroSetup(env);
  if (!setup) {
    console.error("Xero is not configured: set XERO_CLIENT_ID, XERO_CLIENT_SECRET and XERO_TOKEN_KEY");
    throw new ApiError(503, XERO_NOT_SET_UP);
  }
  return setup;
}

/** A live call to Xero: its refusal in words (409), its rate limit as ours (503 with Retry-After). */
async function fromXero<T>(call: Promise<T | null>): Promise<T> {
  try {
    const answer = await call;
    if (answer === null) throw new ApiError(409, XERO_NOT_CONNECTED);
    return answer;
  } catch (error) {
    if (!(error instanceof XeroError)) throw error;
    if (error.status === 429) throw new ApiError(503, error.words, error.retryAfter ?? 60);
    throw new ApiError(409, error.words);
  }
}

/** Where Xero sends the manager back: the app's address (in development, wherever the request came to). */
const appOrigin = (c: Context<AppEnv>) =>
  isDevelopment(c.env) ? new URL(c.req.url).origin : c.env.APP_URL.replace(/\/+$/, "");

export const xeroRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const { db, user } = c.var;
    const connection = xeroSetup(c.env) ? await connectionOf(db, user.id) : null;
    return c.json<XeroStatusResponse>({
      set_up: xeroSetup(c.env) !== null,
      connected: connection !== null,
      organisation: connection?.tenantId
        ? { id: connection.tenantId, name: connection.tenantName ?? "" }
        : null,
      organisations: connection ? JSON.parse(connection.tenants) : [],
    });
  })

  /** Starts Xero's sign-in: the address to send the manager's browser to (state and PKCE kept here). */
  .post("/connect", noBody, async (c) => {
    const setup = setupOf(c.env);
    const { db, user, member } = c.var;
    const authorizeUrl = await startConnect(
      setup,
      db,
      { userId: user.id, memberId: member.id },
      { request: new URL(c.req.url).origin, app: appOrigin(c) },
    );
    return c.json<XeroConnectResponse>({ authorize_url: authorizeUrl });
  })

  .put("/organisation", jsonBody(xeroOrganisationRequest), async (c) => {
    setupOf(c.env);
    const { db, user } = c.var;
    const connection = await connectionOf(db, user.id);
    if (!connection) throw new ApiError(409, XERO_NOT_CONNECTED);
    const tenants = JSON.parse(connection.tenants) as { id: string; name: string }[];
    const chosen = tenants.find((t) => t.id === c.req.valid("json").tenant_id);
    if (!chosen) throw badRequest(XERO_ORGANISATION_UNKNOWN);
    await chooseTenant(db, user.id, chosen);
    return c.json<SuccessResponse>({ success: true });
  })

  /** Disconnects: the refresh token revoked at Xero, the connection and its mappings deleted here. */
  .delete("/", async (c) => {
    await disconnect(setupOf(c.env), c.var.db, c.var.user.id);
    return c.json<SuccessResponse>({ success: true });
  })

  .get("/employees", async (c) => {
    const setup = setupOf(c.env);
    const { db, user } = c.var;
    const [people, candidates] = await Promise.all([
      accountEmployees(db, user.id),
      fromXero(xeroEmployees(setup, db, user.id)),
    ]);
    return c.json<XeroEmployeesResponse>({
      employees: people.map((p) => {
        const suggestion = p.xeroEmployeeId ? null : suggestXeroEmployee(p, candidates);
        return {
          employee_id: p.id,
          name: `${p.firstName} ${p.lastName}`,
          payroll_id: p.payrollId,
          xero_employee_id: p.xeroEmployeeId,
          suggestion: suggestion && { xero_employee_id: suggestion.employeeID, by: suggestion.by },
        };
      }),
      // Names and works numbers only: dates of birth stay with the server's suggestion.
      xero_employees: candidates.map((x) => ({
        id: x.employeeID,
        name: `${x.firstName} ${x.lastName}`,
        employee_number: x.employeeNumber,
      })),
    });
  })

  /** Confirms matches (or removes them with null); another account's employee is a 404. */
  .put("/employees", jsonBody(xeroEmployeeLinksRequest), async (c) => {
    setupOf(c.env);
    const { db, user } = c.var;
    const { links } = c.req.valid("json");
    const own = new Set((await accountEmployees(db, user.id)).map((p) => p.id));
    if (links.some((l) => !own.has(l.employee_id))) throw notFound(EMPLOYEE_NOT_FOUND);
    await setEmployeeLinks(
      db,
      user.id,
      links.map((l) => ({ employeeId: l.employee_id, xeroEmployeeId: l.xero_employee_id })),
    );
    return c.json<SuccessResponse>({ success: true });
  })

  .get("/earnings-rates", async (c) => {
    const setup = setupOf(c.env);
    const { db, user } = c.var;
    const [rates, mapping] = await Promise.all([
      fromXero(xeroEarningsRates(setup, db, user.id)),
      earningsRatesOf(db, user.id),
    ]);
    return c.json<XeroEarningsRatesResponse>({
      earnings_rates: rates.map((r) => ({
        id: r.earningsRateID,
        name: r.name,
        earnings_type: r.earningsType,
      })),
      mapping: {
        basic: mapping.get("basic") ?? null,
        overtime: mapping.get("overtime") ?? null,
        premium: mapping.get("premium") ?? null,
      },
    });
  })

  .put("/earnings-rates", jsonBody(xeroEarningsRatesRequest), async (c) => {
    setupOf(c.env);
    await setEarningsRates(c.var.db, c.var.user.id, c.req.valid("json"));
    return c.json<SuccessResponse>({ success: true });
  })

  /** The location's timesheets sent to Xero, per period and employee, with Xero's words when refused. */
  .get("/sends/:locationId", params(locationParams), ownedLocation, async (c) => {
    setupOf(c.env);
    const rows = await sendsAt(c.var.db, c.var.user.id, c.var.location.id);
    return c.json<XeroSendsResponse>({
      sends: rows.map((r) => ({
        period: r.periodKey,
        employee_id: r.employeeId,
        name: `${r.firstName} ${r.lastName}`,
        status: r.status,
        error: r.error,
        xero_timesheet_id: r.xeroTimesheetId,
        updated_at: new Date(r.updatedAt).toISOString(),
      })),
    });
  })

  /**
   * "Send to Xero": plans an approved period's timesheets here (each employee "Waiting" at once) and queues
   * them; sending again updates the same timesheets in Xero.
   */
  .post("/sends/:locationId", params(locationParams), jsonBody(xeroSendRequest), ownedLocation, async (c) => {
    setupOf(c.env);
    const { db, user, location } = c.var;
    requireFeature(user, "payroll");
    const connection = await connectionOf(db, user.id);
    if (!connection) throw new ApiError(409, XERO_NOT_CONNECTED);
    if (!connection.tenantId) throw new ApiError(409, XERO_PICK_ORGANISATION);
    const period = resolvePeriod(
      c.req.valid("json").period,
      safeTimeZone(location.timezone),
      Date.now(),
      await readPaySchedule(db, location.id),
    );
    if (!period) throw badRequest("Unknown pay period: use pay_YYYY-MM-DD, a pay period's first day");
    const { approvals } = await hubFor(c.env, location.id).entries(period);
    if (approvals.length === 0) throw new ApiError(409, XERO_PERIOD_NOT_APPROVED);
    await planPeriod(c.env, db, {
      type: "period",
      userId: user.id,
      locationId: location.id,
      periodKey: period.key,
    });
    return c.json<{ queued: true }>({ queued: true }, 202);
  });

/** Xero sends the manager's browser back here: public, the state is what binds it to the account. */
export const xeroCallbackRoutes = new Hono<AppEnv>().get("/callback", query(xeroCallbackQuery), async (c) => {
  const back = (outcome: string) => c.redirect(`/manager-dashboard?integrations=xero&xero=${outcome}`, 302);
  const setup = xeroSetup(c.env);
  const { code, state } = c.req.valid("query");
  if (!setup || !code || !state) return back("cancelled");
  try {
    return back((await finishConnect(setup, c.var.db, state, code)) ? "connected" : "expired");
  } catch (error) {
    if (!(error instanceof XeroError)) throw error;
    console.error(`[xero] callback: ${error.message}`);
    return back("failed");
  }
});
