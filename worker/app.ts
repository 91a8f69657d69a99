import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { getDb } from "./db/client";
import { LOGO_MAX_BYTES, LOGO_TOO_LARGE } from "./domain/logo-image";
import { HubUnavailable } from "./durable/client";
import { newId } from "./lib/crypto";
import { ApiError, describeError } from "./lib/errors";
import { API_SECURITY_HEADERS } from "./lib/security-headers";
import { requireManager } from "./middleware/session";
import { aiAssistantRoutes } from "./routes/ai-assistant";
import { apiKeyRoutes } from "./routes/api-keys";
import { authRoutes } from "./routes/auth";
import { availableMonthsRoutes } from "./routes/available-months";
import { billingRoutes } from "./routes/billing";
import { complianceRoutes } from "./routes/compliance";
import { devRoutes } from "./routes/dev";
import { employeeBreakRoutes } from "./routes/employee-breaks";
import { employeePayRoutes } from "./routes/employee-pay";
import { employeeRoutes } from "./routes/employees";
import { kioskRoutes } from "./routes/kiosk";
import { kioskDeviceRoutes } from "./routes/kiosk-devices";
import { kioskPageRoutes } from "./routes/kiosk-page";
import { kioskPairingRoutes } from "./routes/kiosk-pairing";
import { kioskSocketRoutes } from "./routes/kiosk-socket";
import { leaveAnalyticsRoutes } from "./routes/leave-analytics";
import { leaveRequestRoutes } from "./routes/leave-requests";
import { liveSocketRoutes } from "./routes/live-socket";
import { liveStatusRoutes } from "./routes/live-status";
import { logoRoutes, publicLogoRoutes } from "./routes/location-logo";
import { breakSettingsRoutes, locationSettingsRoutes } from "./routes/location-settings";
import { locationRoutes } from "./routes/locations";
import { managerAuthRoutes } from "./routes/manager-auth";
import { openApiRoute } from "./routes/openapi";
import { payRulesRoutes } from "./routes/pay-rules";
import { payrollExportRoutes } from "./routes/payroll-export";
import { payrollSettingsRoutes } from "./routes/payroll-settings";
import { publicApi } from "./routes/public-api";
import { automatedReportRoutes, weeklyReportRoutes } from "./routes/reports";
import { rotaRoutes } from "./routes/rota";
import { rotaClaimRoutes } from "./routes/rota-claims";
import { setupRoutes } from "./routes/setup";
import { staffApi } from "./routes/staff-app";
import { staffAppInvitationRoutes } from "./routes/staff-app-invitations";
import { staffHoursRoutes } from "./routes/staff-hours";
import { staffPageRoutes } from "./routes/staff-page";
import { superAdminRoutes } from "./routes/super-admin";
import { teamRoutes } from "./routes/team";
import { invitationLinkRoutes, teamInvitationRoutes } from "./routes/team-invitations";
import { timesheetRoutes } from "./routes/timesheets";
import { userRoutes } from "./routes/user";
import { webhookRoutes } from "./routes/webhooks";
import { xeroCallbackRoutes, xeroRoutes } from "./routes/xero";
import type { AppEnv } from "./types";

const JSON_BODY_LIMIT = 64 * 1024;
/** Stripe events (an invoice with its lines) can outgrow the JSON limit; they are signed, not typed in. */
const WEBHOOK_PATH = "/api/billing/webhook";
const WEBHOOK_BODY_LIMIT = 1024 * 1024;
/** Logo uploads: the 5 MB file plus room for the multipart framing; the route checks the file itself. */
const LOGO_PATH = /^\/api\/manager\/locations\/[^/]+\/logo$/;
const LOGO_BODY_LIMIT = LOGO_MAX_BYTES + 64 * 1024;
const tooLarge = (c: Context) => c.json({ detail: "Request body is too large" }, 413);
const jsonLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge });
const webhookLimit = bodyLimit({ maxSize: WEBHOOK_BODY_LIMIT, onError: tooLarge });
// Hono's bodyLimit refuses on Content-Length before reading anything, and counts a streamed body as it goes.
const logoLimit = bodyLimit({
  maxSize: LOGO_BODY_LIMIT,
  onError: (c) => c.json({ detail: LOGO_TOO_LARGE }, 413),
});

/** Every API answer is never cached and carries the security headers, unless its route set its own. */
const API_HEADERS = Object.entries({ "Cache-Control": "no-store", ...API_SECURITY_HEADERS });

/**
 * A route that sets its own caching (the logo) keeps it, and its stricter CSP. The headers are written in
 * place: Hono's `c.header` copies a finished response for every header it adds, five copies on every call.
 * Only an answer passed on unchanged from elsewhere (a hub's socket upgrade) has headers that cannot be
 * changed, and is copied once, by Hono.
 */
function setApiHeaders(c: Context) {
  const missing = API_HEADERS.filter(([name]) => !c.res.headers.has(name));
  try {
    for (const [name, value] of missing) c.res.headers.set(name, value);
  } catch {
    for (const [name, value] of missing) c.header(name, value);
  }
}

function limitFor(path: string) {
  if (path === WEBHOOK_PATH) return webhookLimit;
  return LOGO_PATH.test(path) ? logoLimit : jsonLimit;
}

/**
 * The dashboard's calls, /api/manager/*: the session guard runs once, here, for every resource under it.
 * A route that names a location (`:locationId`) loads it with middleware/ownership.ts.
 */
const managerRoutes = new Hono<AppEnv>()
  .use(requireManager)
  .route("/locations", locationRoutes)
  .route("/locations", locationSettingsRoutes)
  .route("/locations", logoRoutes)
  .route("/customization", breakSettingsRoutes)
  .route("/employees", employeeRoutes)
  .route("/employees", staffAppInvitationRoutes)
  .route("/employee-breaks", employeeBreakRoutes)
  .route("/staff-hours", staffHoursRoutes)
  .route("/timesheets", timesheetRoutes)
  .route("/rota", rotaRoutes)
  .route("/rota", rotaClaimRoutes)
  .route("/pay-rules", payRulesRoutes)
  .route("/employee-pay", employeePayRoutes)
  .route("/payroll-export", payrollExportRoutes)
  .route("/payroll-settings", payrollSettingsRoutes)
  .route("/compliance", complianceRoutes)
  .route("/leave-analytics", leaveAnalyticsRoutes)
  .route("/leave-requests", leaveRequestRoutes)
  .route("/reports", availableMonthsRoutes)
  .route("/weekly-reports", weeklyReportRoutes)
  .route("/automated-reports", automatedReportRoutes)
  .route("/live-status", liveStatusRoutes)
  .route("/kiosk-devices", kioskDeviceRoutes)
  .route("/setup", setupRoutes)
  .route("/team/invitations", teamInvitationRoutes)
  .route("/team", teamRoutes)
  .route("/api-keys", apiKeyRoutes)
  .route("/webhooks", webhookRoutes)
  .route("/xero", xeroRoutes);

/**
 * What a kiosk calls, and nothing else: the kiosk's own typed client is built on this (KioskAppType), so
 * its bundle knows no dashboard route. Public (variant A) and paired (variant B) calls, pairing by a
 * one-time code, the kiosk's socket and its ticket, and the location's logo.
 */
const kioskApi = new Hono<AppEnv>()
  .route("/api/kiosk-live", kioskSocketRoutes)
  .route("/api/kiosk", kioskPairingRoutes)
  .route("/api/locations", publicLogoRoutes)
  .route("/api", kioskRoutes);

export const app = new Hono<AppEnv>()
  .use("/api/*", async (c, next) => {
    c.set("requestId", c.req.header("CF-Ray") ?? newId());
    c.set("db", getDb(c.env.DB));
    await next();
    setApiHeaders(c);
  })
  .use("/api/*", (c, next) => limitFor(c.req.path)(c, next))
  .route("/api/auth", authRoutes)
  // Sign-in and sign-out come first: Hono runs a path's handlers in the order they were added, and these
  // answer before the manager sub-app's guard would run (sign-out has its own, requireAccount).
  .route("/api/manager", managerAuthRoutes)
  .route("/api/manager", managerRoutes)
  .route("/api/user", userRoutes)
  .route("/api/team/invitations", invitationLinkRoutes)
  .route("/api/billing", billingRoutes)
  .route("/api/integrations/xero", xeroCallbackRoutes)
  .route("/api/ai-assistant", aiAssistantRoutes)
  .route("/api/super-admin", superAdminRoutes)
  .route("/api/staff", staffApi)
  .route("/api/v1", publicApi)
  .route("/api/live", liveSocketRoutes)
  .route("/", kioskApi)
  .route("/api/dev", devRoutes)
  .get("/api/health", (c) => c.json({ ok: true }))
  .route("/attendance", kioskPageRoutes)
  .route("/me", staffPageRoutes);

// The API's OpenAPI document, built from this app's own route table (so it is mounted once the table is whole).
app.get(
  "/api/openapi.json",
  openApiRoute(() => app.routes),
);

app.notFound((c) => c.json({ detail: "Not found" }, 404));

app.onError((error, c) => {
  if (error instanceof ApiError) {
    if (error.retryAfter) c.header("Retry-After", String(error.retryAfter));
    return c.json({ ...error.extra, detail: error.detail }, error.status);
  }
  if (error instanceof HubUnavailable) {
    // A hub that cannot be reached (or went away mid-call) is a 503 to retry, never a 500.
    console.error(`[${c.get("requestId") ?? "unknown"}] ${error.message}`);
    c.header("Retry-After", String(error.retryAfter));
    return c.json({ detail: error.detail }, 503);
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.json({ detail: error.message || "Bad request" }, error.status);
  }
  // Unexpected: log with the request id (never the body or headers, which may carry secrets).
  const requestId = c.get("requestId") ?? "unknown";
  console.error(`[${requestId}] ${c.req.method} ${c.req.path}: ${describeError(error)}`);
  return c.json({ detail: `Something went wrong on our side. Reference: ${requestId}` }, 500);
});

/** The whole API, for the SPA's typed client (`hc<AppType>`). */
export type AppType = typeof app;
/** The staff app's calls only, for its own small client (app/features/staff-app). */
export type StaffAppType = typeof staffApi;
/** The kiosk's calls only, for the kiosk bundle's own small client. */
export type KioskAppType = typeof kioskApi;
