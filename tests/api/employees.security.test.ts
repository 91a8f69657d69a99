import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import { auditLog, employees as employeesTable } from "../../worker/db/schema";
import { api } from "../support/api";
import { pinHashOf } from "../support/hours";
import { checkIn, db, JANE, keysAndValues, openSessionsOf, RAVI, shopWith } from "../support/kiosk";

describe("another account's employees and locations", () => {
  it("are answered 404 by every employee endpoint, and nothing changes", async () => {
    const owner = await shopWith([JANE]);
    const intruder = await shopWith([RAVI]);
    const jane = owner.employees[0] as Employee;
    const ravi = intruder.employees[0] as Employee;
    await checkIn(owner.locationId, "janes", JANE.pin);
    const before = await db().query.employees.findFirst({ where: eq(employeesTable.id, jane.id) });

    const attempts: [string, string, unknown?][] = [
      ["GET", `/api/manager/employees/${owner.locationId}`],
      [
        "POST",
        `/api/manager/employees/${owner.locationId}`,
        { first_name: "Mal", last_name: "Lory", pin: "6666" },
      ],
      ["PUT", `/api/manager/employees/${jane.id}`, { active: false }],
      ["DELETE", `/api/manager/employees/${jane.id}`],
      ["PUT", `/api/manager/employees/${jane.id}/pin`, { pin: "0000" }],
      ["PUT", `/api/manager/employees/${jane.id}/name`, { first_name: "Mal", last_name: "Lory" }],
      ["PUT", `/api/manager/employees/${jane.id}/status`, { status: "sick_leave" }],
      ["POST", `/api/manager/employees/${owner.locationId}/${jane.id}/close-session`],
      // Mixing the intruder's own location with the owner's employee, and the other way round.
      ["POST", `/api/manager/employees/${intruder.locationId}/${jane.id}/close-session`],
      ["POST", `/api/manager/employees/${owner.locationId}/${ravi.id}/close-session`],
      ["GET", `/api/manager/live-status/${owner.locationId}`],
      ["POST", `/api/manager/live-status/${owner.locationId}/ticket`],
      ["GET", `/api/manager/kiosk-devices/${owner.locationId}`],
      ["POST", `/api/manager/kiosk-devices/${owner.locationId}`, { label: "Sneaky" }],
      ["DELETE", `/api/manager/kiosk-devices/${owner.locationId}`],
    ];
    for (const [method, path, body] of attempts) {
      const response = await api(method, path, { token: intruder.manager.token, body });
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 404 });
      expect(response.body.detail).toMatch(/^(Employee|Location) not found$/);
      expect(JSON.stringify(response.body)).not.toContain("Jane");
    }

    expect(await db().query.employees.findFirst({ where: eq(employeesTable.id, jane.id) })).toEqual(before);
    expect(await openSessionsOf(jane.id)).toHaveLength(1);
    const ownerList = await api("GET", `/api/manager/employees/${owner.locationId}`, {
      token: owner.manager.token,
    });
    expect(ownerList.body.employees).toHaveLength(1);
    const intruderAudit = await db().select().from(auditLog).where(eq(auditLog.userId, intruder.manager.id));
    // Their own location's creation and their own employee: nothing of the owner's.
    expect(intruderAudit.map((row) => row.entityId)).toEqual([intruder.locationId, ravi.id]);
    expect((await checkIn(owner.locationId, "janes", JANE.pin)).body.detail).toMatch(/^Already checked in/);
  });

  it("cannot be reached through an archived location either", async () => {
    const owner = await shopWith([JANE], { plan: "pro" });
    const second = await api("POST", "/api/manager/locations", {
      token: owner.manager.token,
      body: { name: "Two" },
    });
    await api("DELETE", `/api/manager/locations/${owner.locationId}`, { token: owner.manager.token });
    const jane = owner.employees[0] as Employee;
    expect(
      (await api("GET", `/api/manager/employees/${owner.locationId}`, { token: owner.manager.token })).status,
    ).toBe(404);
    expect(
      (
        await api("PUT", `/api/manager/employees/${jane.id}`, {
          token: owner.manager.token,
          body: { active: false },
        })
      ).status,
    ).toBe(404);
    // Its kiosk says it is no longer in use (docs/kiosk.md).
    expect(await api("GET", `/api/locations/${owner.locationId}`)).toMatchObject({
      status: 410,
      body: { detail: "This kiosk is no longer in use." },
    });
    expect(second.status).toBe(201);
  });
});

describe("PINs", () => {
  it("are never returned, and stored only as a keyed hash", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const jane = employees[0] as Employee;
    const answers = [
      await api("GET", `/api/manager/employees/${locationId}`, { token: manager.token }),
      await api("PUT", `/api/manager/employees/${jane.id}/pin`, {
        token: manager.token,
        body: { pin: "7777" },
      }),
      await api("PUT", `/api/manager/employees/${jane.id}/name`, {
        token: manager.token,
        body: { first_name: "J", last_name: "S" },
      }),
      await api("GET", `/api/employees/by-initial/${locationId}/J`),
    ];
    for (const answer of answers) {
      const { keys, values } = keysAndValues(answer.body);
      expect(keys.filter((key) => /pin/i.test(key))).toEqual([]);
      expect(values).not.toContain("7777");
      expect(values).not.toContain("4821");
    }
    // The location's hub holds the keyed hash; D1 holds none.
    expect(await pinHashOf(jane.id)).toMatch(/^[0-9a-f]{64}$/);
    const row = await db().query.employees.findFirst({ where: eq(employeesTable.id, jane.id) });
    expect(row?.pinHash).toBe("");
  });
});
