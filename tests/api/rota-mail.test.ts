import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { OutboxResponse } from "../../worker/contracts/dev";
import type { Employee } from "../../worker/contracts/employees";
import { findOwnedLocation } from "../../worker/db/locations";
import type { PlannedShift } from "../../worker/domain/rota";
import { tellStaff } from "../../worker/services/rota-mail";
import { api } from "../support/api";
import { db, JANE, RAVI, shopWith } from "../support/kiosk";

// Telling staff their week when it is published (docs/rota.md, "Telling staff"), read back from the
// development outbox: the e-mail, and the calendar file attached to it.

let count = 0;
const shift = (
  employeeId: string,
  start: string,
  end: string,
  extra: Partial<PlannedShift> = {},
): PlannedShift => ({
  id: `shift-${++count}`,
  employeeId,
  start: Date.parse(start),
  end: Date.parse(end),
  breakMinutes: 30,
  role: "Barista",
  notes: null,
  ...extra,
});

async function shop() {
  const { manager, locationId } = await shopWith([RAVI]);
  const added = await api("POST", `/api/manager/employees/${locationId}`, {
    token: manager.token,
    body: { ...JANE, email: `jane-${crypto.randomUUID()}@example.co.uk` },
  });
  const jane = added.body.employee as Employee;
  const ravi = (
    (await api("GET", `/api/manager/employees/${locationId}`, { token: manager.token })).body
      .employees as Employee[]
  ).find((e) => e.first_name === "Ravi") as Employee;
  const location = await findOwnedLocation(db(), manager.id, locationId);
  if (!location) throw new Error("no location");
  return { location, jane, ravi };
}

const outbox = async (email: string) =>
  (
    (await (
      await exports.default.fetch(`http://localhost/api/dev/outbox?email=${encodeURIComponent(email)}`)
    ).json()) as OutboxResponse
  ).messages;

const decode = (base64: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));

describe("telling staff their week", () => {
  it("e-mails those with an address their shifts and a calendar file, and lists those without", async () => {
    const { location, jane, ravi } = await shop();
    const tuesday = shift(jane.id, "2026-11-17T09:00:00Z", "2026-11-17T17:00:00Z");
    const saturday = shift(jane.id, "2026-11-21T10:00:00Z", "2026-11-21T14:00:00Z", {
      breakMinutes: 0,
      role: null,
    });
    const dropped = shift(jane.id, "2026-11-18T09:00:00Z", "2026-11-18T13:00:00Z");
    const told = await tellStaff(env, db(), location, "2026-11-16", [
      { employeeId: jane.id, shifts: [saturday, tuesday], cancelled: [dropped] },
      {
        employeeId: ravi.id,
        shifts: [shift(ravi.id, "2026-11-17T09:00:00Z", "2026-11-17T12:00:00Z")],
        cancelled: [],
      },
    ]);
    expect(told).toEqual({
      notified: [{ employee_id: jane.id, name: "Jane Smith" }],
      not_notified: [{ employee_id: ravi.id, name: "Ravi Kumar" }],
    });
    const [mail, ...more] = await outbox(jane.email as string);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Your shifts at Camden High Street, week beginning 16/11/2026");
    expect(mail?.body).toContain(
      "- Tue 17/11 09:00–17:00, 30 min break, Barista\n- Sat 21/11 10:00–14:00, no break\n",
    );
    expect(mail?.body).toContain(
      "No longer yours (cancelled or moved):\n- Wed 18/11 09:00–13:00, 30 min break, Barista",
    );
    expect(mail?.body).toContain("ask your manager at Camden High Street");
    const [file] = mail?.attachments ?? [];
    expect(file?.filename).toBe("rota-2026-11-16.ics");
    expect(file?.content_type).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    const ics = decode(file?.content ?? "").replace(/\r\n /g, "");
    expect(ics).toContain(`UID:${tuesday.id}@clocked.app\r\n`);
    expect(ics).toContain("DTSTART;TZID=Europe/London:20261117T090000\r\n");
    expect(ics).toContain("DTEND;TZID=Europe/London:20261121T140000\r\n");
    expect(ics.split("STATUS:CANCELLED").length - 1).toBe(1);
    expect(ics.split("BEGIN:VEVENT").length - 1).toBe(3);
  });

  it("does not fail when the e-mail API does: the employee is listed as not told", async () => {
    const { location, jane } = await shop();
    const failing = {
      ...env,
      EMAIL_API_KEY: "re_test_key",
      EMAIL_API_URL: `${env.FAKE_SERVER_URL}/emails-failing`,
    };
    const told = await tellStaff(failing, db(), location, "2026-11-16", [
      {
        employeeId: jane.id,
        shifts: [shift(jane.id, "2026-11-17T09:00:00Z", "2026-11-17T17:00:00Z")],
        cancelled: [],
      },
    ]);
    expect(told).toEqual({ notified: [], not_notified: [{ employee_id: jane.id, name: "Jane Smith" }] });
  });

  it("reads a whole large team's addresses in one go: 150 changes are more than D1's 100 bound parameters", async () => {
    const { location, jane, ravi } = await shop();
    const strangers = Array.from({ length: 148 }, (_, i) => ({
      employeeId: `not-here-${i}`,
      shifts: [shift(`not-here-${i}`, "2026-11-17T09:00:00Z", "2026-11-17T17:00:00Z")],
      cancelled: [],
    }));
    const ours = [jane, ravi].map((e) => ({
      employeeId: e.id,
      shifts: [shift(e.id, "2026-11-18T09:00:00Z", "2026-11-18T17:00:00Z")],
      cancelled: [],
    }));
    const told = await tellStaff(env, db(), location, "2026-11-16", [...strangers, ...ours]);
    expect(told.notified).toEqual([{ employee_id: jane.id, name: "Jane Smith" }]);
    expect(told.not_notified.map((e) => e.employee_id)).toContain(ravi.id);
  });
});
