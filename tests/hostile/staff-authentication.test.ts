import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../support/api";
import { staffShop } from "../support/staff";
import { addMember } from "../support/team";
import { acceptedBody } from "./support/contracts";
import { bearer, type Call, send } from "./support/http";
import { type Caller, expectRefused } from "./support/refused";
import {
  fillPath,
  isKioskDeviceRoute,
  isSignedInRoute,
  isStaffRoute,
  ROUTES,
  type Route,
  routeName,
} from "./support/routes";
import { expiredStaffSession, signedOutStaffSession, superAdminSession } from "./support/sessions";
import { type Tenant, tenant } from "./support/tenant";

// The staff app's role (docs/staff-app.md): every /api/staff/* route behind the staff guard refuses every
// caller but a live staff session, and a live staff session opens nothing else.

let owner: Tenant;
let others: Caller[];

beforeAll(async () => {
  owner = await tenant({ plan: "business" });
  const ticket = await api("POST", `/api/manager/live-status/${owner.locationId}/ticket`, {
    token: owner.manager.token,
  });
  const member = await addMember(owner.manager.id, { role: "admin" });
  // Staff who lost the app: one archived, one whose address was removed (their sessions as they were).
  const archived = await staffShop();
  const withoutEmail = await staffShop();
  const archivedToken = archived.staff.token;
  await api("DELETE", `/api/manager/employees/${archived.employee.id}`, { token: archived.manager.token });
  await api("PUT", `/api/manager/employees/${withoutEmail.employee.id}/name`, {
    token: withoutEmail.manager.token,
    body: { first_name: "Jane", last_name: "Smith", email: null },
  });
  others = [
    { label: "an archived employee's staff session", authorization: bearer(archivedToken) },
    {
      label: "the staff session of an employee whose e-mail was removed",
      authorization: bearer(withoutEmail.staff.token),
    },
    { label: "a manager's session", authorization: bearer(member.token) },
    { label: "the owner's session", authorization: bearer(owner.manager.token) },
    { label: "the location's kiosk device token", authorization: bearer(owner.kioskToken) },
    { label: "a live-status ticket", authorization: bearer(String(ticket.body.ticket)) },
    { label: "the super admin's session", authorization: bearer(await superAdminSession()) },
    { label: "a valid staff session in the URL", query: `session_id=${owner.staff.token}` },
  ];
});

const malformed = (token: string): Caller[] => [
  { label: "no token" },
  { label: "an empty bearer", authorization: "Bearer " },
  { label: "a short bearer", authorization: "Bearer abc" },
  { label: "a token with a character added", authorization: bearer(`${token}x`) },
  { label: "two tokens", authorization: `Bearer ${token} ${token}` },
  { label: "a 5,000-character token", authorization: bearer("A".repeat(5000)) },
  { label: "the token without its scheme", authorization: token },
];

/** Made afresh for each route: a route that wrongly let one in might also have spent it (a logout). */
const staffCallers = async (): Promise<Caller[]> => [
  ...malformed(owner.staff.token),
  { label: "an expired staff session", authorization: bearer(await expiredStaffSession(owner.employee.id)) },
  {
    label: "a signed-out staff session",
    authorization: bearer(await signedOutStaffSession(owner.employee.id)),
  },
  ...others,
];

function callAs(route: Route, caller: Caller): Call {
  const preset = { location_id: owner.ids.location, employee_ids: [owner.ids.employee], active: false };
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

const expectLockedOut = (route: Route, who: Caller[]) =>
  expectRefused(who, (caller) => callAs(route, caller), [401]);

const staffRoutes = ROUTES.filter(isStaffRoute);

describe("a staff app route called without a live staff session", () => {
  it("is every signed-in /api/staff route", () => {
    expect(staffRoutes.map(routeName)).toContain("GET /api/staff/me");
    expect(staffRoutes.map(routeName)).toContain("DELETE /api/staff/me/passkeys/:passkeyId");
    expect(staffRoutes.map(routeName)).not.toContain("POST /api/staff/auth/start");
  });

  for (const route of staffRoutes) {
    it(`${routeName(route)} answers 401 to no, malformed, expired, signed-out, ended and other roles' tokens`, async () => {
      await expectLockedOut(route, await staffCallers());
    });
  }
});

describe("a live staff session", () => {
  it("opens GET /api/staff/me (so the refusals below are about the role, not the token)", async () => {
    const me = await send({ method: "GET", path: "/api/staff/me", authorization: bearer(owner.staff.token) });
    expect(me.status).toBe(200);
  });

  const elsewhere = ROUTES.filter((route) => isSignedInRoute(route) || isKioskDeviceRoute(route));
  for (const route of elsewhere) {
    it(`${routeName(route)} answers it 401`, async () => {
      await expectLockedOut(route, [
        { label: "a live staff session", authorization: bearer(owner.staff.token) },
      ]);
    });
  }
});
