import { beforeAll, describe, expect, it } from "vitest";
import { EMPLOYEE_NOT_FOUND } from "../../worker/contracts/employees";
import { LOCATION_NOT_FOUND } from "../../worker/contracts/locations";
import { PERMISSION_DENIED } from "../../worker/domain/team-roles";
import { api } from "../support/api";
import { download } from "../support/hours";
import { addEmployee, addLocation, JANE, type Manager, RAVI, shopWith } from "../support/kiosk";
import { LAST_PERIOD } from "../support/payroll";
import { superAdminToken } from "../support/super-admin";
import { addMember, type MemberOptions } from "../support/team";

// Each role of an account's team (docs/team.md), signed in with their own password, doing what the role allows
// and refused the rest: 403 with a sentence for an action the role lacks, 404 for a location not theirs.

type Shop = { manager: Manager; camden: string; harbour: string; jane: string; ravi: string };

/** A Business account with two shops: Jane works at Camden, Ravi at Harbour Street. */
async function twoShops(): Promise<Shop> {
  const { manager, locationId: camden, employees } = await shopWith([JANE], { plan: "business" });
  const harbour = await addLocation(manager, "Harbour Street");
  const ravi = await addEmployee(manager, harbour, RAVI);
  return { manager, camden, harbour, jane: employees[0]?.id ?? "", ravi: ravi.id };
}

const as = (token: string) => ({
  token: () => token,
  get: (path: string) => api("GET", path, { token }),
  send: (method: "POST" | "PUT" | "DELETE", path: string, body?: Record<string, unknown>) =>
    api(method, path, { token, body }),
});

/** Past the permission check: the export's own checks answer (409 until every worker has a payroll number). */
const reachesExport = (answer: { status: number }) => answer.status !== 403 && answer.status !== 404;

const locationNames = async (token: string) => {
  const answer = await api("GET", "/api/manager/locations", { token });
  expect(answer.status).toBe(200);
  return (answer.body.locations as { name: string }[]).map((l) => l.name).sort();
};

describe("team members", () => {
  let shop: Shop;
  const member = (options: MemberOptions) => addMember(shop.manager.id, options);
  beforeAll(async () => {
    shop = await twoShops();
  });

  it("lets an admin run every location but not billing or closing the account", async () => {
    const admin = as((await member({ role: "admin" })).token);
    expect(await locationNames(admin.token())).toEqual(["Camden High Street", "Harbour Street"]);
    const hired = await admin.send("POST", `/api/manager/employees/${shop.harbour}`, {
      first_name: "Nia",
      last_name: "Evans",
      pin: "5521",
    });
    expect(hired.status).toBe(201);
    expect((await download({ ...shop.manager, token: admin.token() }, "/api/user/export")).status).toBe(200);
    expect(await admin.send("POST", "/api/user/subscription/change-plan", { plan: "pro" })).toMatchObject({
      status: 403,
      body: { detail: PERMISSION_DENIED("admin") },
    });
    expect(
      await admin.send("POST", "/api/user/close-account", { password: shop.manager.password }),
    ).toMatchObject({ status: 403, body: { detail: PERMISSION_DENIED("admin") } });
    expect((await api("GET", "/api/user/me", { token: shop.manager.token })).status).toBe(200);
  });

  it("shows a location manager only their shop, where they run the day-to-day", async () => {
    const manager = as((await member({ role: "location_manager", locationIds: [shop.camden] })).token);
    expect(await locationNames(manager.token())).toEqual(["Camden High Street"]);
    const staff = await manager.get(`/api/manager/employees/${shop.camden}`);
    expect(staff.status).toBe(200);
    expect(JSON.stringify(staff.body)).toContain("Jane");
    expect(
      (await manager.send("PUT", `/api/manager/employees/${shop.jane}/pin`, { pin: "2468" })).status,
    ).toBe(200);

    expect(await manager.get(`/api/manager/employees/${shop.harbour}`)).toMatchObject({
      status: 404,
      body: { detail: LOCATION_NOT_FOUND },
    });
    expect(
      await manager.send("PUT", `/api/manager/employees/${shop.ravi}/pin`, { pin: "2468" }),
    ).toMatchObject({
      status: 404,
      body: { detail: EMPLOYEE_NOT_FOUND },
    });
    expect(await manager.send("POST", "/api/manager/locations", { name: "Third shop" })).toMatchObject({
      status: 403,
      body: { detail: PERMISSION_DENIED("location_manager") },
    });
  });

  it("lets a location manager approve and export pay only when the owner allows it", async () => {
    const approve = { period: LAST_PERIOD, reviewed_exceptions: true };
    const plain = as((await member({ role: "location_manager", locationIds: [shop.camden] })).token);
    expect(await plain.send("POST", `/api/manager/timesheets/${shop.camden}/approve`, approve)).toMatchObject(
      {
        status: 403,
        body: { detail: PERMISSION_DENIED("location_manager") },
      },
    );
    const trusted = as(
      (await member({ role: "location_manager", locationIds: [shop.camden], mayApprovePay: true })).token,
    );
    expect(
      (await trusted.send("POST", `/api/manager/timesheets/${shop.camden}/approve`, approve)).status,
    ).toBe(200);
    expect(
      reachesExport(
        await trusted.get(`/api/manager/payroll-export/${shop.camden}?period=${LAST_PERIOD}&format=csv`),
      ),
    ).toBe(true);
    expect(
      await trusted.get(`/api/manager/payroll-export/${shop.harbour}?period=${LAST_PERIOD}&format=csv`),
    ).toMatchObject({ status: 404, body: { detail: LOCATION_NOT_FOUND } });
  });

  it("lets payroll read and export everywhere but never change staff or PINs", async () => {
    const payroll = as((await member({ role: "payroll" })).token);
    expect(await locationNames(payroll.token())).toEqual(["Camden High Street", "Harbour Street"]);
    for (const location of [shop.camden, shop.harbour]) {
      expect((await payroll.get(`/api/manager/timesheets/${location}?period=${LAST_PERIOD}`)).status).toBe(
        200,
      );
    }
    const approve = { period: LAST_PERIOD, reviewed_exceptions: true };
    expect(
      (await payroll.send("POST", `/api/manager/timesheets/${shop.harbour}/approve`, approve)).status,
    ).toBe(200);
    expect(
      reachesExport(
        await payroll.get(`/api/manager/payroll-export/${shop.harbour}?period=${LAST_PERIOD}&format=csv`),
      ),
    ).toBe(true);
    const refused = { status: 403, body: { detail: PERMISSION_DENIED("payroll") } };
    expect(
      await payroll.send("PUT", `/api/manager/employees/${shop.jane}/pin`, { pin: "1122" }),
    ).toMatchObject(refused);
    expect(
      await payroll.send("POST", `/api/manager/employees/${shop.camden}`, {
        first_name: "Ola",
        last_name: "Ade",
        pin: "9090",
      }),
    ).toMatchObject(refused);
    expect(
      await payroll.send("POST", `/api/manager/kiosk-devices/${shop.camden}`, { label: "Till" }),
    ).toMatchObject(refused);
    const staff = await api("GET", `/api/manager/employees/${shop.camden}`, { token: shop.manager.token });
    expect(JSON.stringify(staff.body)).not.toContain("Ola");
  });
});

describe("a team member of a closed account", () => {
  it("is signed out with the account", async () => {
    const shop = await twoShops();
    const admin = await addMember(shop.manager.id, { role: "admin" });
    expect((await api("GET", "/api/manager/locations", { token: admin.token })).status).toBe(200);
    const closed = await api("POST", "/api/user/close-account", {
      token: shop.manager.token,
      body: { password: shop.manager.password },
    });
    expect(closed.status).toBe(200);
    expect((await api("GET", "/api/manager/locations", { token: admin.token })).status).toBe(401);
  });
});

describe("the super admin", () => {
  it("lists accounts, not their team members", async () => {
    const shop = await twoShops();
    const member = await addMember(shop.manager.id, { role: "payroll", name: "Quinn Ledger" });
    const token = await superAdminToken();
    const byName = await api("GET", "/api/super-admin/users?search=quinn%20ledger", { token });
    expect(byName).toMatchObject({ status: 200, body: { users: [] } });
    const byId = await api("GET", `/api/super-admin/users?search=${member.id}`, { token });
    expect(byId.body.users).toEqual([]);
    const owner = await api("GET", `/api/super-admin/users?search=${shop.manager.id}`, { token });
    expect(owner.body.users).toEqual([expect.objectContaining({ id: shop.manager.id })]);
  });
});
