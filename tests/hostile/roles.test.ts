import { beforeAll, describe, expect, it } from "vitest";
import { LOCATION_NOT_FOUND } from "../../worker/contracts/locations";
import { can, type Member, PERMISSION_DENIED, type Role } from "../../worker/domain/team-roles";
import { ROUTE_PERMISSIONS } from "../../worker/middleware/route-permissions";
import { api } from "../support/api";
import { JANE } from "../support/kiosk";
import { addMember } from "../support/team";
import { acceptedBody } from "./support/contracts";
import { bearer, type Call, isErrorBody, send, summary } from "./support/http";
import {
  fillPath,
  type Ids,
  isSignedInRoute,
  paramsOf,
  ROUTES,
  type Route,
  routeName,
  SESSION_GUARDS,
} from "./support/routes";
import { snapshot } from "./support/snapshot";
import { type Tenant, tenant } from "./support/tenant";

// Every signed-in route declares what it needs (worker/middleware/route-permissions.ts), and every manager route
// is sent by every role that is not the owner, at a location in their scope and one outside it: a refusal
// answers 403 with a sentence (the role lacks the permission) or 404 (the location does not exist for them),
// and changes nothing in D1 or any hub. Calls a role is allowed are sent only when they are reads: the
// per-role API tests (tests/api/team-roles.test.ts) walk the writes.

const keyOf = (route: Route) => `${route.method} ${route.path}`;
/** Behind an account's session guard: the guards are where the permission is checked. */
const isGuarded = (route: Route) => route.handlers.some((handler) => SESSION_GUARDS.includes(handler));
const isManagerRoute = (route: Route) => route.path.startsWith("/api/manager/") && isSignedInRoute(route);
const signedIn = ROUTES.filter(isGuarded);

describe("the permission table", () => {
  it("declares what every signed-in route needs", () => {
    const undeclared = signedIn.map(keyOf).filter((key) => !(key in ROUTE_PERMISSIONS));
    expect(undeclared).toEqual([]);
  });

  it("names no route the app does not answer", () => {
    const known = new Set(ROUTES.map(keyOf));
    expect(Object.keys(ROUTE_PERMISSIONS).filter((key) => !known.has(key))).toEqual([]);
  });
});

type Seat = { label: string; role: Exclude<Role, "owner">; mayApprovePay: boolean };
const SEATS: Seat[] = [
  { label: "an admin", role: "admin", mayApprovePay: false },
  { label: "a location manager", role: "location_manager", mayApprovePay: false },
  { label: "a location manager who may approve pay", role: "location_manager", mayApprovePay: true },
  { label: "payroll", role: "payroll", mayApprovePay: false },
];

/** Body fields that name a location or an employee. */
const idFields = (ids: Ids) => ({ location_id: ids.location, employee_id: ids.employee });

const namesALocation = (route: Route) =>
  paramsOf(route.path).some((p) => p.kind === "location" || p.kind === "employee");

describe("every role at every manager route", () => {
  let shop: Tenant;
  let elsewhere: Ids;
  const tokens = new Map<Seat, string>();

  beforeAll(async () => {
    shop = await tenant({ plan: "business" });
    const second = await api("POST", "/api/manager/locations", {
      token: shop.manager.token,
      body: { name: "Harbour Street" },
    });
    if (second.status !== 201) throw new Error(`second location: ${JSON.stringify(second.body)}`);
    const locationId = String(second.body.location_id);
    const hired = await api("POST", `/api/manager/employees/${locationId}`, {
      token: shop.manager.token,
      body: { ...JANE, first_name: "Nia", pin: "5521" },
    });
    if (hired.status !== 201 && hired.status !== 200) throw new Error(`hire: ${JSON.stringify(hired.body)}`);
    const employee = (hired.body.employee ?? hired.body) as { id: string };
    elsewhere = { ...shop.ids, location: locationId, employee: employee.id };
    for (const seat of SEATS) {
      const member = await addMember(shop.manager.id, {
        role: seat.role,
        mayApprovePay: seat.mayApprovePay,
        locationIds: seat.role === "location_manager" ? [shop.locationId] : [],
      });
      tokens.set(seat, member.token);
    }
  });

  const callFor = (route: Route, ids: Ids, token: string): Call => {
    const body = route.contract ? acceptedBody(route.contract.schema, idFields(ids)) : undefined;
    return {
      method: route.method,
      path: fillPath(route.path, ids),
      authorization: bearer(token),
      raw: body === undefined ? undefined : JSON.stringify(body),
      contentType: body === undefined ? undefined : "application/json",
    };
  };

  const refusedUnchanged = async (call: Call, status: number, label: string) => {
    const before = await snapshot();
    const answer = await send(call);
    expect({ label, ...summary(call, answer) }).toMatchObject({ status });
    expect(isErrorBody(answer.json), answer.text).toBe(true);
    expect(await snapshot(), `${label} changed rows`).toEqual(before);
    return answer;
  };

  for (const route of ROUTES.filter(isManagerRoute)) {
    it(`${routeName(route)} answers each role as its permission says`, async () => {
      const rule = ROUTE_PERMISSIONS[keyOf(route)];
      expect(rule, "declared in route-permissions.ts").toBeDefined();
      for (const seat of SEATS) {
        const token = tokens.get(seat) ?? "";
        const member: Pick<Member, "mayApprovePay"> = { mayApprovePay: seat.mayApprovePay };
        const allowed =
          rule === "signed-in" || (rule !== undefined && rule !== "staff" && can(seat.role, rule, member));
        const call = callFor(route, shop.ids, token);
        if (!allowed) {
          const answer = await refusedUnchanged(call, 403, seat.label);
          expect(answer.json).toEqual({ detail: PERMISSION_DENIED(seat.role) });
        } else if (route.method === "GET") {
          const answer = await send(call);
          expect(answer.status, `${seat.label}: ${answer.text}`).not.toBe(403);
          expect(answer.json, seat.label).not.toEqual({ detail: LOCATION_NOT_FOUND });
        }
        if (seat.role === "location_manager" && namesALocation(route)) {
          await refusedUnchanged(callFor(route, elsewhere, token), 404, `${seat.label}, another location`);
        }
      }
    });
  }
});
