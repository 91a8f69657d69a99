import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import type { LiveStatus } from "../../worker/contracts/live";
import {
  attendanceSessions,
  employeeBreakOverrides,
  employeeStatusHistory,
  employees,
  locationDailyCheckIns,
} from "../../worker/db/schema";
import { appSecret } from "../../worker/lib/config";
import { newId } from "../../worker/lib/crypto";
import { hashPin } from "../../worker/lib/pins";
import { api } from "../support/api";
import { statusHistoryOf } from "../support/hours";
import { checkIn, db, hubStub, JANE, RAVI, sessionsOf, shopWith } from "../support/kiosk";
import { superAdminToken } from "../support/super-admin";

// Before hubs kept attendance, every session was a D1 row, and so were staff's PINs, own breaks and statuses.
// The move copies each location's rows into its hub: by itself the first time a hub starts (or first hears of
// an employee), and for every location at once from the super admin's route.

const HOUR = 60 * 60_000;

/** Sessions as the D1-path build recorded them: the past week of shifts, and one still open. */
async function legacyHistory(locationId: string, employeeIds: string[]) {
  const now = Date.now();
  const rows = employeeIds.flatMap((employeeId, n) =>
    [1, 2, 3, 4, 5].map((day) => ({
      id: newId(),
      locationId,
      employeeId,
      checkInAt: now - day * 24 * HOUR - n * 60_000,
      checkOutAt: now - day * 24 * HOUR + 8 * HOUR,
      closedBy: "kiosk" as const,
      createdAt: now - day * 24 * HOUR,
    })),
  );
  const open = { ...rows[0], id: newId(), checkInAt: now - HOUR, checkOutAt: null, closedBy: null };
  await db()
    .insert(attendanceSessions)
    .values([...rows, open] as (typeof attendanceSessions.$inferInsert)[]);
  return rows.length + 1;
}

describe("moving D1's sessions into the hubs", () => {
  it("copies every location's sessions once, however often the super admin runs it", async () => {
    const a = await shopWith([JANE, RAVI], { plan: "pro" });
    const b = await shopWith([JANE], { plan: "pro" });
    const legacyA = await legacyHistory(
      a.locationId,
      a.employees.map((e) => e.id),
    );
    const legacyB = await legacyHistory(
      b.locationId,
      b.employees.map((e) => e.id),
    );
    const token = await superAdminToken();

    const first = await api("POST", "/api/super-admin/backfill-hubs", { token });
    expect(first.status).toBe(200);
    expect(first.body.sessions_copied).toBeGreaterThanOrEqual(legacyA + legacyB);
    const again = await api("POST", "/api/super-admin/backfill-hubs", { token });
    expect(again.body).toMatchObject({ sessions_copied: 0 });

    const [jane, ravi] = a.employees;
    expect(await sessionsOf(jane?.id ?? "")).toHaveLength(6);
    expect(await sessionsOf(ravi?.id ?? "")).toHaveLength(5);
    const status = (await api("GET", `/api/manager/live-status/${a.locationId}`, { token: a.manager.token }))
      .body as LiveStatus;
    expect(status.checked_in.map((s) => s.name)).toEqual(["Jane Smith"]);

    // The roll-ups the super admin reads count the copied days too, reported once by each hub's alarm.
    await runDurableObjectAlarm(hubStub(a.locationId));
    const days = await db()
      .select()
      .from(locationDailyCheckIns)
      .where(eq(locationDailyCheckIns.locationId, a.locationId));
    expect(days.reduce((sum, day) => sum + day.checkIns, 0)).toBe(legacyA);
  });

  it("is refused without a super admin session", async () => {
    const { manager } = await shopWith([JANE]);
    expect((await api("POST", "/api/super-admin/backfill-hubs")).status).toBe(401);
    expect((await api("POST", "/api/super-admin/backfill-hubs", { token: manager.token })).status).toBe(401);
  });

  it("happens by itself when a hub first starts for a location D1 already had", async () => {
    const { locationId, employees } = await shopWith([JANE, RAVI]);
    const legacy = await legacyHistory(
      locationId,
      employees.map((e) => e.id),
    );
    // As after the deploy that brought hubs: this hub has never been told about its location.
    await hubStub(locationId).forget();
    expect((await api("GET", `/api/locations/${locationId}`)).status).toBe(200);
    const copied = await Promise.all(employees.map((e) => sessionsOf(e.id)));
    expect(copied.flat()).toHaveLength(legacy);
  });

  it("copies each employee's PIN, own breaks and status from D1 once, and never over what the hub set since", async () => {
    const { manager, locationId } = await shopWith([JANE], { plan: "pro" });
    // Ravi, as the D1-path build kept him: PIN hash, status and its period, own breaks, all in D1.
    const raviId = newId();
    await db()
      .insert(employees)
      .values({
        id: raviId,
        locationId,
        firstName: "Ravi",
        lastName: "Kumar",
        username: "ravik",
        pinHash: await hashPin(appSecret(env), raviId, RAVI.pin),
        currentStatus: "holiday",
        statusNote: "Goa",
      });
    await db()
      .insert(employeeStatusHistory)
      .values({
        id: newId(),
        employeeId: raviId,
        status: "holiday",
        note: "Goa",
        startDate: "2026-11-02",
        endDate: "2026-11-13",
        createdAt: Date.now() - HOUR,
        createdBy: manager.id,
      });
    await db()
      .insert(employeeBreakOverrides)
      .values({ employeeId: raviId, customBreakMinutes: 45, customWorkHours: 6, updatedAt: Date.now() });
    await hubStub(locationId).changed("employees");

    // The hub has it all now, and D1 no longer keeps the PIN's hash.
    expect((await checkIn(locationId, "ravik", RAVI.pin)).status).toBe(200);
    const [d1Ravi] = await db().select().from(employees).where(eq(employees.id, raviId));
    expect(d1Ravi?.pinHash).toBe("");
    const token = manager.token;
    const listed = await api("GET", `/api/manager/employees/${locationId}`, { token });
    expect((listed.body.employees as Employee[]).find((e) => e.id === raviId)).toMatchObject({
      current_status: "holiday",
      status_note: "Goa",
      status_start_date: "2026-11-02",
      status_end_date: "2026-11-13",
      checked_in: true,
    });
    expect(await statusHistoryOf(raviId)).toEqual([
      expect.objectContaining({ status: "holiday", start_date: "2026-11-02", created_by: manager.id }),
    ]);
    const breaks = await api("GET", `/api/manager/employee-breaks/${locationId}`, { token });
    expect(breaks.body.overrides).toEqual([
      { employee_id: raviId, custom_break_minutes: 45, custom_work_hours: 6 },
    ]);

    // The manager resets his breaks; D1's old row is never copied in again.
    const reset = await api("DELETE", `/api/manager/employee-breaks/${locationId}/${raviId}`, { token });
    expect(reset.status).toBe(200);
    await hubStub(locationId).changed("employees");
    expect(
      (await api("GET", `/api/manager/employee-breaks/${locationId}`, { token })).body.overrides,
    ).toEqual([]);
  });
});
