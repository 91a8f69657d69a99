import { runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import type { LiveStatus } from "../../worker/contracts/live";
import { locations } from "../../worker/db/schema";
import { localDayBounds, safeTimeZone } from "../../worker/domain/local-time";
import { HubRecords, PERIOD_QUERIES } from "../../worker/durable/hub-records";
import { api } from "../support/api";
import { insertSession } from "../support/hours";
import { checkIn, checkOut, db, hubStub, JANE, RAVI, shopWith } from "../support/kiosk";

const at = (iso: string) => Date.parse(iso);

async function recordSession(employee: Employee, checkInAt: string, checkOutAt: string | null = null) {
  await insertSession(employee.location_id, employee.id, checkInAt, checkOutAt);
}

/** The location's Live Status at a chosen instant, as its hub works it out in the zone it keeps. */
const liveStatus = (locationId: string, now: number) =>
  runInDurableObject(hubStub(locationId), (_, state) => {
    const records = new HubRecords(state.storage);
    const zone = safeTimeZone(records.site()?.timezone);
    return records.attendance(localDayBounds(now, zone), zone);
  });

const SAM = { first_name: "Sam", last_name: "Okoye", pin: "2468" };

describe("live status over HTTP", () => {
  it("shows who is in, who has left, and the day's counters", async () => {
    const { manager, locationId, employees } = await shopWith([JANE, RAVI, SAM]);
    await checkIn(locationId, "janes", JANE.pin);
    await checkIn(locationId, "ravik", RAVI.pin);
    await checkOut(locationId, "ravik", RAVI.pin);
    await checkIn(locationId, "samo", SAM.pin);

    const response = await api("GET", `/api/manager/live-status/${locationId}`, { token: manager.token });
    const status = response.body as LiveStatus;
    expect(status.kpis).toEqual({
      employees_checked_in: 2,
      total_checkins_today: 3,
      open_sessions: 2,
      on_break: 0,
    });
    expect(status.checked_in.map((s) => [s.id, s.name])).toEqual([
      [employees[0]?.id, "Jane Smith"],
      [employees[2]?.id, "Sam Okoye"],
    ]);
    expect(status.checked_in[0]).toEqual({
      id: employees[0]?.id,
      session_id: expect.any(String),
      name: "Jane Smith",
      time: expect.stringMatching(/^\d{2}:\d{2}$/),
      at: expect.stringMatching(/Z$/),
      on_leave: null,
    });
    expect(status.checked_out).toEqual([
      {
        id: employees[1]?.id,
        name: "Ravi Kumar",
        time: expect.stringMatching(/^\d{2}:\d{2}$/),
        at: expect.any(String),
      },
    ]);
    expect(status.timezone).toBe("Europe/London");

    // Back in: no longer under Recently Checked Out.
    await checkIn(locationId, "ravik", RAVI.pin);
    const again = (await api("GET", `/api/manager/live-status/${locationId}`, { token: manager.token }))
      .body as LiveStatus;
    expect(again.checked_out).toEqual([]);
    expect(again.kpis).toEqual({
      employees_checked_in: 3,
      total_checkins_today: 4,
      open_sessions: 3,
      on_break: 0,
    });
  });

  it("names people as their records now stand: a rename shows at once, a deleted employee is no longer listed as gone", async () => {
    const { manager, locationId, employees } = await shopWith([JANE, RAVI]);
    const [jane, ravi] = employees;
    await checkIn(locationId, "janes", JANE.pin);
    await checkIn(locationId, "ravik", RAVI.pin);
    await checkOut(locationId, "ravik", RAVI.pin);
    const status = async () =>
      (await api("GET", `/api/manager/live-status/${locationId}`, { token: manager.token }))
        .body as LiveStatus;
    expect((await status()).checked_out.map((s) => s.name)).toEqual(["Ravi Kumar"]);

    const renamed = await api("PUT", `/api/manager/employees/${jane?.id}/name`, {
      token: manager.token,
      body: { first_name: "Janet", last_name: "Smith-Jones" },
    });
    expect(renamed.status).toBe(200);
    expect((await status()).checked_in.map((s) => s.name)).toEqual(["Janet Smith-Jones"]);

    const deleted = await api("DELETE", `/api/manager/employees/${ravi?.id}`, { token: manager.token });
    expect(deleted.status).toBe(200);
    const after = await status();
    expect(after.checked_out).toEqual([]);
    expect(after.kpis.total_checkins_today).toBe(2);
  });

  it("leaves out other locations' staff", async () => {
    const mine = await shopWith([JANE]);
    const theirs = await shopWith([JANE]);
    await checkIn(theirs.locationId, "janes", JANE.pin);
    const status = (
      await api("GET", `/api/manager/live-status/${mine.locationId}`, { token: mine.manager.token })
    ).body as LiveStatus;
    expect(status.kpis).toEqual({
      employees_checked_in: 0,
      total_checkins_today: 0,
      open_sessions: 0,
      on_break: 0,
    });
  });
});

describe("today, in the location's own time zone", () => {
  it("begins at local midnight in British Summer Time (23:00 UTC the evening before)", async () => {
    const { locationId, employees } = await shopWith([JANE, RAVI, SAM]);
    const [jane, ravi, sam] = employees as [Employee, Employee, Employee];
    await recordSession(jane, "2026-07-14T22:59:00Z", "2026-07-14T23:30:00Z"); // 23:59 → 00:30 BST
    await recordSession(ravi, "2026-07-14T23:00:00Z"); // 00:00 BST today, still in
    await recordSession(sam, "2026-07-14T08:00:00Z"); // 09:00 BST yesterday, never checked out

    const status = await liveStatus(locationId, at("2026-07-15T10:00:00Z"));
    expect(status.date).toBe("2026-07-15");
    expect(status.kpis).toEqual({
      employees_checked_in: 1,
      total_checkins_today: 1,
      open_sessions: 2,
      on_break: 0,
    });
    expect(status.checked_in.map((s) => [s.name, s.time])).toEqual([
      ["Sam Okoye", "14/07 09:00"],
      ["Ravi Kumar", "00:00"],
    ]);
    expect(status.checked_out.map((s) => [s.name, s.time])).toEqual([["Jane Smith", "00:30"]]);
  });

  it("begins at midnight UTC in winter (GMT)", async () => {
    const { locationId, employees } = await shopWith([JANE, RAVI]);
    const [jane, ravi] = employees as [Employee, Employee];
    await recordSession(jane, "2026-01-14T23:59:59Z", "2026-01-14T23:59:59Z");
    await recordSession(ravi, "2026-01-15T00:00:00Z", "2026-01-15T00:05:00Z");

    const status = await liveStatus(locationId, at("2026-01-15T12:00:00Z"));
    expect(status.kpis.total_checkins_today).toBe(1);
    expect(status.checked_out.map((s) => [s.name, s.time])).toEqual([["Ravi Kumar", "00:05"]]);
  });

  it("lists a forgotten check-out closed today, and nobody who left on another day", async () => {
    const { locationId, employees } = await shopWith([JANE, RAVI, SAM]);
    const [jane, ravi, sam] = employees as [Employee, Employee, Employee];
    // A year of Jane's shifts, none ending today.
    for (let day = 1; day <= 365; day += 7) {
      const start = at("2026-01-15T09:00:00Z") - day * 24 * 60 * 60_000;
      await recordSession(
        jane,
        new Date(start).toISOString(),
        new Date(start + 8 * 60 * 60_000).toISOString(),
      );
    }
    // Ravi forgot to clock out three days ago; the session ends this morning. Sam worked yesterday's night shift.
    await recordSession(ravi, "2026-01-12T09:00:00Z", "2026-01-15T08:00:00Z");
    await recordSession(sam, "2026-01-14T22:00:00Z", "2026-01-15T06:00:00Z");

    const status = await liveStatus(locationId, at("2026-01-15T12:00:00Z"));
    expect(status.checked_out.map((s) => [s.name, s.time])).toEqual([
      ["Ravi Kumar", "08:00"],
      ["Sam Okoye", "06:00"],
    ]);
    expect(status.kpis.total_checkins_today).toBe(0);
  });

  it("follows the location's stored zone", async () => {
    const { locationId, employees } = await shopWith([JANE]);
    await db().update(locations).set({ timezone: "America/New_York" }).where(eq(locations.id, locationId));
    await hubStub(locationId).changed("site");
    await recordSession(employees[0] as Employee, "2026-07-15T03:30:00Z"); // 23:30 on the 14th in New York
    expect((await hubStub(locationId).currentStatus()).timezone).toBe("America/New_York");
    const status = await liveStatus(locationId, at("2026-07-15T12:00:00Z"));
    expect(status.kpis).toEqual({
      employees_checked_in: 0,
      total_checkins_today: 0,
      open_sessions: 1,
      on_break: 0,
    });
    expect(status.checked_in[0]?.time).toBe("14/07 23:30");
  });

  it("reads the day's sessions through indexes, never a scan of the location's history", async () => {
    const { locationId } = await shopWith([JANE]);
    const plans = await runInDurableObject(hubStub(locationId), (_, state) =>
      Object.values(PERIOD_QUERIES).map((query) =>
        state.storage.sql
          .exec<{ detail: string }>(
            `EXPLAIN QUERY PLAN ${query}`,
            ...query
              .split("?")
              .slice(1)
              .map(() => 0),
          )
          .toArray()
          .map((row) => row.detail)
          .join("; "),
      ),
    );
    expect(plans[0]).toMatch(/SEARCH sessions USING INDEX sessions_long_or_open/);
    expect(plans[1]).toMatch(
      /SEARCH sessions USING INDEX sessions_check_in \(check_in_at>\? AND check_in_at<\?\)/,
    );
    expect(plans[2]).toMatch(
      /SEARCH sessions USING INDEX sessions_check_in \(check_in_at>\? AND check_in_at<\?\)/,
    );
    for (const plan of plans) expect(plan).not.toMatch(/SCAN/);
  });
});
