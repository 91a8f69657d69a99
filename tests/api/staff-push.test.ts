import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { notifyStaff } from "../../worker/services/staff-notify";
import { api, uniqueEmail } from "../support/api";
import { addLocation, JANE } from "../support/kiosk";
import { staffShop } from "../support/staff";

// Web Push (docs/staff-app.md, "Notifications"), against the fake push service (tests/support/fake-push.ts),
// which checks each message's VAPID JWT and decrypts it with the subscription's own private key.

type FakeSubscription = { id: string; endpoint: string; keys: { p256dh: string; auth: string } };
type Received = {
  received: { payload: Record<string, string>; claims: Record<string, unknown> }[];
  refused: string[];
};

const fake = (path: string, init?: RequestInit) => fetch(`${env.FAKE_SERVER_URL}${path}`, init);

/** A browser subscribing to the fake push service for the server's VAPID key. */
async function browserSubscription(serverKey: string): Promise<FakeSubscription> {
  const response = await fake("/__push/subscribe", {
    method: "POST",
    body: JSON.stringify({ application_server_key: serverKey }),
  });
  return (await response.json()) as FakeSubscription;
}

const received = async (id: string) => (await (await fake(`/__push/received/${id}`)).json()) as Received;

async function subscribedShop() {
  const shop = await staffShop(JANE, { plan: "pro" });
  const key = await api("GET", "/api/staff/me/push/key", { token: shop.staff.token });
  expect(key.status).toBe(200);
  const browser = await browserSubscription(key.body.public_key as string);
  const saved = await api("POST", "/api/staff/me/push-subscriptions", {
    token: shop.staff.token,
    body: { endpoint: browser.endpoint, keys: browser.keys },
  });
  expect(saved.status).toBe(201);
  return { ...shop, browser };
}

const notice = {
  kind: "leave",
  subject: "Your holiday was approved",
  text: "Mon 01/12 to Tue 02/12.\nEnjoy it.",
  path: "/me/holiday",
};

const rows = (employeeId: string) =>
  env.DB.prepare("SELECT endpoint, last_success_at FROM push_subscriptions WHERE employee_id = ?")
    .bind(employeeId)
    .all<{ endpoint: string; last_success_at: number | null }>();

describe("Web Push to staff phones", () => {
  it("gives the VAPID public key to subscribe with", async () => {
    const shop = await staffShop();
    const response = await api("GET", "/api/staff/me/push/key", { token: shop.staff.token });
    expect(response.body).toEqual({ public_key: env.VAPID_PUBLIC_KEY });
  });

  it("pushes a notice the phone can decrypt, signed for the push service's origin", async () => {
    const shop = await subscribedShop();
    await notifyStaff(env, getDb(env.DB), shop.locationId, [shop.employee.id], notice);
    const got = await received(shop.browser.id);
    expect(got.refused).toEqual([]);
    expect(got.received).toHaveLength(1);
    expect(got.received[0]?.payload).toEqual({
      kind: "leave",
      title: "Your holiday was approved",
      body: "Mon 01/12 to Tue 02/12.",
      path: "/me/holiday",
    });
    expect(got.received[0]?.claims).toMatchObject({
      aud: env.FAKE_SERVER_URL,
      sub: "mailto:push@clocked.test",
    });
    const [row] = (await rows(shop.employee.id)).results;
    expect(row?.last_success_at).toEqual(expect.any(Number));
  });

  it("forgets a subscription the push service says is gone", async () => {
    const shop = await subscribedShop();
    await fake(`/__push/gone/${shop.browser.id}`, { method: "POST" });
    await notifyStaff(env, getDb(env.DB), shop.locationId, [shop.employee.id], notice);
    expect((await rows(shop.employee.id)).results).toEqual([]);
  });

  it("sends only to known push services", async () => {
    const shop = await staffShop();
    const keys = { p256dh: "BAAA", auth: "AAAA" };
    const subscribe = (endpoint: string) =>
      api("POST", "/api/staff/me/push-subscriptions", { token: shop.staff.token, body: { endpoint, keys } });
    for (const endpoint of [
      "https://evil.example.com/push/1",
      "http://fcm.googleapis.com/fcm/send/1",
      "https://fcm.googleapis.com.evil.example/x",
      "https://fcm.googleapis.com:8443/x",
    ]) {
      const refused = await subscribe(endpoint);
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body.detail).toBe("That isn't a push service this app can send to.");
    }
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/abc",
      "https://db5p.notify.windows.com/w/?token=abc",
    ]) {
      expect((await subscribe(endpoint)).status, endpoint).toBe(201);
    }
  });

  it("deletes only the staff member's own subscription", async () => {
    const shop = await subscribedShop();
    const other = await staffShop();
    const theirs = await api("DELETE", "/api/staff/me/push-subscriptions", {
      token: other.staff.token,
      body: { endpoint: shop.browser.endpoint },
    });
    expect(theirs.status).toBe(404);
    const mine = await api("DELETE", "/api/staff/me/push-subscriptions", {
      token: shop.staff.token,
      body: { endpoint: shop.browser.endpoint },
    });
    expect(mine.status).toBe(200);
    expect((await rows(shop.employee.id)).results).toEqual([]);
  });

  it("pushes a newly published rota to those it tells", async () => {
    const shop = await subscribedShop();
    const base = `/api/manager/rota/${shop.locationId}`;
    const added = await api("POST", `${base}/shifts`, {
      token: shop.manager.token,
      body: {
        employee_id: shop.employee.id,
        start_at: "2027-03-02T09:00:00Z",
        end_at: "2027-03-02T17:00:00Z",
        break_minutes: 30,
      },
    });
    expect(added.status).toBe(201);
    const published = await api("POST", `${base}/publish`, {
      token: shop.manager.token,
      body: { week: "2027-03-01", acknowledge_warnings: true },
    });
    expect(published.status).toBe(200);
    const got = await received(shop.browser.id);
    expect(got.received.map((m) => m.payload)).toEqual([
      {
        kind: "rota",
        title: "Your shifts at Camden High Street, week beginning 01/03/2027",
        body: "Tue 02/03 09:00–17:00, 30 min break",
        path: "/me",
      },
    ]);
  });
});

describe("a phone stops hearing when its owner loses the staff app", () => {
  type Shop = Awaited<ReturnType<typeof subscribedShop>>;
  const ways: [string, (shop: Shop) => Promise<{ status: number }>][] = [
    [
      "archived",
      (shop) => api("DELETE", `/api/manager/employees/${shop.employee.id}`, { token: shop.manager.token }),
    ],
    [
      "deactivated",
      (shop) =>
        api("PUT", `/api/manager/employees/${shop.employee.id}`, {
          token: shop.manager.token,
          body: { active: false },
        }),
    ],
    [
      "given another address",
      (shop) =>
        api("PUT", `/api/manager/employees/${shop.employee.id}/name`, {
          token: shop.manager.token,
          body: { first_name: "Jane", last_name: "Smith", email: uniqueEmail("jane.new") },
        }),
    ],
    [
      "at a deleted location",
      async (shop) => {
        await addLocation(shop.manager, "Borough Market");
        return api("DELETE", `/api/manager/locations/${shop.locationId}`, { token: shop.manager.token });
      },
    ],
    [
      "in a closed account",
      (shop) =>
        api("POST", "/api/user/close-account", {
          token: shop.manager.token,
          body: { password: shop.manager.password },
        }),
    ],
  ];
  for (const [how, end] of ways) {
    it(`when they are ${how}: the subscription goes in the same change`, async () => {
      const shop = await subscribedShop();
      expect((await rows(shop.employee.id)).results).toHaveLength(1);
      expect((await end(shop)).status).toBe(200);
      expect((await rows(shop.employee.id)).results).toEqual([]);
      await notifyStaff(env, getDb(env.DB), shop.locationId, [shop.employee.id], notice);
      expect((await received(shop.browser.id)).received).toEqual([]);
    });
  }
});
