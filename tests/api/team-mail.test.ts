import {
  createExecutionContext,
  createMessageBatch,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import type { ReportMessage } from "../../worker/jobs/weekly-reports";
import { api, createManager } from "../support/api";
import { backdateLocation, insertSession } from "../support/hours";
import { addEmployee, addLocation, hubStub, JANE, shopWith } from "../support/kiosk";
import { addMember } from "../support/team";

// Mail goes to the people who run the location (docs/team.md, "Mail"): its owner, the admins and its own
// location managers, each unless they turned that e-mail off; never payroll, never another shop's manager.

// Monday 16 November 2026, 07:30 in London: the week before is 9 to 15 November.
const MONDAY_RUN = Date.parse("2026-11-16T07:30:00Z");

async function outbox(email: string) {
  const { body } = await api("GET", `/api/dev/outbox?email=${encodeURIComponent(email)}`);
  return body.messages as { subject: string; body: string }[];
}

async function deliverReport(locationId: string) {
  const message: ReportMessage = { type: "location", runAt: MONDAY_RUN, locationId };
  const batch = createMessageBatch("clocked-reports", [
    { id: "message-0", timestamp: new Date(), attempts: 1, body: message },
  ]);
  const ctx = createExecutionContext();
  await (worker as ExportedHandler<Env>).queue?.(batch, env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("the Monday report", () => {
  it("goes to the owner, the admins and that shop's managers; the approval line only to those who approve", async () => {
    const owner = await createManager({ plan: "pro" });
    const leith = await addLocation(owner, "Leith Deli");
    const camden = await addLocation(owner, "Camden High Street");
    await backdateLocation(leith);
    const jane = await addEmployee(owner, leith, JANE);
    await insertSession(leith, jane.id, "2026-11-10T09:00:00Z", "2026-11-10T17:30:00Z");
    const admin = await addMember(owner.id, { role: "admin", name: "Ada Admin" });
    const approver = await addMember(owner.id, {
      role: "location_manager",
      locationIds: [leith],
      mayApprovePay: true,
      name: "Lee Approver",
    });
    const manager = await addMember(owner.id, {
      role: "location_manager",
      locationIds: [leith],
      name: "Mo Shop",
    });
    const elsewhere = await addMember(owner.id, { role: "location_manager", locationIds: [camden] });
    const payroll = await addMember(owner.id, { role: "payroll" });

    await deliverReport(leith);

    for (const person of [owner, admin, approver, manager]) {
      const mail = await outbox(person.email);
      expect(mail.map((m) => m.subject)).toEqual([
        "Hours report for Leith Deli: Week 09/11/2026 – 15/11/2026",
      ]);
      expect(mail[0]?.body).toContain(`Hello ${person.name},`);
    }
    expect((await outbox(owner.email))[0]?.body).toContain("waiting for your approval");
    expect((await outbox(approver.email))[0]?.body).toContain("waiting for your approval");
    expect((await outbox(manager.email))[0]?.body).not.toContain("waiting for your approval");
    expect(await outbox(elsewhere.email)).toEqual([]);
    expect(await outbox(payroll.email)).toEqual([]);
  });

  it("is not sent to someone who turned it off, and each person's choice is their own", async () => {
    const owner = await createManager({ plan: "pro" });
    const leith = await addLocation(owner, "Leith Deli");
    await backdateLocation(leith);
    const jane = await addEmployee(owner, leith, JANE);
    await insertSession(leith, jane.id, "2026-11-10T09:00:00Z", "2026-11-10T17:30:00Z");
    const manager = await addMember(owner.id, { role: "location_manager", locationIds: [leith] });

    expect((await api("GET", "/api/user/email-preferences", { token: manager.token })).body).toEqual({
      weekly_report: true,
      review: true,
    });
    const off = await api("PUT", "/api/user/email-preferences", {
      token: manager.token,
      body: { weekly_report: false, review: true },
    });
    expect(off.status).toBe(200);
    expect((await api("GET", "/api/user/email-preferences", { token: owner.token })).body).toEqual({
      weekly_report: true,
      review: true,
    });

    await deliverReport(leith);
    expect(await outbox(manager.email)).toEqual([]);
    expect(await outbox(owner.email)).toHaveLength(1);
  });

  it("refuses a choice that is not true or false with a clear detail", async () => {
    const owner = await createManager({ plan: "pro" });
    const response = await api("PUT", "/api/user/email-preferences", {
      token: owner.token,
      body: { weekly_report: "no", review: true },
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe("Weekly report must be true or false");
  });
});

describe("the forgotten clock-out review", () => {
  it("goes to each person who runs the shop and wants it", async () => {
    const { manager: owner, locationId, employees } = await shopWith([JANE], { plan: "pro" });
    const admin = await addMember(owner.id, { role: "admin", name: "Ada Admin" });
    const quiet = await addMember(owner.id, { role: "location_manager", locationIds: [locationId] });
    await api("PUT", "/api/user/email-preferences", {
      token: quiet.token,
      body: { weekly_report: true, review: false },
    });
    const checkIn = Math.floor((Date.now() - 16 * 60 * 60_000) / 60_000) * 60_000;
    await insertSession(locationId, employees[0]?.id ?? "", new Date(checkIn).toISOString(), null);
    await runInDurableObject(hubStub(locationId), (_, state) => state.storage.setAlarm(Date.now() + 60_000));
    await runDurableObjectAlarm(hubStub(locationId));

    const reviews = async (email: string) =>
      (await outbox(email)).filter((m) => m.subject.includes("forgotten clock-out"));
    expect(await reviews(owner.email)).toHaveLength(1);
    const [toAdmin] = await reviews(admin.email);
    expect(toAdmin?.subject).toBe("1 forgotten clock-out at Camden High Street to review");
    expect(toAdmin?.body).toContain("Hello Ada Admin,");
    expect(await reviews(quiet.email)).toEqual([]);
  });
});
