import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, inject, it, vi } from "vitest";
import type { XeroEmployeesResponse, XeroSend } from "../../worker/contracts/xero";
import { getDb } from "../../worker/db/client";
import { rateLimits, xeroConnections } from "../../worker/db/schema";
import { planSends } from "../../worker/db/xero";
import worker from "../../worker/index";
import { newId } from "../../worker/lib/crypto";
import { unseal } from "../../worker/lib/sealed";
import { type ReceivedCall, SANDBOX_RATES, XERO_SANDBOX_SECRETS } from "../../worker/services/xero/sandbox";
import type { XeroMessage } from "../../worker/services/xero/send";
import { api, createManager } from "../support/api";
import { addEmployee, type Manager } from "../support/kiosk";
import { approve, LAST_PERIOD, setPay, shopWithAWeek } from "../support/payroll";

// Xero Payroll UK end to end (docs/xero.md) against the fake Xero on 127.0.0.1 (tests/support/fake-xero.ts):
// the OAuth flow with PKCE, the organisation, the matching, sending on approval through the real queue,
// resending, token rotation, Xero's rate limit and refusals, and one account never seeing another's.

const XERO = `${inject("fakeServerUrl")}/xero`;
const db = getDb(env.DB);
const [ORDINARY, OVERTIME] = SANDBOX_RATES.map((r) => r.earningsRateID);
const XERO_JANE = "a1000000-0000-4000-8000-000000000001";
const XERO_RAVI = "a1000000-0000-4000-8000-000000000002";
const XERO_OLA = "a1000000-0000-4000-8000-000000000003";
const TOKEN_KEY = { secret: XERO_SANDBOX_SECRETS.XERO_TOKEN_KEY, purpose: "xero-tokens" };

const xero = async (what: string, body?: unknown) =>
  (
    await fetch(
      `${XERO}/__xero/${what}`,
      body === undefined ? {} : { method: "POST", body: JSON.stringify(body) },
    )
  ).json();
const received = async () => (await xero("received")) as ReceivedCall[];
const xeroTimesheets = async () =>
  (await xero("timesheets")) as {
    timesheetID: string;
    employeeID: string;
    startDate: string;
    endDate: string;
    timesheetLines: { date: string; earningsRateID: string; numberOfUnits: number }[];
  }[];
const call = (manager: Manager, method: string, path: string, body?: unknown) =>
  api(method, `/api/manager/xero${path}`, { token: manager.token, body });

/** Connect Xero as a manager would: the authorize page sends the browser straight back to the callback. */
async function connect(manager: Manager) {
  const started = await call(manager, "POST", "/connect");
  expect(started.status).toBe(200);
  const authorize = await fetch(started.body.authorize_url as string, { redirect: "manual" });
  expect(authorize.status).toBe(302);
  const callbackUrl = authorize.headers.get("Location") ?? "";
  const callback = await callBack(callbackUrl);
  return { authorizeUrl: new URL(started.body.authorize_url as string), callback, callbackUrl };
}
/** The browser's arrival at the callback, whose answer is a redirect to the dashboard. */
const callBack = (url: string) => exports.default.fetch(url, { redirect: "manual" });

const storedRefreshToken = async (userId: string) => {
  const row = await db.query.xeroConnections.findFirst({ where: eq(xeroConnections.userId, userId) });
  return unseal(TOKEN_KEY, userId, row?.refreshTokenSealed ?? "");
};
const refreshWith = (refreshToken: string) =>
  fetch(`${XERO}/connect/token`, {
    method: "POST",
    headers: {
      Authorization: `Basic ${btoa(`${XERO_SANDBOX_SECRETS.XERO_CLIENT_ID}:${XERO_SANDBOX_SECRETS.XERO_CLIENT_SECRET}`)}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }),
  });

/** A connected Pro shop with last week's hours, both pay elements matched and Jane and Ravi matched. */
async function connectedShop() {
  const shop = await shopWithAWeek();
  await connect(shop.manager);
  expect(
    (
      await call(shop.manager, "PUT", "/earnings-rates", {
        basic: ORDINARY,
        overtime: OVERTIME,
        premium: null,
      })
    ).status,
  ).toBe(200);
  const links = [
    { employee_id: shop.jane, xero_employee_id: XERO_JANE },
    { employee_id: shop.ravi, xero_employee_id: XERO_RAVI },
  ];
  expect((await call(shop.manager, "PUT", "/employees", { links })).status).toBe(200);
  return shop;
}

const sendsOf = async (manager: Manager, locationId: string) =>
  (await call(manager, "GET", `/sends/${locationId}`)).body.sends as XeroSend[];
async function settled(manager: Manager, locationId: string, count: number) {
  let sends: XeroSend[] = [];
  await vi.waitFor(
    async () => {
      sends = await sendsOf(manager, locationId);
      expect(sends).toHaveLength(count);
      expect(sends.every((s) => s.status !== "queued")).toBe(true);
    },
    { timeout: 20_000, interval: 200 },
  );
  return sends;
}

beforeEach(async () => {
  await xero("reset", {});
});

describe("connecting Xero", () => {
  it("runs the authorization-code flow with PKCE S256, and seals the tokens it stores", async () => {
    const manager = await createManager();
    const { authorizeUrl, callback, callbackUrl } = await connect(manager);
    expect(authorizeUrl.searchParams.get("scope")).toBe(
      "payroll.timesheets payroll.employees payroll.settings offline_access",
    );
    expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizeUrl.searchParams.get("redirect_uri")).toBe(
      "http://clocked.test/api/integrations/xero/callback",
    );
    expect(callback.status).toBe(302);
    expect(callback.headers.get("Location")).toBe("/manager-dashboard?integrations=xero&xero=connected");

    const token = (await received()).find((r) => r.path === "/connect/token");
    expect(new URLSearchParams(token?.body).get("code_verifier")).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    const row = await db.query.xeroConnections.findFirst({ where: eq(xeroConnections.userId, manager.id) });
    const refreshToken = await storedRefreshToken(manager.id);
    expect(refreshToken).toMatch(/^refresh-/);
    expect(row?.refreshTokenSealed).not.toContain(refreshToken);
    expect(await unseal(TOKEN_KEY, newId(), row?.refreshTokenSealed ?? "")).toBeNull();

    // The state is single use: the same callback again connects nothing.
    const again = await callBack(callbackUrl);
    expect(again.headers.get("Location")).toBe("/manager-dashboard?integrations=xero&xero=expired");
    expect((await call(manager, "GET", "")).body).toEqual({
      set_up: true,
      connected: true,
      organisation: { id: "0rg00000-0000-4000-8000-000000000001", name: "Demo Company (UK)" },
      organisations: [{ id: "0rg00000-0000-4000-8000-000000000001", name: "Demo Company (UK)" }],
    });
  });

  it("lets the manager pick one of several organisations before anything is sent", async () => {
    await xero("reset", { organisations: ["Whitby Fish Bar Ltd", "Scarborough Chippy Ltd"] });
    const shop = await shopWithAWeek();
    await connect(shop.manager);
    const status = await call(shop.manager, "GET", "");
    expect(status.body).toMatchObject({ connected: true, organisation: null });
    expect(status.body.organisations).toHaveLength(2);
    const early = await call(shop.manager, "POST", `/sends/${shop.locationId}`, { period: LAST_PERIOD });
    expect(early).toMatchObject({
      status: 409,
      body: { detail: "Choose the Xero organisation to send to first." },
    });
    expect((await call(shop.manager, "PUT", "/organisation", { tenant_id: "not-one-of-them" })).status).toBe(
      400,
    );
    expect(
      (
        await call(shop.manager, "PUT", "/organisation", {
          tenant_id: "0rg00000-0000-4000-8000-000000000002",
        })
      ).status,
    ).toBe(200);
    expect((await call(shop.manager, "GET", "")).body.organisation).toEqual({
      id: "0rg00000-0000-4000-8000-000000000002",
      name: "Scarborough Chippy Ltd",
    });
  });

  it("disconnects by revoking the refresh token at Xero and forgetting it", async () => {
    const manager = await createManager();
    await connect(manager);
    const refreshToken = (await storedRefreshToken(manager.id)) ?? "";
    expect((await call(manager, "DELETE", "")).status).toBe(200);
    const revocation = (await received()).find((r) => r.path === "/connect/revocation");
    expect(new URLSearchParams(revocation?.body).get("token")).toBe(refreshToken);
    expect((await refreshWith(refreshToken)).status).toBe(400);
    expect((await call(manager, "GET", "")).body).toMatchObject({ connected: false, organisations: [] });
  });

  it("revokes the refresh token at Xero and forgets the connection when the account closes", async () => {
    const manager = await createManager();
    await connect(manager);
    const refreshToken = (await storedRefreshToken(manager.id)) ?? "";
    const closed = await api("POST", "/api/user/close-account", {
      token: manager.token,
      body: { password: manager.password },
    });
    expect(closed.status).toBe(200);
    const revocation = (await received()).find((r) => r.path === "/connect/revocation");
    expect(new URLSearchParams(revocation?.body).get("token")).toBe(refreshToken);
    expect((await refreshWith(refreshToken)).status).toBe(400);
    expect(await db.query.xeroConnections.findFirst({ where: eq(xeroConnections.userId, manager.id) })).toBe(
      undefined,
    );
  });
});

describe("matching employees and pay elements", () => {
  it("suggests by payroll ID, then by name and date of birth, and keeps only what the manager confirms", async () => {
    const shop = await shopWithAWeek();
    const ola = await addEmployee(shop.manager, shop.locationId, {
      first_name: "Ola",
      last_name: "Nowak",
      pin: "2468",
    });
    await setPay(shop.manager, shop.locationId, shop.jane, "JS01", 12.5);
    await api("PUT", `/api/manager/employee-pay/${shop.locationId}/${ola.id}`, {
      token: shop.manager.token,
      body: {
        payroll_id: null,
        contracted_weekly_hours: null,
        hourly_rate: null,
        date_of_birth: "1999-01-05",
      },
    });
    await connect(shop.manager);
    const listed = (await call(shop.manager, "GET", "/employees")).body as XeroEmployeesResponse;
    const byName = Object.fromEntries(listed.employees.map((e) => [e.name, e]));
    expect(byName["Jane Smith"]?.suggestion).toEqual({ xero_employee_id: XERO_JANE, by: "payroll_id" });
    expect(byName["Ola Nowak"]?.suggestion).toEqual({ xero_employee_id: XERO_OLA, by: "name_and_birth" });
    expect(byName["Ravi Kumar"]?.suggestion).toBeNull();
    expect(listed.xero_employees.map((x) => x.name)).toEqual(["Jane Smith", "Ravi Patel", "Ola Nowak"]);
    expect(JSON.stringify(listed)).not.toContain("1999-01-05");

    await call(shop.manager, "PUT", "/employees", {
      links: [{ employee_id: shop.ravi, xero_employee_id: XERO_RAVI }],
    });
    const after = (await call(shop.manager, "GET", "/employees")).body as XeroEmployeesResponse;
    expect(after.employees.find((e) => e.employee_id === shop.ravi)?.xero_employee_id).toBe(XERO_RAVI);
    expect(after.employees.find((e) => e.employee_id === shop.jane)?.xero_employee_id).toBeNull();

    const rates = await call(shop.manager, "GET", "/earnings-rates");
    expect(rates.body.earnings_rates).toContainEqual({
      id: ORDINARY,
      name: "Ordinary Hours",
      earnings_type: "RegularEarnings",
    });
    expect(rates.body.mapping).toEqual({ basic: null, overtime: null, premium: null });
  });
});

describe("sending an approved period", () => {
  it("sends one draft timesheet per employee on approval, with a line per day and earnings rate", async () => {
    const shop = await connectedShop();
    expect((await approve(shop.manager, shop.locationId)).status).toBe(200);
    const sends = await settled(shop.manager, shop.locationId, 2);
    expect(sends.map((s) => [s.name, s.status, s.error])).toEqual([
      ["Jane Smith", "sent", null],
      ["Ravi Kumar", "sent", null],
    ]);
    const timesheets = await xeroTimesheets();
    expect(timesheets).toHaveLength(2);
    const jane = timesheets.find((t) => t.employeeID === XERO_JANE);
    const monday = LAST_PERIOD.slice(4);
    expect(jane).toMatchObject({ startDate: monday, status: "Draft" });
    expect(
      jane?.timesheetLines.map(({ date, earningsRateID, numberOfUnits }) => ({
        date,
        earningsRateID,
        numberOfUnits,
      })),
    ).toEqual([
      { date: monday, earningsRateID: ORDINARY, numberOfUnits: 8 },
      { date: monday, earningsRateID: OVERTIME, numberOfUnits: 2 },
    ]);
    expect(
      (await received())
        .filter((r) => r.tenant !== null)
        .every((r) => r.tenant === "0rg00000-0000-4000-8000-000000000001"),
    ).toBe(true);
  });

  it("updates the same timesheets when sent again, never a second one", async () => {
    const shop = await connectedShop();
    await approve(shop.manager, shop.locationId);
    const first = await settled(shop.manager, shop.locationId, 2);
    const resend = await call(shop.manager, "POST", `/sends/${shop.locationId}`, { period: LAST_PERIOD });
    expect(resend.status).toBe(202);
    await vi.waitFor(
      async () => expect((await received()).filter((r) => r.method === "DELETE")).toHaveLength(3),
      {
        timeout: 20_000,
      },
    );
    const again = await settled(shop.manager, shop.locationId, 2);
    expect(again.map((s) => s.xero_timesheet_id)).toEqual(first.map((s) => s.xero_timesheet_id));
    const timesheets = await xeroTimesheets();
    expect(timesheets).toHaveLength(2);
    expect(timesheets.find((t) => t.employeeID === XERO_JANE)?.timesheetLines).toHaveLength(2);
    expect(
      (await received()).filter((r) => r.method === "POST" && r.path === "/payroll.xro/2.0/Timesheets"),
    ).toHaveLength(2);
  });

  it("refuses to send a period nobody approved", async () => {
    const shop = await connectedShop();
    const refused = await call(shop.manager, "POST", `/sends/${shop.locationId}`, { period: LAST_PERIOD });
    expect(refused).toMatchObject({
      status: 409,
      body: { detail: "Approve the pay period before sending it to Xero." },
    });
  });

  it("shows Xero's refusal in words for the employee it concerns, and sends the others", async () => {
    const shop = await connectedShop();
    await xero("no-calendar", { employeeID: XERO_RAVI });
    await approve(shop.manager, shop.locationId);
    const sends = await settled(shop.manager, shop.locationId, 2);
    expect(sends.map((s) => [s.name, s.status, s.error])).toEqual([
      ["Jane Smith", "sent", null],
      ["Ravi Kumar", "failed", "Xero says: the employee has no pay calendar"],
    ]);
  });

  it("says which employees are not matched yet instead of sending them", async () => {
    const shop = await connectedShop();
    await call(shop.manager, "PUT", "/employees", {
      links: [{ employee_id: shop.ravi, xero_employee_id: null }],
    });
    await approve(shop.manager, shop.locationId);
    const sends = await settled(shop.manager, shop.locationId, 2);
    expect(sends.find((s) => s.name === "Ravi Kumar")).toMatchObject({
      status: "failed",
      error: "Not matched to a Xero employee yet: match them in Settings → Integrations.",
    });
  });

  it("warns at unlock that the timesheets already in Xero must be redone", async () => {
    const shop = await connectedShop();
    await approve(shop.manager, shop.locationId);
    await settled(shop.manager, shop.locationId, 2);
    const unlocked = await api("POST", `/api/manager/timesheets/${shop.locationId}/unlock`, {
      token: shop.manager.token,
      body: { period: LAST_PERIOD, reason: "Jane's Monday was wrong" },
    });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.xero_warning).toBe(
      "2 timesheets were already sent to Xero: once the period is approved again, send it to Xero again (or redo the timesheets in Xero).",
    );
  });
});

describe("Xero's tokens and limits", () => {
  it("rotates the refresh token at every refresh, and Xero refuses the old one", async () => {
    const manager = await createManager();
    await connect(manager);
    const first = (await storedRefreshToken(manager.id)) ?? "";
    await xero("expire-access", {});
    // Two reads at once with an expired access token: one refresh is kept, neither call fails.
    const [a, b] = await Promise.all([
      call(manager, "GET", "/employees"),
      call(manager, "GET", "/earnings-rates"),
    ]);
    expect([a.body, b.status]).toEqual([expect.objectContaining({ employees: expect.any(Array) }), 200]);
    const second = (await storedRefreshToken(manager.id)) ?? "";
    expect(second).not.toBe(first);
    expect(await (await refreshWith(first)).json()).toEqual({ error: "invalid_grant" });
    // The kept token is the live one: the next refresh works with it.
    await xero("expire-access", {});
    expect((await call(manager, "GET", "/employees")).status).toBe(200);
    expect(await storedRefreshToken(manager.id)).not.toBe(second);
  });

  async function queuedSend() {
    const shop = await connectedShop();
    const [planned] = await planSends(
      db,
      { userId: shop.manager.id, locationId: shop.locationId, periodKey: LAST_PERIOD },
      [{ employeeId: shop.jane, status: "queued", lines: "[]", error: null }],
      newId,
    );
    const message: XeroMessage = {
      type: "timesheet",
      sendId: planned?.id ?? "",
      startDate: "2026-01-05",
      endDate: "2026-01-11",
    };
    // The batch as the queue hands it over, recording what the consumer decided for the message.
    const decided: { ack?: true; retry?: QueueRetryOptions }[] = [];
    const batch = {
      queue: "clocked-xero",
      messages: [
        {
          id: "m1",
          timestamp: new Date(),
          attempts: 1,
          body: message,
          ack: () => decided.push({ ack: true }),
          retry: (options: QueueRetryOptions = {}) => decided.push({ retry: options }),
        },
      ],
      ackAll: () => undefined,
      retryAll: () => undefined,
    } as unknown as MessageBatch;
    return {
      shop,
      deliver: async () => {
        await worker.queue(batch, env);
        return decided;
      },
    };
  }

  it("waits as long as Xero's 429 says before trying again", async () => {
    const { deliver } = await queuedSend();
    await xero("rate-limit", { calls: 1 });
    expect(await deliver()).toEqual([{ retry: { delaySeconds: 7 } }]);
  });

  it("makes one timesheet, not two, when Xero's answer was lost and the send is tried again", async () => {
    const { shop, deliver } = await queuedSend();
    await xero("lose-answers", { calls: 1 });
    expect((await deliver()).map((d) => Boolean(d.retry))).toEqual([true]);
    expect((await deliver()).at(-1)).toEqual({ ack: true });
    const made = (await xeroTimesheets()).filter((t) => t.employeeID === XERO_JANE);
    expect(made).toHaveLength(1);
    const creates = (await received()).filter(
      (r) => r.method === "POST" && r.path === "/payroll.xro/2.0/Timesheets",
    );
    expect(creates).toHaveLength(2);
    expect(creates[0]?.idempotencyKey).toBeTruthy();
    expect(creates[1]?.idempotencyKey).toBe(creates[0]?.idempotencyKey);
    const [send] = await sendsOf(shop.manager, shop.locationId);
    expect(send).toMatchObject({ status: "sent", xero_timesheet_id: made[0]?.timesheetID });
  });

  it("keeps to 60 calls a minute per organisation, queueing the rest", async () => {
    const { deliver } = await queuedSend();
    await db
      .insert(rateLimits)
      .values({ key: "xero:0rg00000-0000-4000-8000-000000000001", count: 60, resetAt: Date.now() + 30_000 })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: 60, resetAt: Date.now() + 30_000 } });
    const before = (await received()).length;
    const [decision] = await deliver();
    expect(decision?.retry?.delaySeconds).toBeGreaterThan(25);
    expect(decision?.retry?.delaySeconds).toBeLessThanOrEqual(30);
    expect((await received()).length).toBe(before);
    await db.delete(rateLimits).where(eq(rateLimits.key, "xero:0rg00000-0000-4000-8000-000000000001"));
  });
});

describe("another account", () => {
  it("sees none of the connection, and another account's ids answer 404", async () => {
    const shop = await connectedShop();
    const other = await createManager({ plan: "pro" });
    expect((await call(other, "GET", "")).body).toMatchObject({ connected: false });
    expect((await call(other, "GET", `/sends/${shop.locationId}`)).status).toBe(404);
    expect((await call(other, "POST", `/sends/${shop.locationId}`, { period: LAST_PERIOD })).status).toBe(
      404,
    );
    const links = { links: [{ employee_id: shop.jane, xero_employee_id: XERO_RAVI }] };
    expect(await call(other, "PUT", "/employees", links)).toMatchObject({
      status: 404,
      body: { detail: "Employee not found" },
    });
    expect((await call(other, "GET", "/employees")).status).toBe(409);
  });
});
