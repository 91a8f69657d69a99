import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import { auditLog } from "../../worker/db/schema";
import { api } from "../support/api";
import { auditRowsFor, checkIn, db, JANE, keysAndValues, sessionsOf, shopWith } from "../support/kiosk";

const parsed = (json: string | null) => (json === null ? null : JSON.parse(json));

describe("the audit log", () => {
  it("records who changed what, with before and after, for every change to an employee", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const jane = employees[0] as Employee;
    const token = manager.token;
    await api("PUT", `/api/manager/employees/${jane.id}/name`, {
      token,
      body: { first_name: "Janet", last_name: "Smith" },
    });
    await api("PUT", `/api/manager/employees/${jane.id}/status`, {
      token,
      body: { status: "sick_leave", note: "Flu", start_date: "2026-11-02" },
    });
    await api("PUT", `/api/manager/employees/${jane.id}/pin`, { token, body: { pin: "2468" } });
    await api("PUT", `/api/manager/employees/${jane.id}`, { token, body: { active: false } });
    await api("DELETE", `/api/manager/employees/${jane.id}`, { token });

    const rows = await auditRowsFor(jane.id);
    expect(
      rows.every((r) => r.userId === manager.id && r.locationId === locationId && r.entity === "employee"),
    ).toBe(true);
    expect(rows.map((r) => [r.action, parsed(r.beforeJson), parsed(r.afterJson)])).toEqual([
      ["created", null, { first_name: "Jane", last_name: "Smith", username: "janes", active: true }],
      [
        "renamed",
        expect.objectContaining({ first_name: "Jane" }),
        expect.objectContaining({ first_name: "Janet" }),
      ],
      [
        "status_changed",
        expect.objectContaining({ current_status: "active", status_note: null }),
        expect.objectContaining({
          current_status: "sick_leave",
          status_note: "Flu",
          start_date: "2026-11-02",
          end_date: null,
        }),
      ],
      ["pin_changed", null, { pin: "changed" }],
      ["deactivated", expect.objectContaining({ active: true }), expect.objectContaining({ active: false })],
      ["deleted", expect.objectContaining({ first_name: "Janet" }), null],
    ]);
  });

  it("never contains a PIN or a PIN hash", async () => {
    const { manager, employees } = await shopWith([JANE]);
    const jane = employees[0] as Employee;
    await api("PUT", `/api/manager/employees/${jane.id}/pin`, {
      token: manager.token,
      body: { pin: "8642" },
    });
    const rows = await db().select().from(auditLog);
    const recorded = rows.flatMap((row) => [row.beforeJson, row.afterJson]).filter((json) => json !== null);
    const { keys, values } = keysAndValues(recorded.map((json) => JSON.parse(json)));
    expect(keys.filter((key) => /pin_?hash/i.test(key))).toEqual([]);
    expect(values).toContain("changed");
    for (const value of values) expect(String(value)).not.toMatch(/^(4821|8642|[0-9a-f]{64})$/);
  });

  it("records a manager's Close Session against the session, with its times", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const jane = employees[0] as Employee;
    await checkIn(locationId, "janes", JANE.pin);
    await api("POST", `/api/manager/employees/${locationId}/${jane.id}/close-session`, {
      token: manager.token,
    });
    const [session] = await sessionsOf(jane.id);
    const [row] = await auditRowsFor(session?.id ?? "");
    expect(row).toMatchObject({
      entity: "attendance_session",
      action: "closed_by_manager",
      userId: manager.id,
    });
    expect(parsed(row?.beforeJson ?? null)).toEqual({
      employee_id: jane.id,
      check_in_at: new Date(session?.checkInAt ?? 0).toISOString(),
      check_out_at: null,
      closed_by: null,
    });
    expect(parsed(row?.afterJson ?? null)).toMatchObject({
      closed_by: "manager",
      check_out_at: expect.any(String),
    });
  });

  it("writes nothing for a change that did not happen", async () => {
    const staff = Array.from({ length: 10 }, (_, i) => ({
      first_name: `P${i}`,
      last_name: "T",
      pin: "1234",
    }));
    const { manager, locationId } = await shopWith(staff);
    const before = (await db().select().from(auditLog)).length;
    const refused = await api("POST", `/api/manager/employees/${locationId}`, {
      token: manager.token,
      body: { first_name: "Over", last_name: "Limit", pin: "1234" },
    });
    expect(refused.status).toBe(403);
    expect((await db().select().from(auditLog)).length).toBe(before);
  });
});
