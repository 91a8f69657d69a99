import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isErrorBody, send } from "../hostile/support/http";
import { fillPath, ROUTES, routeName } from "../hostile/support/routes";
import { api, createManager, randomAddress, STRONG_PASSWORD, uniqueEmail } from "../support/api";
import { addLocation } from "../support/kiosk";
import { TEST_SUPER_ADMIN } from "../support/super-admin-credentials";

// The hostile suite's production run (vitest.production.config.ts): ENVIRONMENT comes from wrangler.toml,
// as `npm run deploy` ships it, and every secret is set. Dev-only routes do not exist; outside services
// are the real adapters (here pointed at the fake server); and each secret taken away turns the calls
// that need it into a 503 with a detail, never a built-in default.

const DEV_ONLY = /^\/api\/(dev|billing\/sandbox)\//;
const rowCount = async (table: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0;

/** The Worker with one or more secrets unset, as a deployment that forgot them. */
const without = (...names: (keyof Env)[]): Env => {
  const copy: Record<string, unknown> = { ...env };
  for (const name of names) delete copy[name];
  return copy as unknown as Env;
};

describe("a Worker deployed as wrangler.toml says", () => {
  it("runs as production", () => {
    expect(env.ENVIRONMENT).toBe("production");
  });

  it("answers 404 on every development-only route, for every method", async () => {
    const devRoutes = ROUTES.filter((route) => DEV_ONLY.test(route.path));
    expect(devRoutes.map(routeName)).toEqual(
      expect.arrayContaining(["GET /api/dev/outbox", "POST /api/dev/billing-state"]),
    );
    for (const route of devRoutes) {
      const manager = await createManager();
      const answer = await send({
        method: route.method,
        path: fillPath(route.path, {}),
        authorization: `Bearer ${manager.token}`,
        raw: JSON.stringify({ email: manager.email, subscription_status: "suspended", checkout_id: "x" }),
        contentType: "application/json",
      });
      expect(answer.status, routeName(route)).toBe(404);
      expect(answer.json, routeName(route)).toEqual({ detail: "Not found" });
    }
  });

  it("never answers a 5xx to any route called without credentials", async () => {
    for (const route of ROUTES) {
      const request = {
        method: route.method,
        path: fillPath(route.path, {}),
        raw: "{}",
        contentType: "application/json",
      };
      const answer = await send(request);
      expect(answer.status, routeName(route)).toBeLessThan(500);
      if (answer.status >= 400) expect(isErrorBody(answer.json), routeName(route)).toBe(true);
    }
  });

  it("sends sign-up codes through the e-mail API, never to the development outbox", async () => {
    const email = uniqueEmail();
    const outboxBefore = await rowCount("email_outbox");
    const signup = await api("POST", "/api/auth/signup", {
      body: { name: "Priya Patel", email, password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD },
    });
    expect(signup.status).toBe(200);
    const received = (await (await fetch(`${env.FAKE_SERVER_URL}/__received`)).json()) as {
      path: string;
      body: string;
    }[];
    expect(received.some((r) => r.path === "/emails" && r.body.includes(email))).toBe(true);
    expect(await rowCount("email_outbox")).toBe(outboxBefore);
  });

  it("signs the super admin in with the configured secrets only", async () => {
    const login = await api("POST", "/api/super-admin/login", { body: TEST_SUPER_ADMIN });
    expect(login.status).toBe(200);
  });
});

describe("a Worker deployed without its secrets", () => {
  const NOT_CONFIGURED = "The service is not configured yet. Please try again later.";

  it("refuses sign-up with 503 and writes nothing without APP_SECRET or the e-mail key", async () => {
    for (const missing of [["APP_SECRET"], ["EMAIL_API_KEY"]] as (keyof Env)[][]) {
      const users = await rowCount("users");
      const email = uniqueEmail();
      const answer = await send({
        method: "POST",
        path: "/api/auth/signup",
        raw: JSON.stringify({
          name: "Priya Patel",
          email,
          password: STRONG_PASSWORD,
          confirm_password: STRONG_PASSWORD,
        }),
        contentType: "application/json",
        workerEnv: without(...missing),
      });
      expect(answer.status, missing.join()).toBe(503);
      expect(isErrorBody(answer.json)).toBe(true);
      expect(await rowCount("users"), missing.join()).toBe(users);
    }
  });

  it("answers 503 to forgot-password and resend-code without the e-mail key, for every address alike", async () => {
    const manager = await createManager();
    for (const path of ["/api/auth/forgot-password", "/api/auth/resend-code"]) {
      for (const email of [manager.email, uniqueEmail()]) {
        const answer = await send({
          method: "POST",
          path,
          raw: JSON.stringify({ email }),
          contentType: "application/json",
          workerEnv: without("EMAIL_API_KEY"),
        });
        expect(answer, `${path} ${email}`).toMatchObject({
          status: 503,
          json: { detail: "E-mail is not configured yet. Please try again later." },
        });
      }
    }
  });

  it("answers 503 where APP_SECRET keys a hash or a token: kiosk punches, live tickets, pairing", async () => {
    const manager = await createManager();
    const locationId = await addLocation(manager);
    const noSecret = without("APP_SECRET");
    const calls = [
      {
        method: "POST",
        path: `/api/kiosk/submit/${locationId}`,
        raw: '{"username":"x","pin":"1234","action":"check_in"}',
      },
      { method: "POST", path: `/api/manager/live-status/${locationId}/ticket` },
      { method: "POST", path: `/api/manager/kiosk-devices/${locationId}`, raw: "{}" },
    ];
    for (const call of calls) {
      const answer = await send({
        ...call,
        authorization: `Bearer ${manager.token}`,
        contentType: call.raw ? "application/json" : null,
        workerEnv: noSecret,
      });
      expect(answer, call.path).toMatchObject({ status: 503, json: { detail: NOT_CONFIGURED } });
    }
  });

  it("answers 503 to super admin sign-in without its credentials, never a default", async () => {
    for (const missing of [
      ["SUPER_ADMIN_PASSWORD_HASH"],
      ["SUPER_ADMIN_USERNAME", "SUPER_ADMIN_PASSWORD_HASH"],
    ]) {
      for (const body of [TEST_SUPER_ADMIN, { username: "admin", password: "Admin!2026" }]) {
        const answer = await send({
          method: "POST",
          path: "/api/super-admin/login",
          raw: JSON.stringify(body),
          contentType: "application/json",
          workerEnv: without(...(missing as (keyof Env)[])),
        });
        expect(answer).toMatchObject({
          status: 503,
          json: { detail: "Super admin sign-in is not configured." },
        });
      }
    }
  });

  it("answers 503 to plan changes and webhooks without Stripe, and keeps the sandbox closed", async () => {
    const manager = await createManager();
    const noStripe = without("STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET");
    const change = await send({
      method: "POST",
      path: "/api/user/subscription/change-plan",
      authorization: `Bearer ${manager.token}`,
      raw: JSON.stringify({ action: "change", new_plan: "pro" }),
      contentType: "application/json",
      workerEnv: noStripe,
    });
    expect(change.status).toBe(503);
    expect(isErrorBody(change.json)).toBe(true);
    const webhook = await send({
      method: "POST",
      path: "/api/billing/webhook",
      raw: "{}",
      contentType: "application/json",
      headers: { "Stripe-Signature": "t=1,v1=x" },
      workerEnv: without("STRIPE_WEBHOOK_SECRET"),
    });
    expect(webhook.status).toBe(503);
    const sandbox = await send({
      method: "GET",
      path: "/api/billing/sandbox/checkouts/anything",
      authorization: `Bearer ${manager.token}`,
      workerEnv: noStripe,
    });
    expect(sandbox.status).toBe(404);
  });

  it("answers the assistants' 503 without an OpenAI key instead of the offline analyst", async () => {
    const manager = await createManager({ plan: "pro" });
    const answer = await send({
      method: "POST",
      path: "/api/ai-assistant/chat",
      authorization: `Bearer ${manager.token}`,
      raw: JSON.stringify({ message: "Who is in today?" }),
      contentType: "application/json",
      workerEnv: without("OPENAI_API_KEY"),
      headers: { "CF-Connecting-IP": randomAddress() },
    });
    expect(answer.status).toBe(503);
    expect(isErrorBody(answer.json)).toBe(true);
  });

  it("sends managers to Xero's own sign-in whatever XERO_BASE_URL says, and without Xero's secrets says it is not set up", async () => {
    const manager = await createManager();
    const call = (method: string, path: string, workerEnv: Env = env) =>
      send({ method, path, authorization: `Bearer ${manager.token}`, workerEnv });
    const connect = await call("POST", "/api/manager/xero/connect");
    expect(connect.status).toBe(200);
    const authorize = new URL((connect.json as { authorize_url: string }).authorize_url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(
      "https://login.xero.com/identity/connect/authorize",
    );
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${env.APP_URL}/api/integrations/xero/callback`);

    for (const missing of ["XERO_CLIENT_ID", "XERO_CLIENT_SECRET", "XERO_TOKEN_KEY"] as const) {
      const status = await call("GET", "/api/manager/xero", without(missing));
      expect(status.json, missing).toMatchObject({ set_up: false, connected: false });
      const refused = await call("POST", "/api/manager/xero/connect", without(missing));
      expect(refused, missing).toMatchObject({
        status: 503,
        json: { detail: "Xero is not set up on this server yet. Please try again later." },
      });
    }
    expect(await rowCount("xero_auth_requests")).toBe(1);
  });
});

describe("the deployed Worker's sign-in", () => {
  it("still works end to end for a manager (nothing relied on development)", async () => {
    const manager = await createManager();
    const login = await api("POST", "/api/auth/login", {
      body: { email_or_name: manager.email, password: manager.password },
    });
    expect(login.status).toBe(200);
  });
});
