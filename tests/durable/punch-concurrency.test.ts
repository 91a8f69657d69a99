import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import { attendanceSessions } from "../../worker/db/schema";
import { newId } from "../../worker/lib/crypto";
import { checkIn, checkOut, db, JANE, openSessionsOf, sessionsOf, shopWith } from "../support/kiosk";

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

  it("is refused by the database itself, even for a write that bypasses the hub", async () => {
    const { locationId, employees } = await shopWith([JANE]);
    const jane = employees[0] as Employee;
    await checkIn(locationId, "janes", JANE.pin);
    const second = db()
      .insert(attendanceSessions)
      .values({ id: newId(), locationId, employeeId: jane.id, checkInAt: Date.now() });
    await expect(second).rejects.toThrow();
    expect(await openSessionsOf(jane.id)).toHaveLength(1);
  });
});
