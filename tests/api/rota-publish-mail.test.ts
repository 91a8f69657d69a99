import { describe, expect, it } from "vitest";
import type { OutboxResponse } from "../../worker/contracts/dev";
import type { Employee } from "../../worker/contracts/employees";
import type { PublishResponse, RotaShift, RotaWarning, RotaWeekResponse } from "../../worker/contracts/rota";
import { api } from "../support/api";
import { RAVI, shopWith } from "../support/kiosk";

// Publishing a week through the API (docs/rota.md): refused while its working-time warnings are not
// acknowledged, then staff with an address e-mailed their week with a calendar file, the rest listed.

const WEEK = "2027-03-01"; // a Monday well ahead: every day is still to come

const outboxOf = async (email: string) =>
  (await api("GET", `/api/dev/outbox?email=${encodeURIComponent(email)}`)).body as unknown as OutboxResponse;

describe("publishing a week with a working-time warning", () => {
  it("is refused until the warning is acknowledged, then tells staff", async () => {
    const { manager, locationId } = await shopWith([RAVI]);
    const base = `/api/manager/rota/${locationId}`;
    const email = `jane-${crypto.randomUUID()}@example.co.uk`;
    const jane = (
      await api("POST", `/api/manager/employees/${locationId}`, {
        token: manager.token,
        body: { first_name: "Jane", last_name: "Smith", pin: "4821", email },
      })
    ).body.employee as Employee;
    const ravi = (
      (await api("GET", `/api/manager/employees/${locationId}`, { token: manager.token })).body
        .employees as Employee[]
    ).find((e) => e.first_name === "Ravi") as Employee;
    const add = async (employeeId: string, start: string, end: string) => {
      const answer = await api("POST", `${base}/shifts`, {
        token: manager.token,
        body: { employee_id: employeeId, start_at: start, end_at: end, break_minutes: 30 },
      });
      expect(answer.status).toBe(201);
      return answer.body as { shift: RotaShift; warnings: RotaWarning[] };
    };
    // A close at 23:00 and an open at 07:00: 8 hours' rest.
    await add(jane.id, "2027-03-02T15:00:00Z", "2027-03-02T23:00:00Z");
    const open = await add(jane.id, "2027-03-03T07:00:00Z", "2027-03-03T12:00:00Z");
    expect(open.warnings.map((w) => [w.rule, w.shift_id])).toEqual([["daily_rest", open.shift.id]]);
    await add(ravi.id, "2027-03-02T09:00:00Z", "2027-03-02T13:00:00Z");

    const week = (await api("GET", `${base}?week=${WEEK}`, { token: manager.token }))
      .body as RotaWeekResponse;
    expect(week.warnings).toMatchObject([
      {
        rule: "daily_rest",
        shift_id: open.shift.id,
        name: "Jane Smith",
        regulation: "Working Time Regulations 1998, reg 10(1)",
        detail: "Only 8 hours' rest between Tue 23:00 and Wed 07:00; 11 hours are needed.",
        fix: "Start Wednesday's shift at 10:00 or later.",
      },
    ]);

    const refused = await api("POST", `${base}/publish`, { token: manager.token, body: { week: WEEK } });
    expect(refused.status).toBe(409);
    expect((refused.body.warnings as RotaWarning[]).map((w) => w.rule)).toEqual(["daily_rest"]);
    expect((await outboxOf(email)).messages).toEqual([]);

    const published = await api("POST", `${base}/publish`, {
      token: manager.token,
      body: { week: WEEK, acknowledge_warnings: true },
    });
    expect(published.status).toBe(200);
    const told = published.body as unknown as PublishResponse;
    expect(told.notified).toEqual([{ employee_id: jane.id, name: "Jane Smith" }]);
    expect(told.not_notified).toEqual([{ employee_id: ravi.id, name: "Ravi Kumar" }]);
    const [mail, ...more] = (await outboxOf(email)).messages;
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Your shifts at Camden High Street, week beginning 01/03/2027");
    expect(mail?.body).toContain(
      "- Tue 02/03 15:00–23:00, 30 min break\n- Wed 03/03 07:00–12:00, 30 min break\n",
    );
    expect(mail?.attachments.map((a) => a.filename)).toEqual([`rota-${WEEK}.ics`]);
    expect(atob(mail?.attachments[0]?.content ?? "")).toContain("DTSTART;TZID=Europe/London:20270303T070000");
  });
});
