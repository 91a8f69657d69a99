import { runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import { employees as employeesTable } from "../../worker/db/schema";
import { HubRecords } from "../../worker/durable/hub-records";
import { newId } from "../../worker/lib/crypto";
import {
  checkIn,
  checkOut,
  db,
  hubStub,
  JANE,
  openSessionsOf,
  RAVI,
  sessionsOf,
  shopWith,
} from "../support/kiosk";

describe("double punches", () => {
  it("records exactly one open session when 50 check-ins for one employee arrive at once", async () => {
    const { locationId, employees } = await shopWith([JANE]);
    const jane = employees[0] as Employee;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => checkIn(locationId, "janes", JANE.pin)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 400);
    expect(refused).toHaveLength(49);
    for (const answer of refused)
      expect(answer.body.detail).toMatch(/^Already checked in since \d{2}:\d{2}$/);
    expect(await sessionsOf(jane.id)).toHaveLength(1);
    expect(await openSessionsOf(jane.id)).toHaveLength(1);
  });

  it("closes the session once when 20 check-outs arrive at once", async () => {
    const { locationId, employees } = await shopWith([JANE]);
    await checkIn(locationId, "janes", JANE.pin);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => checkOut(locationId, "janes", JANE.pin)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.detail === "Not checked in — please check in first")).toHaveLength(
      19,
    );
    expect(await sessionsOf((employees[0] as Employee).id)).toHaveLength(1);
  });

  it("is refused by the hub's storage itself, even for a write that bypasses the punch rules", async () => {
    const { locationId, employees } = await shopWith([JANE]);
    const jane = employees[0] as Employee;
    await checkIn(locationId, "janes", JANE.pin);
    const second = runInDurableObject(hubStub(locationId), (_, state) =>
      state.storage.sql.exec(
        "INSERT INTO sessions (id, employee_id, check_in_at, created_at) VALUES (?, ?, ?, ?)",
        newId(),
        jane.id,
        Date.now(),
        Date.now(),
      ),
    );
    await expect(second).rejects.toThrow(/UNIQUE/);
    expect(await openSessionsOf(jane.id)).toHaveLength(1);
  });
});

describe("punches recorded in order", () => {
  it("answers each punch as the ones before it left the employee's sessions", async () => {
    const { locationId, employees } = await shopWith([JANE, RAVI]);
    const [jane, ravi] = employees as [Employee, Employee];
    await db().update(employeesTable).set({ active: false }).where(eq(employeesTable.id, ravi.id));
    await hubStub(locationId).changed("employees");
    const at = Date.UTC(2026, 10, 20, 9, 0);
    const answers = await runInDurableObject(hubStub(locationId), (_, state) => {
      const records = new HubRecords(state.storage);
      const punch = (action: "check_in" | "check_out", employeeId: string, minutes: number) =>
        records.recordPunch(action, employeeId, at + minutes * 60_000);
      return [
        punch("check_out", jane.id, 0),
        punch("check_in", jane.id, 1),
        punch("check_in", jane.id, 2),
        punch("check_in", ravi.id, 3),
        punch("check_out", jane.id, 4),
        punch("check_in", jane.id, 5),
      ];
    });
    expect(answers).toEqual([
      { status: "not_in" },
      { status: "checked_in", sessionId: expect.any(String) },
      { status: "already_in", since: at + 60_000 },
      { status: "inactive" },
      { status: "checked_out", checkInAt: at + 60_000, breakStartedAt: null, breaks: [] },
      { status: "checked_in", sessionId: expect.any(String) },
    ]);
    expect(await sessionsOf(jane.id)).toHaveLength(2);
    expect(await openSessionsOf(jane.id)).toHaveLength(1);
    expect(await sessionsOf(ravi.id)).toHaveLength(0);
  });
});
