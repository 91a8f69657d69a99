import { beforeAll, describe, it } from "vitest";
import { JANE } from "../support/kiosk";
import { acceptedBody } from "./support/contracts";
import { bearer, type Call, send } from "./support/http";
import { type Caller, expectRefused } from "./support/refused";
import {
  fillPath,
  isKioskDeviceRoute,
  isSignedInRoute,
  isSuperAdminRoute,
  ROUTES,
  type Route,
  routeName,
} from "./support/routes";
import { expiredSession, revokedSession, superAdminSession, unpairedDeviceToken } from "./support/sessions";
import { type Tenant, tenant } from "./support/tenant";

// Every route behind a session or a device token, called at the owner's real ids with a body its
// contract accepts (so a missing check would act), by callers who must not get in.

let owner: Tenant;
let liveTicket: string;

beforeAll(async () => {
  owner = await tenant({ plan: "business" });
  const ticket = await send({
    method: "POST",
    path: `/api/manager/live-status/${owner.locationId}/ticket`,
    authorization: bearer(owner.manager.token),
  });
  liveTicket = String((ticket.json as { ticket: unknown }).ticket);
});

const malformed = (token: string): Caller[] => [
  { label: "no token" },
  { label: "an empty bearer", authorization: "Bearer " },
  { label: "a short bearer", authorization: "Bearer abc" },
  { label: "basic credentials", authorization: "Basic YWxleDpDbG9ja2VkITIwMjY=" },
  { label: "a token with a character added", authorization: bearer(`${token}x`) },
  { label: "two tokens", authorization: `Bearer ${token} ${token}` },
  { label: "a 5,000-character token", authorization: bearer("A".repeat(5000)) },
  { label: "the token without its scheme", authorization: token },
];

/** Made afresh for each route: a route that wrongly let one in might also have spent it (a logout). */
const sessionCallers = async (): Promise<Caller[]> => [
  ...malformed(owner.manager.token),
  { label: "an expired session", authorization: bearer(await expiredSession(owner.manager.id)) },
  { label: "a signed-out session", authorization: bearer(await revokedSession(owner.manager.id)) },
  { label: "a valid session in the URL", query: `session_id=${owner.manager.token}` },
  { label: "the location's kiosk device token", authorization: bearer(owner.kioskToken) },
  { label: "a live-status ticket", authorization: bearer(liveTicket) },
];

const deviceCallers = async (): Promise<Caller[]> => [
  ...malformed(owner.kioskToken),
  {
    label: "an unpaired device's token",
    authorization: bearer(await unpairedDeviceToken(owner.manager.token, owner.locationId)),
  },
  { label: "the manager's session", authorization: bearer(owner.manager.token) },
  { label: "a live-status ticket", authorization: bearer(liveTicket) },
];

/** The owner's real ids in the path, and a body that would be obeyed (Jane checking out, for the kiosk). */
function callAs(route: Route, caller: Caller): Call {
  const preset = {
    location_id: owner.ids.location,
    username: owner.employee.username,
    pin: JANE.pin,
    action: "check_out",
    active: false,
  };
  const body = route.contract ? acceptedBody(route.contract.schema, preset) : undefined;
  const path = fillPath(route.path, owner.ids);
  return {
    method: route.method,
    path: caller.query ? `${path}?${caller.query}` : path,
    authorization: caller.authorization,
    raw: body === undefined ? undefined : JSON.stringify(body),
    contentType: body === undefined ? undefined : "application/json",
  };
}

const expectLockedOut = (route: Route, who: Caller[], statuses: number[]) =>
  expectRefused(who, (caller) => callAs(route, caller), statuses);

describe("a signed-in route called without a valid session", () => {
  for (const route of ROUTES.filter(isSignedInRoute)) {
    it(`${routeName(route)} answers 401 to no, malformed, expired, signed-out and other roles' tokens`, async () => {
      await expectLockedOut(route, await sessionCallers(), [401]);
    });
  }
});

describe("a paired-kiosk route called without a valid device token", () => {
  for (const route of ROUTES.filter(isKioskDeviceRoute)) {
    it(`${routeName(route)} answers 401 to no, malformed and unpaired tokens and the manager's session`, async () => {
      await expectLockedOut(route, await deviceCallers(), [401]);
    });
  }
});

// Active once the product has /api/super-admin routes: until then these lists are empty.
const superAdminRoutes = ROUTES.filter(isSuperAdminRoute);
const managerRoutes = ROUTES.filter((route) => isSignedInRoute(route) && !isSuperAdminRoute(route));

// No empty describe: vitest counts one as an error.
if (superAdminRoutes.length > 0)
  describe("the manager and the super admin", () => {
    for (const route of superAdminRoutes) {
      it(`${routeName(route)} refuses a manager's session`, async () => {
        await expectLockedOut(
          route,
          [{ label: "a manager's session", authorization: bearer(owner.manager.token) }],
          [401, 403],
        );
      });
    }
    if (superAdminRoutes.length > 0) {
      it("every manager route refuses the super admin's session", async () => {
        const admin: Caller = {
          label: "the super admin's session",
          authorization: bearer(await superAdminSession()),
        };
        for (const route of managerRoutes) await expectLockedOut(route, [admin], [401, 403]);
      });
    }
  });
