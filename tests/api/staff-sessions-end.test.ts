import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staffPasskeys, staffSessions, staffSignInCodes } from "../../worker/db/schema";
import worker from "../../worker/index";
import { DAILY_PURGE_CRON } from "../../worker/jobs/daily-purge";
import { api, latestCode, uniqueEmail } from "../support/api";
import { addEmployee, addLocation, db, JANE, RAVI } from "../support/kiosk";
import { addPasskey } from "../support/passkey-authenticator";
import { staffSessionFor, staffShop } from "../support/staff";

// Staff lose the staff app at once when a manager takes it away (docs/staff-app.md, "Signing in"): the
// sessions are deleted, not merely refused, so putting things back does not bring an old session back.

const DAY_MS = 24 * 60 * 60_000;

const sessionsOf = (employeeId: string) =>
  db().select().from(staffSessions).where(eq(staffSessions.employeeId, employeeId));
const passkeysOf = (employeeId: string) =>
  db().select().from(staffPasskeys).where(eq(staffPasskeys.employeeId, employeeId));
const opens = async (token: string) => (await api("GET", "/api/staff/me", { token })).status;

const rename = (managerToken: string, employeeId: string, email: string | null) =>
  api("PUT", `/api/manager/employees/${employeeId}/name`, {
    token: managerToken,
    body: { first_name: "Jane", last_name: "Smith", email },
  });

describe("a staff member's sessions end at once", () => {
  it("when they are archived", async () => {
    const { manager, employee, staff } = await staffShop();
    expect(await opens(staff.token)).toBe(200);
    expect(
      (await api("DELETE", `/api/manager/employees/${employee.id}`, { token: manager.token })).status,
    ).toBe(200);
    expect(await opens(staff.token)).toBe(401);
    expect(await sessionsOf(employee.id)).toEqual([]);
  });

  it("when they are deactivated, and stay ended when they are active again", async () => {
    const { manager, employee, staff } = await staffShop();
    const put = (active: boolean) =>
      api("PUT", `/api/manager/employees/${employee.id}`, { token: manager.token, body: { active } });
    expect((await put(false)).status).toBe(200);
    expect(await opens(staff.token)).toBe(401);
    expect((await put(true)).status).toBe(200);
    expect(await opens(staff.token)).toBe(401);
  });

  it("when their e-mail address is removed, with their passkeys", async () => {
    const { manager, employee, staff } = await staffShop();
    await addPasskey(staff.token);
    expect(await passkeysOf(employee.id)).toHaveLength(1);
    expect((await rename(manager.token, employee.id, null)).status).toBe(200);
    expect(await opens(staff.token)).toBe(401);
    expect(await passkeysOf(employee.id)).toEqual([]);
    // Given the same address back: the old session is still over.
    expect((await rename(manager.token, employee.id, staff.email)).status).toBe(200);
    expect(await opens(staff.token)).toBe(401);
  });

  it("when their e-mail address is changed, with their passkeys; not when only their name is", async () => {
    const { manager, employee, staff } = await staffShop();
    await addPasskey(staff.token);
    expect((await rename(manager.token, employee.id, staff.email)).status).toBe(200);
    expect(await opens(staff.token)).toBe(200);
    expect((await rename(manager.token, employee.id, uniqueEmail("jane.new"))).status).toBe(200);
    expect(await opens(staff.token)).toBe(401);
    expect(await passkeysOf(employee.id)).toEqual([]);
  });

  it("when their location is deleted, and not a colleague's at another location", async () => {
    const { manager, employee, staff, locationId } = await staffShop(JANE, { plan: "pro" });
    const elsewhere = await addLocation(manager, "Borough Market");
    const ravi = await addEmployee(manager, elsewhere, RAVI);
    const raviStaff = await staffSessionFor(ravi.id);
    expect(
      (await api("DELETE", `/api/manager/locations/${locationId}`, { token: manager.token })).status,
    ).toBe(200);
    expect(await opens(staff.token)).toBe(401);
    expect(await sessionsOf(employee.id)).toEqual([]);
    expect(await opens(raviStaff.token)).toBe(200);
  });

  it("when the account closes; a neighbouring account's staff stay signed in", async () => {
    const { manager, employee, staff } = await staffShop();
    const neighbour = await staffShop();
    const closed = await api("POST", "/api/user/close-account", {
      token: manager.token,
      body: { password: manager.password },
    });
    expect(closed.status).toBe(200);
    expect(await opens(staff.token)).toBe(401);
    expect(await sessionsOf(employee.id)).toEqual([]);
    expect(await opens(neighbour.staff.token)).toBe(200);
  });
});

describe("a closed account's staff app records", () => {
  it("go with what is not a pay record, 30 days after closing, while the employees are held", async () => {
    const { manager, employee, staff } = await staffShop();
    await addPasskey(staff.token);
    await api("POST", "/api/staff/auth/start", { body: { email: staff.email } });
    // The code is sent after the answer has gone: wait for it to arrive.
    expect(await latestCode(staff.email)).not.toBeNull();
    expect(
      await db().select().from(staffSignInCodes).where(eq(staffSignInCodes.email, staff.email)),
    ).toHaveLength(1);
    await api("POST", "/api/user/close-account", {
      token: manager.token,
      body: { password: manager.password },
    });
    expect(await passkeysOf(employee.id)).toHaveLength(1);

    const controller = createScheduledController({
      scheduledTime: Date.now() + 31 * DAY_MS,
      cron: DAILY_PURGE_CRON,
    });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await passkeysOf(employee.id)).toEqual([]);
    expect(await db().select().from(staffSignInCodes).where(eq(staffSignInCodes.email, staff.email))).toEqual(
      [],
    );
  });
});
