import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../support/api-keys";
import { addLocation } from "../support/kiosk";
import { acceptedBody } from "./support/contracts";
import { bearer, type Call, send } from "./support/http";
import { type Caller, expectRefused } from "./support/refused";
import {
  fillPath,
  isKioskDeviceRoute,
  isPublicApiRoute,
  isSignedInRoute,
  isStaffRoute,
  ROUTES,
  type Route,
  routeName,
} from "./support/routes";
import { superAdminSession } from "./support/sessions";
import { type Tenant, tenant } from "./support/tenant";

// API keys as one more kind of caller (docs/public-api.md): every /api/v1 route against every caller that is not a
// live key, every other signed-in route against a live key, and keys beyond their scope or their locations.
// Each call carries the owner's real ids and a body its contract accepts, so a missing check would act.

let owner: Tenant;
let stranger: Tenant;
let keys: { readWrite: string; read: string; elsewhere: string; revoked: string; strangers: string };

beforeAll(async () => {
  owner = await tenant({ plan: "business" });
  stranger = await tenant({ plan: "business" });
  const other = await addLocation(owner.manager, "Islington");
  const revoked = await createApiKey(owner.manager.token, { scope: "read_write" });
  await send({
    method: "DELETE",
    path: `/api/manager/api-keys/${revoked.key.id}`,
    authorization: bearer(owner.manager.token),
  });
  keys = {
    readWrite: owner.apiKey,
    read: (await createApiKey(owner.manager.token, { scope: "read" })).secret,
    elsewhere: (await createApiKey(owner.manager.token, { scope: "read_write", location_ids: [other] }))
      .secret,
    revoked: revoked.secret,
    strangers: (await createApiKey(stranger.manager.token, { scope: "read_write" })).secret,
  };
});

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());

function callAs(route: Route, caller: Caller): Call {
  const preset = { location_id: owner.ids.location, first_name: "Mallory", last_name: "Key", pin: "9999" };
  const body = route.contract ? acceptedBody(route.contract.schema, preset) : undefined;
  const dated = /attendance|shifts|pay-periods/.test(route.path) ? `?from=${today()}&to=${today()}` : "";
  return {
    method: route.method,
    path: `${fillPath(route.path, owner.ids)}${dated}`,
    authorization: caller.authorization,
    raw: body === undefined ? undefined : JSON.stringify(body),
    contentType: body === undefined ? undefined : "application/json",
  };
}

const expectKeyRefused = (route: Route, who: Caller[], statuses: number[]) =>
  expectRefused(who, (caller) => callAs(route, caller), statuses);

const publicApiRoutes = ROUTES.filter(isPublicApiRoute);

describe("the public API, called without a live key", () => {
  for (const route of publicApiRoutes) {
    it(`${routeName(route)} answers 401 to no key, a malformed or revoked one, and every other kind of token`, async () => {
      await expectKeyRefused(
        route,
        [
          { label: "no key" },
          { label: "a key with a character added", authorization: bearer(`${keys.readWrite}x`) },
          { label: "a key without its scheme", authorization: keys.readWrite },
          { label: "a revoked key", authorization: bearer(keys.revoked) },
          { label: "the manager's session", authorization: bearer(owner.manager.token) },
          { label: "a staff session", authorization: bearer(owner.staff.token) },
          { label: "the kiosk device's token", authorization: bearer(owner.kioskToken) },
          { label: "the super admin's session", authorization: bearer(await superAdminSession()) },
        ],
        [401],
      );
    });
  }
});

describe("the public API, called with a key beyond its scope or its locations", () => {
  for (const route of publicApiRoutes.filter((r) => r.method !== "GET")) {
    it(`${routeName(route)} answers 403 to a read-only key`, async () => {
      await expectKeyRefused(route, [{ label: "a read-only key", authorization: bearer(keys.read) }], [403]);
    });
  }
  for (const route of publicApiRoutes.filter(
    (r) => /:locationId|:employeeId/.test(r.path) || r.method === "POST",
  )) {
    it(`${routeName(route)} answers 404 to a key of another location or another account`, async () => {
      await expectKeyRefused(
        route,
        [
          { label: "a key limited to another location", authorization: bearer(keys.elsewhere) },
          { label: "another account's key", authorization: bearer(keys.strangers) },
        ],
        [404],
      );
    });
  }
});

describe("a live read-write key outside the public API", () => {
  it("opens no manager, account, staff, kiosk or super-admin route", async () => {
    const elsewhere = ROUTES.filter(
      (route) =>
        !isPublicApiRoute(route) &&
        (isSignedInRoute(route) || isStaffRoute(route) || isKioskDeviceRoute(route)),
    );
    expect(elsewhere.length).toBeGreaterThan(50);
    for (const route of elsewhere) {
      await expectKeyRefused(
        route,
        [{ label: "a read-write key", authorization: bearer(keys.readWrite) }],
        [401, 403],
      );
    }
  });
});
