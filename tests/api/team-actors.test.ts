import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type {
  EntryHistoryResponse,
  TimesheetEntry,
  TimesheetResponse,
} from "../../worker/contracts/timesheets";
import { auditLog } from "../../worker/db/schema";
import { parseCsv } from "../../worker/domain/csv";
import { api } from "../support/api";
import { auditRowsFor, checkIn, db, hubStub } from "../support/kiosk";
import { LAST_PERIOD, shopWithAWeek } from "../support/payroll";
import { addMember } from "../support/team";

// Who did it (docs/team.md): every audit row, correction, approval, unlock, export and setting change names
// the member who made it, by id and by their name then; the account stays the owner's.

const HOUR = 3_600_000;
const iso = (instant: number) => new Date(instant).toISOString();

/** A Pro shop with last week's hours, and Sam Patel managing it, allowed to approve pay. */
async function shopWithSam() {
  const shop = await shopWithAWeek();
  const sam = await addMember(shop.manager.id, {
    role: "location_manager",
    locationIds: [shop.locationId],
    mayApprovePay: true,
    name: "Sam Patel",
  });
  return { ...shop, sam };
}

/** A file download (not JSON), as `token`'s member. */
const download = (token: string, path: string) =>
  exports.default.fetch(`http://clocked.test${path}`, { headers: { Authorization: `Bearer ${token}` } });

/** The pay period of last week approved, as `token`'s member. */
const approve = (token: string, locationId: string) =>
  api("POST", `/api/manager/timesheets/${locationId}/approve`, { token, body: { period: LAST_PERIOD } });

const auditRowsOf = (accountId: string) =>
  db().select().from(auditLog).where(eq(auditLog.userId, accountId)).orderBy(auditLog.createdAt, sql`rowid`);

const byActor = (rows: { actorId: string | null; actorName: string | null; action: string }[]) =>
  rows.map((row) => ({ action: row.action, actorId: row.actorId, actorName: row.actorName }));

async function entriesOf(token: string, locationId: string, employeeId: string) {
  const sheet = await api("GET", `/api/manager/timesheets/${locationId}?period=${LAST_PERIOD}`, { token });
  const days = (sheet.body as unknown as TimesheetResponse).employees.find(
    (e) => e.employee_id === employeeId,
  );
  return (days?.days ?? []).flatMap((day) => day.entries) as TimesheetEntry[];
}

describe("who did it", () => {
  it("names the member who corrected an entry in the audit log and in the entry's history", async () => {
    const { manager, sam, locationId, jane } = await shopWithSam();
    const [monday] = await entriesOf(sam.token, locationId, jane);
    const checkInAt = Date.parse(monday?.check_in_at ?? "");
    const edited = await api("PUT", `/api/manager/timesheets/${locationId}/entries/${monday?.id}`, {
      token: sam.token,
      body: { check_in_at: iso(checkInAt + HOUR), reason: "Started late" },
    });
    expect(edited.status).toBe(200);

    const history = await api("GET", `/api/manager/timesheets/${locationId}/entries/${monday?.id}/history`, {
      token: manager.token,
    });
    expect((history.body as unknown as EntryHistoryResponse).history.map((v) => [v.action, v.by])).toEqual([
      ["recorded", null],
      ["edited", "Sam Patel"],
    ]);
    const [row] = await auditRowsFor(monday?.id ?? "");
    expect(row).toMatchObject({
      userId: manager.id,
      actorId: sam.id,
      actorName: "Sam Patel",
      action: "edited",
    });
  });

  it("names the member who approved, exported and unlocked a pay period", async () => {
    const { manager, sam, locationId, jane } = await shopWithSam();
    const approved = await approve(sam.token, locationId);
    expect(approved.status).toBe(200);
    expect(approved.body.approved).toEqual(
      expect.arrayContaining([expect.objectContaining({ employee_id: jane, approved_by: "Sam Patel" })]),
    );
    const sheet = await api("GET", `/api/manager/timesheets/${locationId}?period=${LAST_PERIOD}`, {
      token: manager.token,
    });
    const janeRow = (sheet.body as unknown as TimesheetResponse).employees.find(
      (e) => e.employee_id === jane,
    );
    expect(janeRow?.approved_by).toBe("Sam Patel");

    expect(
      (
        await download(
          sam.token,
          `/api/manager/payroll-export/${locationId}?period=${LAST_PERIOD}&format=csv`,
        )
      ).status,
    ).toBe(200);
    const unlocked = await api("POST", `/api/manager/timesheets/${locationId}/unlock`, {
      token: sam.token,
      body: { period: LAST_PERIOD, reason: "Jane's Monday was wrong" },
    });
    expect(unlocked.status).toBe(200);

    const janeRows = (await auditRowsFor(jane)).filter((row) => row.entity === "timesheet_approval");
    expect(byActor(janeRows)).toEqual([
      { action: "approved", actorId: sam.id, actorName: "Sam Patel" },
      { action: "unlocked", actorId: sam.id, actorName: "Sam Patel" },
    ]);
    expect(janeRows.every((row) => row.userId === manager.id)).toBe(true);
    const exported = (await auditRowsOf(manager.id)).filter((row) => row.entity === "export");
    expect(exported).toEqual([
      expect.objectContaining({
        locationId,
        action: "payroll_exported",
        actorId: sam.id,
        actorName: "Sam Patel",
        afterJson: JSON.stringify({ format: "csv", period: LAST_PERIOD, employees: 2 }),
      }),
    ]);
    // The hub keeps who unlocked the approval with it.
    const unlockedBy = await runInDurableObject(hubStub(locationId), (_, state) =>
      state.storage.sql
        .exec<{ unlocked_by: string; unlocked_by_name: string }>(
          "SELECT unlocked_by, unlocked_by_name FROM approvals WHERE employee_id = ?",
          jane,
        )
        .toArray(),
    );
    expect(unlockedBy).toEqual([{ unlocked_by: sam.id, unlocked_by_name: "Sam Patel" }]);
  });

  it("names the member who changed a PIN, unlocked one, changed the kiosk's settings and paired a tablet", async () => {
    const { manager, sam, locationId, jane, employees } = await shopWithSam();
    const pin = await api("PUT", `/api/manager/employees/${jane}/pin`, {
      token: sam.token,
      body: { pin: "2468" },
    });
    expect(pin.status).toBe(200);
    const ravi = employees[1];
    for (let i = 0; i < 5; i++) await checkIn(locationId, ravi?.username ?? "", "0000");
    const unlock = await api("POST", `/api/manager/live-status/${locationId}/unlock/${ravi?.id}`, {
      token: sam.token,
    });
    expect(unlock).toMatchObject({ status: 200, body: { unlocked: 1 } });
    const look = await api("PUT", `/api/manager/locations/${locationId}/customization`, {
      token: sam.token,
      body: { record_breaks: true },
    });
    expect(look.status).toBe(200);
    // A tablet paired with Sam's code is paired by Sam, though Sam never signed in on it.
    const made = await api("POST", `/api/manager/kiosk-devices/${locationId}/pairing-codes`, {
      token: sam.token,
    });
    const paired = await api("POST", "/api/kiosk/pair", { body: { code: made.body.code, label: "Till" } });
    expect(paired.status).toBe(201);

    const samsRows = (await auditRowsOf(manager.id)).filter((row) => row.actorId === sam.id);
    expect(samsRows.map((row) => [row.entityId, row.action])).toEqual([
      [jane, "pin_changed"],
      [ravi?.id, "pin_unlocked"],
      [locationId, "customization_changed"],
      [paired.body.device_id, "paired"],
    ]);
    expect(samsRows.every((row) => row.actorName === "Sam Patel" && row.userId === manager.id)).toBe(true);
  });

  it("keeps an account-wide setting's change with no location, and names the admin who changed settings, exported and added a location", async () => {
    const { manager, locationId } = await shopWithSam();
    const admin = await addMember(manager.id, { role: "admin", name: "Ada Lovelace" });
    const holiday = await api("PUT", "/api/manager/compliance/holiday-settings", {
      token: admin.token,
      body: { leave_year_start: "2026-04-01", carry_over_weeks: 1 },
    });
    expect(holiday.status).toBe(200);
    const codes = await api("PUT", "/api/manager/payroll-settings", {
      token: admin.token,
      body: { rolled_up_holiday_pay: true },
    });
    expect(codes.status).toBe(200);
    const evidence = await download(
      admin.token,
      `/api/manager/compliance/${locationId}/evidence?from=2026-01-05&to=2026-01-11&format=csv`,
    );
    expect(evidence.status).toBe(200);

    const added = await api("POST", "/api/manager/locations", {
      token: admin.token,
      body: { name: "Pier Kiosk" },
    });
    expect(added.status).toBe(201);
    const pier = String(added.body.location_id);
    expect((await api("DELETE", `/api/manager/locations/${pier}`, { token: admin.token })).status).toBe(200);

    const rows = (await auditRowsOf(manager.id)).filter((row) => row.actorId === admin.id);
    expect(rows.map((row) => [row.locationId, row.entity, row.action])).toEqual([
      ["", "account_settings", "holiday_settings_changed"],
      ["", "account_settings", "payroll_settings_changed"],
      [locationId, "export", "evidence_exported"],
      [pier, "location", "created"],
      [pier, "location", "archived"],
    ]);
    expect(JSON.parse(rows[0]?.afterJson ?? "{}")).toEqual({
      leave_year_start: "2026-04-01",
      carry_over_weeks: 1,
      allow_requests_beyond_balance: false,
    });
    expect(rows.every((row) => row.actorName === "Ada Lovelace")).toBe(true);
  });

  it("sends an outbox row from before the hub kept names as the owner's, to the location's account", async () => {
    const { manager, locationId, jane } = await shopWithSam();
    await runInDurableObject(hubStub(locationId), (_, state) => {
      state.storage.sql.exec(
        `INSERT INTO audit_outbox (id, entity, entity_id, action, user_id, before_json, after_json, at)
         VALUES ('waiting-row', 'employee', ?, 'pin_changed', ?, NULL, '{"pin":"changed"}', 1)`,
        jane,
        manager.id,
      );
      return state.storage.setAlarm(Date.now() + 60_000);
    });
    await runDurableObjectAlarm(hubStub(locationId));
    const [sent] = (await auditRowsFor(jane)).filter((row) => row.action === "pin_changed");
    expect(sent).toMatchObject({ userId: manager.id, actorId: manager.id, actorName: null, locationId });
  });

  it("exports the team, and who made each audited change, old rows as the owner's", async () => {
    const { manager, sam, locationId, jane } = await shopWithSam();
    const payroll = await addMember(manager.id, { role: "payroll", name: "Priya Nair" });
    expect((await approve(sam.token, locationId)).status).toBe(200);
    // A row from before teams, which has no actor: the owner made it.
    await env.DB.prepare(
      `INSERT INTO audit_log (id, user_id, location_id, entity, entity_id, action, created_at)
       VALUES ('legacy-row', ?, ?, 'employee', ?, 'renamed', 1)`,
    )
      .bind(manager.id, locationId, jane)
      .run();

    // Invited, not accepted yet: listed with who sent it; a revoked one is not.
    const expiresAt = Date.now() + 7 * 24 * HOUR;
    for (const [id, revokedAt] of [
      ["pending-invite", null],
      ["revoked-invite", 1],
    ] as const) {
      await env.DB.prepare(
        `INSERT INTO team_invitations (id, account_id, email, role, location_ids, may_approve_pay, token_hash,
           invited_by_id, invited_by_name, created_at, expires_at, revoked_at)
         VALUES (?, ?, ?, 'location_manager', ?, 0, ?, ?, 'Sam Patel', 1, ?, ?)`,
      )
        .bind(
          id,
          manager.id,
          `${id}@example.co.uk`,
          JSON.stringify([locationId]),
          id,
          sam.id,
          expiresAt,
          revokedAt,
        )
        .run();
    }
    const response = await download(manager.token, "/api/user/export");
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const csv = (name: string) => parseCsv(new TextDecoder().decode(files[name]));

    const [teamHeading, ...team] = csv("team.csv");
    expect(teamHeading).toEqual([
      "id",
      "status",
      "name",
      "email",
      "role",
      "location_ids",
      "may_approve_pay",
      "last_sign_in_at",
      "invited_by",
      "invitation_expires_at",
    ]);
    expect(team.map((row) => row.slice(0, 3).concat(row.slice(4, 7)))).toEqual([
      [manager.id, "member", manager.name, "owner", "", "yes"],
      [sam.id, "member", "Sam Patel", "location_manager", locationId, "yes"],
      [payroll.id, "member", "Priya Nair", "payroll", "", "yes"],
      ["pending-invite", "invited", "", "location_manager", locationId, "no"],
    ]);
    expect(team[3]?.slice(8)).toEqual(["Sam Patel", new Date(expiresAt).toISOString()]);
    expect(team[1]?.[7]).toMatch(/Z$/);

    const [auditHeading, ...audit] = csv("audit_log.csv");
    const column = (name: string) => auditHeading?.indexOf(name) ?? -1;
    const actorOf = (action: string) =>
      audit
        .filter((row) => row[column("action")] === action)
        .map((row) => [row[column("actor_id")], row[column("actor_name")]]);
    expect(actorOf("approved")).toContainEqual([sam.id, "Sam Patel"]);
    expect(actorOf("renamed")).toEqual([[manager.id, manager.name]]);
    expect(actorOf("pay_rules_updated")).toEqual([[manager.id, manager.name]]);
    // The export is itself recorded, as the owner's, with no location.
    const exported = (await auditRowsOf(manager.id)).filter((row) => row.action === "account_exported");
    expect(exported).toEqual([expect.objectContaining({ locationId: "", actorId: manager.id })]);
  });
});
