import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AvailabilityResponse, MyShiftsResponse } from "../../worker/contracts/staff-shifts";
import { findOwnedLocation } from "../../worker/db/locations";
import { instantOfWallTime } from "../../worker/domain/rota";
import { rotaWarnings } from "../../worker/services/rota-checks";
import { api } from "../support/api";
import { addEmployee, db, JANE, RAVI } from "../support/kiosk";
import { publishShift } from "../support/rota";
import { staffSessionFor, staffShop } from "../support/staff";

// The staff app's shifts part (docs/staff-app.md, "My shifts, availability and open shifts"): my published
// shifts and their calendar file, and the times each week I cannot work, which the rota then warns about.

const myShifts = async (token: string, from: string) =>
  (await api("GET", `/api/staff/me/shifts?from=${from}`, { token })).body as unknown as MyShiftsResponse;

describe("my shifts", () => {
  it("lists my published shifts for eight weeks as staff last saw them, never drafts or anyone else's", async () => {
    const { manager, locationId, employee, staff } = await staffShop();
    const ravi = await addEmployee(manager, locationId, RAVI);
    const mine = await publishShift(locationId, employee.id, "2027-02-02T09:00:00Z", "2027-02-02T17:00:00Z", {
      breakMinutes: 30,
    });
    const last = await publishShift(locationId, employee.id, "2027-03-28T08:00:00Z", "2027-03-28T12:00:00Z");
    await publishShift(locationId, employee.id, "2027-03-29T08:00:00Z", "2027-03-30T12:00:00Z");
    await publishShift(locationId, employee.id, "2027-02-03T09:00:00Z", "2027-02-03T17:00:00Z", {
      draftOnly: true,
    });
    await publishShift(locationId, ravi.id, "2027-02-02T09:00:00Z", "2027-02-02T17:00:00Z");
    await publishShift(locationId, null, "2027-02-04T09:00:00Z", "2027-02-04T17:00:00Z");

    const answer = await myShifts(staff.token, "2027-02-01");
    expect(answer.from).toBe("2027-02-01");
    expect(answer.to).toBe("2027-03-28");
    expect(answer.timezone).toBe("Europe/London");
    expect(answer.shifts.map((s) => s.id)).toEqual([mine, last]);
    expect(answer.shifts[0]).toEqual({
      id: mine,
      date: "2027-02-02",
      start_at: "2027-02-02T09:00:00.000Z",
      end_at: "2027-02-02T17:00:00.000Z",
      start_local: "09:00",
      end_local: "17:00",
      location_name: "Camden High Street",
      role: null,
      break_minutes: 30,
      notes: null,
    });
    // The clocks went forward early on 28/03/2027: 08:00 UTC is 09:00 at the shop.
    expect(answer.shifts[1]).toMatchObject({ date: "2027-03-28", start_local: "09:00", end_local: "13:00" });
  });

  it("never shows another location's shifts, even to someone of the same account", async () => {
    const { manager, locationId, employee, staff } = await staffShop(JANE, { plan: "business" });
    const other = (
      await api("POST", "/api/manager/locations", { token: manager.token, body: { name: "Soho" } })
    ).body.location_id as string;
    const there = await addEmployee(manager, other, RAVI);
    await publishShift(other, there.id, "2027-02-02T09:00:00Z", "2027-02-02T17:00:00Z");
    // A shift stored under Jane's id in another location's hub is not a shift at her location.
    await publishShift(other, employee.id, "2027-02-03T09:00:00Z", "2027-02-03T17:00:00Z");
    const mine = await publishShift(locationId, employee.id, "2027-02-04T09:00:00Z", "2027-02-04T17:00:00Z");
    expect((await myShifts(staff.token, "2027-02-01")).shifts.map((s) => s.id)).toEqual([mine]);
  });

  it("refuses a from that is not a date, and anyone without a staff session", async () => {
    const { manager, staff } = await staffShop();
    const bad = await api("GET", "/api/staff/me/shifts?from=01/02/2027", { token: staff.token });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain("from must be a date");
    expect((await api("GET", "/api/staff/me/shifts", { token: manager.token })).status).toBe(401);
    expect((await api("GET", "/api/staff/me/shifts.ics")).status).toBe(401);
  });

  it("gives the shifts as a calendar file whose times read back to the same instants across the October clock change", async () => {
    const { locationId, employee, staff } = await staffShop();
    // 31/10/2027: the clocks go back at 02:00 BST. Saturday 09:00 BST is 08:00 UTC; Monday 09:00 GMT is 09:00 UTC.
    const saturday = await publishShift(
      locationId,
      employee.id,
      "2027-10-30T08:00:00Z",
      "2027-10-30T16:00:00Z",
    );
    const monday = await publishShift(
      locationId,
      employee.id,
      "2027-11-01T09:00:00Z",
      "2027-11-01T17:00:00Z",
      {
        breakMinutes: 20,
      },
    );
    const download = await fetchIcs(staff.token, "2027-10-25");
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(download.headers.get("Content-Disposition")).toBe('attachment; filename="my-shifts.ics"');
    const events = parseEvents(download.text);
    expect(events.map((e) => e.UID)).toEqual([`${saturday}@clocked.app`, `${monday}@clocked.app`]);
    expect(download.text).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/London");
    const instant = (value: string | undefined) => {
      const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})$/.exec(value ?? "");
      if (!m) throw new Error(`not a local time: ${value}`);
      const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as number[] as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      const wall = Date.UTC(year, month - 1, day, hour, minute, second);
      return new Date(instantOfWallTime(wall, "Europe/London")).toISOString();
    };
    expect(
      events.map((e) => [instant(e["DTSTART;TZID=Europe/London"]), instant(e["DTEND;TZID=Europe/London"])]),
    ).toEqual([
      ["2027-10-30T08:00:00.000Z", "2027-10-30T16:00:00.000Z"],
      ["2027-11-01T09:00:00.000Z", "2027-11-01T17:00:00.000Z"],
    ]);
    expect(events[1]?.DESCRIPTION).toBe("20 min unpaid break");
    // A second download names the same events, so a calendar updates them rather than adding copies.
    expect(parseEvents((await fetchIcs(staff.token, "2027-10-25")).text).map((e) => e.UID)).toEqual(
      events.map((e) => e.UID),
    );
  });
});

async function fetchIcs(token: string, from: string) {
  const { exports } = await import("cloudflare:workers");
  const response = await exports.default.fetch(`http://clocked.test/api/staff/me/shifts.ics?from=${from}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The file's VEVENTs as name → value, lines unfolded (RFC 5545 §3.1). */
function parseEvents(text: string): Record<string, string>[] {
  const lines = text.replace(/\r\n /g, "").split("\r\n");
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT" && current) {
      events.push(current);
      current = null;
    } else if (current) {
      const at = line.indexOf(":");
      current[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return events;
}

const put = (token: string, unavailable: unknown) =>
  api("PUT", "/api/staff/me/availability", { token, body: { unavailable } });

describe("when I can't work", () => {
  it("replaces the whole list and reads it back, Monday first, for me only", async () => {
    const { manager, locationId, staff } = await staffShop();
    const ravi = await addEmployee(manager, locationId, RAVI);
    const raviSession = await staffSessionFor(ravi.id);
    const saved = await put(staff.token, [
      { weekday: 3, from_minute: 18 * 60, to_minute: 22 * 60, note: "College" },
      { weekday: 1, from_minute: null, to_minute: null },
    ]);
    expect(saved.status).toBe(200);
    expect((saved.body as unknown as AvailabilityResponse).unavailable).toEqual([
      { weekday: 1, from_minute: null, to_minute: null, note: null },
      { weekday: 3, from_minute: 1080, to_minute: 1320, note: "College" },
    ]);
    await put(raviSession.token, [{ weekday: 5, from_minute: 0, to_minute: 600 }]);
    const replaced = await put(staff.token, [{ weekday: 7, from_minute: null, to_minute: null, note: "" }]);
    expect(replaced.body.unavailable).toEqual([
      { weekday: 7, from_minute: null, to_minute: null, note: null },
    ]);
    expect((await api("GET", "/api/staff/me/availability", { token: staff.token })).body.unavailable).toEqual(
      replaced.body.unavailable,
    );
    expect(
      (await api("GET", "/api/staff/me/availability", { token: raviSession.token })).body.unavailable,
    ).toEqual([{ weekday: 5, from_minute: 0, to_minute: 600, note: null }]);
  });

  it.each([
    [
      "an end before its start",
      [{ weekday: 2, from_minute: 600, to_minute: 540 }],
      "Each time must end after it starts.",
    ],
    [
      "a start without an end",
      [{ weekday: 2, from_minute: 600, to_minute: null }],
      "Give both a start and an end, or neither for all day.",
    ],
    [
      "two overlapping times",
      [
        { weekday: 2, from_minute: 540, to_minute: 720 },
        { weekday: 2, from_minute: 700, to_minute: 800 },
      ],
      "Two of the times on Tuesdays overlap: join them into one.",
    ],
    [
      "all day with another time that day",
      [
        { weekday: 6, from_minute: null, to_minute: null },
        { weekday: 6, from_minute: 60, to_minute: 120 },
      ],
      "Two of the times on Saturdays overlap: join them into one.",
    ],
    [
      "a weekday 8",
      [{ weekday: 8, from_minute: null, to_minute: null }],
      "The weekday must be a number from 1 (Monday) to 7 (Sunday)",
    ],
    [
      "22 times",
      Array.from({ length: 22 }, (_, i) => ({
        weekday: (i % 7) + 1,
        from_minute: i * 10,
        to_minute: i * 10 + 5,
      })),
      "At most 21 times can be listed.",
    ],
  ])("refuses %s with a 400 and keeps the list as it was", async (_, unavailable, detail) => {
    const { staff } = await staffShop();
    await put(staff.token, [{ weekday: 1, from_minute: null, to_minute: null }]);
    const refused = await put(staff.token, unavailable);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain(detail);
    expect((await api("GET", "/api/staff/me/availability", { token: staff.token })).body.unavailable).toEqual(
      [{ weekday: 1, from_minute: null, to_minute: null, note: null }],
    );
  });

  it("accepts back-to-back times on one day", async () => {
    const { staff } = await staffShop();
    const saved = await put(staff.token, [
      { weekday: 4, from_minute: 540, to_minute: 720 },
      { weekday: 4, from_minute: 720, to_minute: 900 },
    ]);
    expect(saved.status).toBe(200);
    expect((saved.body.unavailable as unknown[]).length).toBe(2);
  });

  it("makes the rota warn when a shift is planned in one of them", async () => {
    const { manager, locationId, employee, staff } = await staffShop();
    await put(staff.token, [{ weekday: 3, from_minute: 18 * 60, to_minute: 22 * 60, note: "College" }]);
    const location = await findOwnedLocation(db(), manager.id, locationId);
    if (!location) throw new Error("no location");
    const plan = (start: string, end: string) => ({
      id: `shift-${start}`,
      employeeId: employee.id,
      start: Date.parse(start),
      end: Date.parse(end),
      breakMinutes: 0,
      role: null,
      notes: null,
    });
    // Wednesday 13/01/2027 (GMT): 14:00–18:00 touches the time, 14:00–18:30 runs into it.
    const touching = plan("2027-01-13T14:00:00Z", "2027-01-13T18:00:00Z");
    const into = plan("2027-01-20T14:00:00Z", "2027-01-20T18:30:00Z");
    expect(await rotaWarnings(env, db(), location, "2027-01-11", [touching], Date.now())).toEqual([]);
    const warnings = await rotaWarnings(env, db(), location, "2027-01-18", [into], Date.now());
    expect(warnings).toEqual([
      {
        shift_id: into.id,
        employee_id: employee.id,
        name: "Jane Smith",
        rule: "unavailable",
        regulation: "Their availability, from the staff app",
        detail:
          "Jane Smith can't work Wednesdays 18:00–22:00 (College); this shift on 20/01/2027 runs into it.",
        fix: "Move the shift out of that time, give it to someone else, or check with them first.",
        date: "2027-01-20",
      },
    ]);
  });
});
