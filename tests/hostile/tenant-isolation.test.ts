import { beforeAll, describe, expect, it } from "vitest";
import { acceptedBody, fieldsOf } from "./support/contracts";
import { bearer, type Call, isErrorBody, send, summary } from "./support/http";
import { fillPath, type Ids, isTenantRoute, paramsOf, ROUTES, type Route, routeName } from "./support/routes";
import { snapshot } from "./support/snapshot";
import { type Tenant, tenant } from "./support/tenant";

// Account B aims every manager and user route that names data in its path at account A's ids: each
// must answer as if the ids did not exist (404) or were forbidden (403), and change nothing.

const AMARA = { first_name: "Amara", last_name: "Okafor", pin: "3904" };
const TOMASZ = { first_name: "Tomasz", last_name: "Wójcik", pin: "7712" };

/** Body fields that carry an id, and the kind of id they carry. */
const ID_FIELDS: Record<string, keyof Ids> = {
  location_id: "location",
  employee_id: "employee",
  device_id: "device",
  report_id: "report",
};
const idFields = (ids: Ids) =>
  Object.fromEntries(
    Object.entries(ID_FIELDS).flatMap(([field, kind]) => (ids[kind] ? [[field, ids[kind]]] : [])),
  );

/** All of A's ids; then, where the path names several things, each of A's ids among B's own. */
function aims(route: Route, a: Ids, b: Ids): { label: string; ids: Ids }[] {
  const named = [...new Set(paramsOf(route.path).map((p) => p.kind))].filter(
    (kind) => kind !== "initial" && kind !== "unknown",
  );
  const all = { label: "all of A's ids", ids: { ...b, ...Object.fromEntries(named.map((k) => [k, a[k]])) } };
  if (named.length < 2) return [all];
  return [
    all,
    ...named.map((kind) => ({ label: `A's ${kind} among B's ids`, ids: { ...b, [kind]: a[kind] } })),
  ];
}

describe("account B aiming at account A's data", () => {
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    a = await tenant({ plan: "business" }, [AMARA, TOMASZ]);
    b = await tenant({ plan: "business" });
  });

  const expectNothingOfA = (call: Call, text: string) => {
    for (const secret of [
      AMARA.first_name,
      AMARA.last_name,
      TOMASZ.first_name,
      ...a.employees.map((e) => e.id),
    ]) {
      expect(text, `${call.method} ${call.path} leaks ${secret}`).not.toContain(secret);
    }
  };

  for (const route of ROUTES.filter(isTenantRoute)) {
    it(`${routeName(route)} answers 404 or 403 and changes nothing`, async () => {
      for (const aim of aims(route, a.ids, b.ids)) {
        const body = route.contract ? acceptedBody(route.contract.schema, idFields(aim.ids)) : undefined;
        const call: Call = {
          method: route.method,
          path: fillPath(route.path, aim.ids),
          authorization: bearer(b.manager.token),
          raw: body === undefined ? undefined : JSON.stringify(body),
          contentType: body === undefined ? undefined : "application/json",
        };
        const before = await snapshot();
        const answer = await send(call);
        expect({ aim: aim.label, ...summary(call, answer) }).toMatchObject({
          status: expect.toSatisfy((s: number) => s === 404 || s === 403),
        });
        expect(isErrorBody(answer.json), answer.text).toBe(true);
        expectNothingOfA(call, answer.text);
        expect(await snapshot(), `${aim.label}: ${call.method} ${call.path}`).toEqual(before);
      }
    });

    const contract = route.contract;
    if (contract && fieldsOf(contract.schema).some((field) => field in ID_FIELDS)) {
      it(`${routeName(route)} at B's own path refuses A's ids in the body`, async () => {
        const body = acceptedBody(contract.schema, idFields(a.ids));
        expect(body, "a body the contract accepts, carrying A's ids").toBeDefined();
        const call: Call = {
          method: route.method,
          path: fillPath(route.path, b.ids),
          authorization: bearer(b.manager.token),
          raw: JSON.stringify(body),
          contentType: "application/json",
        };
        const before = await snapshot();
        const answer = await send(call);
        expect(answer.status >= 400 && answer.status < 500, JSON.stringify(summary(call, answer))).toBe(true);
        expectNothingOfA(call, answer.text);
        expect(await snapshot()).toEqual(before);
      });
    }
  }

  it("leaves A's own view of their data as it was", async () => {
    const list = await send({
      method: "GET",
      path: `/api/manager/employees/${a.locationId}`,
      authorization: bearer(a.manager.token),
    });
    expect(list.json).toMatchObject({
      employees: [
        { first_name: "Amara", checked_in: true, active: true, current_status: "active" },
        { first_name: "Tomasz", checked_in: false, active: true },
      ],
    });
    const devices = await send({
      method: "GET",
      path: `/api/manager/kiosk-devices/${a.locationId}`,
      authorization: bearer(a.manager.token),
    });
    expect(devices.json).toMatchObject({ devices: [{ id: a.ids.device }] });
    const report = await send({
      method: "GET",
      path: `/api/manager/automated-reports/${a.locationId}/${a.ids.report}/download`,
      authorization: bearer(a.manager.token),
    });
    expect(report).toMatchObject({ status: 200, text: expect.stringContaining("Amara Okafor,37.5") });
  });
});
