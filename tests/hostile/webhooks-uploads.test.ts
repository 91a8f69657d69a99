import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { signature, stripeEnv } from "../support/billing";
import { type Answer, bearer, type Call, isErrorBody, send, summary } from "./support/http";
import { fillPath, isSignedInRoute, ROUTES, type Route, routeName } from "./support/routes";
import { snapshot } from "./support/snapshot";
import { type Tenant, tenant } from "./support/tenant";

// Payment webhooks and logo uploads, found in the route table: these tests exist once the routes do
// (the kiosk-appearance branch adds the upload), and until then there is nothing here to run.

const isWebhook = (path: string) => /\/webhooks?(\/|$)/.test(path);
const isLogoUpload = (path: string) => /\/logo$/.test(path);
/** Incoming payment webhooks: unauthenticated, signed. The account's own webhook endpoints are signed-in routes. */
const webhookRoutes = ROUTES.filter((r) => r.method === "POST" && isWebhook(r.path) && !isSignedInRoute(r));
const logoRoutes = ROUTES.filter((r) => r.method === "POST" && isLogoUpload(r.path));

it("recognises the payment webhook and logo upload routes by their paths", () => {
  expect(isWebhook("/api/billing/webhook")).toBe(true);
  expect(isWebhook("/api/webhooks/stripe")).toBe(true);
  expect(isLogoUpload("/api/manager/locations/:id/logo")).toBe(true);
  expect(isWebhook("/api/manager/locations/:id")).toBe(false);
  expect(isLogoUpload("/api/manager/locations/:id/logo-url")).toBe(false);
});

/** What a refusal must look like: a 4xx with a detail, no row changed, no object added to R2. */
async function expectRefused(call: Call, statuses: number[] = []) {
  const rows = await snapshot();
  const objects = await logoObjects();
  const answer = await send(call);
  expect(
    answer.status >= 400 &&
      answer.status < 500 &&
      (statuses.length === 0 || statuses.includes(answer.status)),
    JSON.stringify(summary(call, answer)),
  ).toBe(true);
  expect(isErrorBody(answer.json), answer.text).toBe(true);
  expect(await snapshot()).toEqual(rows);
  expect(await logoObjects()).toEqual(objects);
  return answer;
}

async function logoObjects(): Promise<string[]> {
  const listing = await env.FILES.list();
  return listing.objects.map((o) => o.key).sort();
}

// Stripe webhooks, against the Worker with Stripe configured (without it the route does not exist: 404).

const webhookCall = (route: Route, payload: string, signature?: string): Call => ({
  method: "POST",
  path: fillPath(route.path, {}),
  raw: payload,
  contentType: "application/json",
  headers: signature === undefined ? {} : { "Stripe-Signature": signature },
  workerEnv: stripeEnv(),
});

const stripeEvent = () =>
  JSON.stringify({
    id: `evt_hostile_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    type: "customer.created",
    api_version: "2025-01-27.acacia",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    data: { object: { id: "cus_hostile", object: "customer", email: "hostile@example.co.uk", metadata: {} } },
  });

for (const route of webhookRoutes) {
  describe(`${routeName(route)} given an event it must not act on`, () => {
    it("refuses an unsigned, a garbage-signed, a wrongly keyed, a tampered and a stale event", async () => {
      const payload = stripeEvent();
      const signed = await signature(payload);
      await expectRefused(webhookCall(route, payload), [400]);
      await expectRefused(webhookCall(route, payload, "t=1,v1=deadbeef"), [400]);
      await expectRefused(webhookCall(route, payload, "v1=,t="), [400]);
      await expectRefused(
        webhookCall(route, payload, await signature(payload, undefined, "whsec_someone_else")),
        [400],
      );
      await expectRefused(
        webhookCall(route, payload.replace("customer.created", "customer.deleted"), signed),
        [400],
      );
      await expectRefused(webhookCall(route, `${payload} `, signed), [400]);
      const staleAt = Math.floor(Date.now() / 1000) - 301;
      await expectRefused(webhookCall(route, payload, await signature(payload, staleAt)), [400]);
    });

    it("refuses a correctly signed body that is not an event, without a 500", async () => {
      for (const notAnEvent of ["", "{", "not json", "[]", "null", "42", '{"id":null}', '{"type":{}}']) {
        await expectRefused(webhookCall(route, notAnEvent, await signature(notAnEvent)));
      }
    });

    it("acts on a replayed event once: the second delivery changes nothing", async () => {
      const payload = stripeEvent();
      const signed = await signature(payload);
      const first = await send(webhookCall(route, payload, signed));
      expect(first.status, first.text).toBe(200);
      const afterFirst = await snapshot();
      const replay = await send(webhookCall(route, payload, signed));
      expect(replay.status, replay.text).toBe(200);
      expect(await snapshot()).toEqual(afterFirst);
    });
  });
}

// Logo uploads

const PNG_1X1 = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);
const MAX_LOGO_BYTES = 5 * 1024 * 1024;

const file = (bytes: Uint8Array | string, type: string, name: string, field = "file") => {
  const form = new FormData();
  form.append(field, new File([bytes], name, { type }));
  return form;
};

/** A file of `size` bytes that starts as a PNG. */
const pngOfSize = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_1X1);
  return bytes;
};

for (const route of logoRoutes) {
  describe(`${routeName(route)} given an upload it must refuse`, () => {
    let pro: Tenant;
    let starter: Tenant;
    beforeAll(async () => {
      pro = await tenant({ plan: "pro" });
      starter = await tenant({ plan: "starter" });
    });

    const upload = (owner: Tenant, raw: FormData | string, ids = owner.ids): Call => ({
      method: "POST",
      path: fillPath(route.path, ids),
      authorization: bearer(owner.manager.token),
      raw,
    });

    it("refuses files that are not images, whatever their name and declared type", async () => {
      const cases: [string, FormData][] = [
        [
          "an HTML page named logo.png",
          file("<!doctype html><script>alert(1)</script>", "image/png", "logo.png"),
        ],
        [
          "an SVG with a script",
          file(
            '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
            "image/svg+xml",
            "logo.svg",
          ),
        ],
        [
          "an SVG named logo.png",
          file('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', "image/png", "logo.png"),
        ],
        ["an empty file", file(new Uint8Array(0), "image/png", "logo.png")],
        ["an executable", file("MZ\u0090\u0000\u0003", "application/octet-stream", "logo.exe")],
      ];
      for (const [label, form] of cases) {
        const answer = await expectRefused(upload(pro, form));
        expect([400, 415, 422], `${label}: ${answer.status}`).toContain(answer.status);
      }
    });

    it("refuses a file over 5 MB, a missing file and a body that is not a form", async () => {
      await expectRefused(upload(pro, file(pngOfSize(MAX_LOGO_BYTES + 1), "image/png", "logo.png")), [413]);
      await expectRefused(upload(pro, file(PNG_1X1, "image/png", "logo.png", "not_the_file_field")));
      await expectRefused(upload(pro, JSON.stringify({ file: "iVBORw0KGgo=" })));
    });

    it("refuses a Starter account, and any account aiming at another account's location", async () => {
      await expectRefused(upload(starter, file(PNG_1X1, "image/png", "logo.png")), [403]);
      await expectRefused(upload(starter, file(PNG_1X1, "image/png", "logo.png"), pro.ids), [403, 404]);
      const answer: Answer = await expectRefused(
        upload(pro, file(PNG_1X1, "image/png", "logo.png"), { ...pro.ids, location: starter.locationId }),
      );
      expect([403, 404]).toContain(answer.status);
    });
  });
}
