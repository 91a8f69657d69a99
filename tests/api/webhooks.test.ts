import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { api, outboxCount } from "../support/api";
import { checkIn, hubStub, JANE, RAVI, shopWith } from "../support/kiosk";

// Webhooks (docs/webhooks.md) delivered through the real queue to a receiver on the fake server, over HTTP:
// signed as the Standard Webhooks reference library verifies, retried on failure, logged, resent, rotated.

type Arrival = { headers: Record<string, string>; body: string; at: number; answered: number };
type Delivery = {
  id: string;
  type: string;
  status: string;
  attempts: number;
  response_code: number | null;
  last_error: string | null;
};

const receiverUrl = (name: string) => `${env.FAKE_SERVER_URL}/hooks/${name}`;
const arrivals = async (name: string) =>
  (await (await fetch(`${env.FAKE_SERVER_URL}/__hooks/${name}`)).json()) as Arrival[];
const script = (name: string, body: Record<string, unknown>) =>
  fetch(`${env.FAKE_SERVER_URL}/__hooks/${name}/script`, { method: "POST", body: JSON.stringify(body) });
const receiverName = () => `r${crypto.randomUUID().slice(0, 8)}`;

async function endpoint(token: string, name: string, events: string[]) {
  const created = await api("POST", "/api/manager/webhooks", {
    token,
    body: { url: receiverUrl(name), events },
  });
  expect(created.status).toBe(201);
  return created.body as { endpoint: { id: string }; secret: string };
}

const deliveries = async (token: string, endpointId: string) =>
  (await api("GET", `/api/manager/webhooks/${endpointId}/deliveries`, { token })).body
    .deliveries as Delivery[];

const verify = (secret: string, arrival: Arrival) =>
  new Webhook(secret).verify(arrival.body, {
    "webhook-id": arrival.headers["webhook-id"] ?? "",
    "webhook-timestamp": arrival.headers["webhook-timestamp"] ?? "",
    "webhook-signature": arrival.headers["webhook-signature"] ?? "",
  }) as { type: string; timestamp: string; data: Record<string, unknown> };

describe("a webhook endpoint", () => {
  it("receives the events it chose, signed as the Standard Webhooks library verifies, and no others", async () => {
    const { manager, locationId } = await shopWith([JANE], { plan: "pro" });
    const [wanted, other] = [receiverName(), receiverName()];
    const { secret } = await endpoint(manager.token, wanted, ["employee.created"]);
    expect(secret).toMatch(/^whsec_/);
    await endpoint(manager.token, other, ["employee.archived"]);
    const stored = await env.DB.prepare("SELECT * FROM webhook_endpoints WHERE user_id = ?")
      .bind(manager.id)
      .all();
    expect(JSON.stringify(stored.results)).not.toContain(secret.slice(6));

    const added = await api("POST", `/api/manager/employees/${locationId}`, {
      token: manager.token,
      body: RAVI,
    });
    expect(added.status).toBe(201);
    await expect.poll(async () => (await arrivals(wanted)).length, { timeout: 10_000 }).toBe(1);
    const [arrival] = await arrivals(wanted);
    const event = verify(secret, arrival as Arrival);
    expect(event.type).toBe("employee.created");
    expect(event.data.employee).toMatchObject({ first_name: "Ravi", location_id: locationId });
    expect(arrival?.body).not.toMatch(/pin/i);
    expect(arrival?.headers["webhook-id"]).toMatch(/^msg_/);
    expect(arrival?.headers.cookie).toBeUndefined();
    expect(await arrivals(other)).toEqual([]);
  });

  it("is tried again after failing twice, with a growing wait, under one webhook-id, and logged", async () => {
    const { manager } = await shopWith([]);
    const name = receiverName();
    const { endpoint: made } = await endpoint(manager.token, name, ["employee.created"]);
    await script(name, { fail: 2 });
    const test = await api("POST", `/api/manager/webhooks/${made.id}/test`, { token: manager.token });
    expect(test.status).toBe(202);
    await expect
      .poll(async () => (await deliveries(manager.token, made.id))[0]?.status, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe("succeeded");
    const [delivery] = await deliveries(manager.token, made.id);
    expect(delivery).toMatchObject({ type: "webhook.test", attempts: 3, response_code: 204 });
    const got = await arrivals(name);
    expect(got.map((a) => a.answered)).toEqual([500, 500, 204]);
    expect(new Set(got.map((a) => a.headers["webhook-id"])).size).toBe(1);
    // Development waits a three-hundredth of the schedule: 5 s and 5 min become 1 s each, at the least.
    expect((got[1]?.at ?? 0) - (got[0]?.at ?? 0)).toBeGreaterThanOrEqual(900);
    expect((got[2]?.at ?? 0) - (got[1]?.at ?? 0)).toBeGreaterThanOrEqual(900);
  });

  it("counts a redirect as a failure and follows none", async () => {
    const { manager } = await shopWith([]);
    const name = receiverName();
    const { endpoint: made } = await endpoint(manager.token, name, ["employee.created"]);
    await script(name, { redirect: true });
    await api("POST", `/api/manager/webhooks/${made.id}/test`, { token: manager.token });
    await expect
      .poll(async () => (await deliveries(manager.token, made.id))[0]?.response_code, { timeout: 10_000 })
      .toBe(302);
    expect((await deliveries(manager.token, made.id))[0]).toMatchObject({
      status: "retrying",
      last_error: "Redirects are not followed",
    });
    expect(await arrivals(`${name}-elsewhere`)).toEqual([]);
    await script(name, {});
  });

  it("is signed with the old secret beside the new one for a day after a rotation, and resends as it was", async () => {
    const { manager } = await shopWith([]);
    const name = receiverName();
    const { endpoint: made, secret: old } = await endpoint(manager.token, name, ["employee.created"]);
    const rotated = await api("POST", `/api/manager/webhooks/${made.id}/rotate-secret`, {
      token: manager.token,
    });
    expect(rotated.status).toBe(200);
    const fresh = String(rotated.body.secret);
    expect(fresh).not.toBe(old);
    await api("POST", `/api/manager/webhooks/${made.id}/test`, { token: manager.token });
    await expect.poll(async () => (await arrivals(name)).length, { timeout: 10_000 }).toBe(1);
    const [first] = await arrivals(name);
    expect(first?.headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    for (const secret of [fresh, old]) expect(verify(secret, first as Arrival).type).toBe("webhook.test");

    const [delivery] = await deliveries(manager.token, made.id);
    const resent = await api("POST", `/api/manager/webhooks/${made.id}/deliveries/${delivery?.id}/resend`, {
      token: manager.token,
    });
    expect(resent.status).toBe(202);
    await expect.poll(async () => (await arrivals(name)).length, { timeout: 10_000 }).toBe(2);
    const [, again] = await arrivals(name);
    expect(again?.headers["webhook-id"]).toBe(first?.headers["webhook-id"]);
    expect(again?.body).toBe(first?.body);
  });

  it("is turned off after 3 days of failures, and the owner is e-mailed", async () => {
    const { manager } = await shopWith([]);
    const name = receiverName();
    const { endpoint: made } = await endpoint(manager.token, name, ["employee.created"]);
    await env.DB.prepare("UPDATE webhook_endpoints SET failing_since = ? WHERE id = ?")
      .bind(Date.now() - 3 * 24 * 3600_000 - 60_000, made.id)
      .run();
    await script(name, { fail: 1 });
    const before = await outboxCount(manager.email);
    await api("POST", `/api/manager/webhooks/${made.id}/test`, { token: manager.token });
    await expect
      .poll(
        async () => {
          const list = await api("GET", "/api/manager/webhooks", { token: manager.token });
          return (list.body.endpoints as { enabled: boolean; disabled_reason: string | null }[])[0];
        },
        { timeout: 10_000 },
      )
      .toEqual(
        expect.objectContaining({ enabled: false, disabled_reason: "Every delivery failed for 3 days" }),
      );
    expect(await outboxCount(manager.email)).toBe(before + 1);
  });

  it("of another account is not found, and its log with it", async () => {
    const owner = await shopWith([]);
    const { endpoint: made } = await endpoint(owner.manager.token, receiverName(), ["employee.created"]);
    const stranger = await shopWith([]);
    for (const [method, path] of [
      ["PUT", `/api/manager/webhooks/${made.id}`],
      ["DELETE", `/api/manager/webhooks/${made.id}`],
      ["GET", `/api/manager/webhooks/${made.id}/deliveries`],
      ["POST", `/api/manager/webhooks/${made.id}/test`],
      ["POST", `/api/manager/webhooks/${made.id}/rotate-secret`],
    ] as const) {
      const answer = await api(method, path, {
        token: stranger.manager.token,
        body: method === "PUT" ? { enabled: false } : undefined,
      });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.detail).toBe("Webhook endpoint not found");
    }
  });

  it("is one of up to 20 that each get the event, in one D1 batch within its bound-parameter limit", async () => {
    const { manager, locationId } = await shopWith([JANE], { plan: "pro" });
    const names = Array.from({ length: 20 }, receiverName);
    for (const name of names) await endpoint(manager.token, name, ["employee.created"]);
    const added = await api("POST", `/api/manager/employees/${locationId}`, {
      token: manager.token,
      body: RAVI,
    });
    expect(added.status).toBe(201);
    const stored = await env.DB.prepare(
      `SELECT count(*) AS n FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
       WHERE e.user_id = ? AND d.type = 'employee.created'`,
    )
      .bind(manager.id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(20);
    for (const name of names) {
      await expect.poll(async () => (await arrivals(name)).length, { timeout: 15_000 }).toBe(1);
    }
  });

  it("hears of a kiosk punch after the kiosk has its answer, from the hub's outbox; without one, the hub keeps none", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const name = receiverName();
    const { secret } = await endpoint(manager.token, name, ["attendance.punched"]);
    expect((await checkIn(locationId, employees[0]?.username ?? "", JANE.pin)).status).toBe(200);
    await expect.poll(async () => (await arrivals(name)).length, { timeout: 10_000 }).toBe(1);
    const event = verify(secret, (await arrivals(name))[0] as Arrival);
    expect(event).toMatchObject({
      type: "attendance.punched",
      data: { punch: { location_id: locationId, employee_id: employees[0]?.id, action: "check_in" } },
    });
    const hubHolds = (id: string) =>
      runInDurableObject(hubStub(id), (_hub, state) => ({
        waiting: state.storage.sql.exec("SELECT * FROM punch_events").toArray().length,
        wanted: state.storage.sql.exec<{ punch_webhooks: number }>("SELECT punch_webhooks FROM site").one()
          .punch_webhooks,
      }));
    await expect.poll(() => hubHolds(locationId)).toEqual({ waiting: 0, wanted: 1 });

    // An account with no endpoint for punches: its hub writes none to the outbox.
    const quiet = await shopWith([RAVI]);
    expect((await checkIn(quiet.locationId, quiet.employees[0]?.username ?? "", RAVI.pin)).status).toBe(200);
    expect(await hubHolds(quiet.locationId)).toEqual({ waiting: 0, wanted: 0 });
  });
});
