import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  STAFF_CODE_DAILY_LIMIT,
  STAFF_CODE_INVALID,
  STAFF_CODE_SENT,
  STAFF_CODE_TOO_MANY_TRIES,
} from "../../worker/contracts/staff";
import { rateLimits, staffSignInCodes } from "../../worker/db/schema";
import { api, latestCode, outboxCount, uniqueEmail } from "../support/api";
import { db, JANE, shopWith } from "../support/kiosk";
import { signInByCode, staffMe, staffSessionFor } from "../support/staff";

// Staff sign in to the staff app with a code e-mailed to them (docs/staff-app.md, "Signing in").

async function janeWithEmail() {
  const shop = await shopWith([JANE]);
  const [jane] = shop.employees;
  const email = uniqueEmail("jane");
  await api("PUT", `/api/manager/employees/${jane?.id}/name`, {
    token: shop.manager.token,
    body: { first_name: "Jane", last_name: "Smith", email },
  });
  return { ...shop, jane: jane as NonNullable<typeof jane>, email };
}

/** The address's minute between codes has passed. */
const nextMinute = (email: string) =>
  db()
    .delete(rateLimits)
    .where(eq(rateLimits.key, `staff-code:${email}`));

describe("signing in to the staff app by e-mail code", () => {
  it("e-mails a 6-digit code that opens a staff session for that employee", async () => {
    const { jane, email, locationId } = await janeWithEmail();
    const verified = await signInByCode(email);
    expect(verified.status).toBe(200);
    const me = await staffMe(String(verified.body.session_id));
    expect(me).toMatchObject({
      employee_id: jane.id,
      first_name: "Jane",
      email,
      location: { id: locationId },
    });
  });

  it("answers an unknown address exactly as a known one, and sends it nothing", async () => {
    const { email } = await janeWithEmail();
    const stranger = uniqueEmail("stranger");
    const known = await api("POST", "/api/staff/auth/start", { body: { email } });
    const unknown = await api("POST", "/api/staff/auth/start", { body: { email: stranger } });
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: STAFF_CODE_SENT });
    expect(await latestCode(email)).toMatch(/^\d{6}$/);
    expect(await outboxCount(email)).toBe(1);
    expect(await outboxCount(stranger)).toBe(0);
  });

  it("refuses a wrong code, and a right one after five wrong tries", async () => {
    const { email } = await janeWithEmail();
    await api("POST", "/api/staff/auth/start", { body: { email } });
    const code = await latestCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const refused = await api("POST", "/api/staff/auth/verify", { body: { email, code: wrong } });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe(STAFF_CODE_INVALID);
    }
    const late = await api("POST", "/api/staff/auth/verify", { body: { email, code } });
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe(STAFF_CODE_TOO_MANY_TRIES);
  });

  it("lets a code live ten minutes, then refuses it", async () => {
    const { email } = await janeWithEmail();
    await api("POST", "/api/staff/auth/start", { body: { email } });
    const code = await latestCode(email);
    const row = await db().query.staffSignInCodes.findFirst({ where: eq(staffSignInCodes.email, email) });
    expect((row?.expiresAt ?? 0) - (row?.createdAt ?? 0)).toBe(10 * 60_000);
    // Ten minutes on: the code's time is up.
    await db()
      .update(staffSignInCodes)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(staffSignInCodes.email, email));
    const late = await api("POST", "/api/staff/auth/verify", { body: { email, code } });
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe(STAFF_CODE_INVALID);
  });

  it("sends one code a minute to an address, whatever is asked", async () => {
    const { email } = await janeWithEmail();
    for (let i = 0; i < 3; i++) {
      expect((await api("POST", "/api/staff/auth/start", { body: { email } })).status).toBe(202);
    }
    expect(await outboxCount(email)).toBe(1);
    await nextMinute(email);
    await api("POST", "/api/staff/auth/start", { body: { email } });
    expect(await outboxCount(email)).toBe(2);
  });

  it("allows ten wrong codes a day to an address, then answers 429 even to the right one", async () => {
    const { email } = await janeWithEmail();
    const wrongTries = async () => {
      await nextMinute(email);
      await api("POST", "/api/staff/auth/start", { body: { email } });
      const code = await latestCode(email);
      const wrong = code === "000000" ? "111111" : "000000";
      for (let i = 0; i < 5; i++) {
        expect((await api("POST", "/api/staff/auth/verify", { body: { email, code: wrong } })).status).toBe(
          400,
        );
      }
    };
    await wrongTries();
    await wrongTries();
    await nextMinute(email);
    await api("POST", "/api/staff/auth/start", { body: { email } });
    const code = await latestCode(email);
    const capped = await api("POST", "/api/staff/auth/verify", { body: { email, code } });
    expect(capped.status).toBe(429);
    expect(capped.body.detail).toBe(STAFF_CODE_DAILY_LIMIT);
    expect(Number(capped.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("uses a code once", async () => {
    const { email } = await janeWithEmail();
    await api("POST", "/api/staff/auth/start", { body: { email } });
    const code = await latestCode(email);
    expect((await api("POST", "/api/staff/auth/verify", { body: { email, code } })).status).toBe(200);
    expect((await api("POST", "/api/staff/auth/verify", { body: { email, code } })).status).toBe(400);
  });
});

describe("a staff session", () => {
  it("opens no manager route, and a manager's session opens no staff route", async () => {
    const { jane, manager, locationId } = await janeWithEmail();
    const { token } = await staffSessionFor(jane.id);
    expect((await api("GET", `/api/manager/employees/${locationId}`, { token })).status).toBe(401);
    expect((await api("GET", "/api/user/me", { token })).status).toBe(401);
    expect((await api("GET", "/api/staff/me", { token: manager.token })).status).toBe(401);
  });

  it("ends when the staff member signs out", async () => {
    const { jane } = await janeWithEmail();
    const { token } = await staffSessionFor(jane.id);
    expect((await api("POST", "/api/staff/auth/logout", { token })).status).toBe(200);
    expect((await api("GET", "/api/staff/me", { token })).status).toBe(401);
  });
});
