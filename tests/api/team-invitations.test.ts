import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { LOCATION_NOT_FOUND } from "../../worker/contracts/locations";
import { INVITATION_NOT_VALID } from "../../worker/contracts/team";
import { getDb } from "../../worker/db/client";
import { auditLog, teamInvitations, users } from "../../worker/db/schema";
import { memberLimitMessage } from "../../worker/domain/plans";
import { PERMISSION_DENIED } from "../../worker/domain/team-roles";
import { newToken, sha256Hex } from "../../worker/lib/crypto";
import {
  ALREADY_HAS_ACCOUNT,
  ALREADY_INVITED,
  INVITATION_NOT_FOUND,
  LINK_THROTTLED,
  NEEDS_A_LOCATION,
  RESEND_THROTTLED,
} from "../../worker/services/team-invitations";
import { api, client, createManager, STRONG_PASSWORD, uniqueEmail } from "../support/api";
import { addLocation, type Manager } from "../support/kiosk";
import { addMember } from "../support/team";

// An invitation's life (docs/team.md, "Invitations"): invited by e-mail, looked at, resent, accepted once,
// expired, revoked; and who may invite whom, within the plan's allowance.

const DAY = 24 * 60 * 60_000;
const db = () => getDb(env.DB);

const invite = (token: string, body: Record<string, unknown>) =>
  api("POST", "/api/manager/team/invitations", { token, body });

const view = (linkToken: string) => api("GET", `/api/team/invitations/${linkToken}`);

const accept = (linkToken: string, name = "Nia Evans", call = api) =>
  call("POST", `/api/team/invitations/${linkToken}/accept`, {
    body: { name, password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD },
  });

type OutboxMessage = { subject: string; body: string };

/** The newest e-mail to `email` in the development outbox, and the invitation link's token in it. */
async function newestInvitationMail(email: string) {
  const { body } = await api("GET", `/api/dev/outbox?email=${encodeURIComponent(email)}`);
  const [newest] = body.messages as OutboxMessage[];
  if (!newest) throw new Error(`no e-mail to ${email}`);
  const token = /\/team\/join#([A-Za-z0-9_-]{43})$/m.exec(newest.body)?.[1];
  if (!token) throw new Error(`no invitation link in: ${newest.body}`);
  return { ...newest, token };
}

/** A Business account with two shops. */
async function twoShops(plan: "starter" | "pro" | "business" = "business") {
  const owner = await createManager({ plan: "business", name: "Alex Morgan" });
  const camden = await addLocation(owner, "Camden High Street");
  const harbour = await addLocation(owner, "Harbour Street");
  if (plan !== "business") await db().update(users).set({ plan }).where(eq(users.id, owner.id));
  return { owner, camden, harbour };
}

/** Invites `email` as a location manager of `locationId` and answers the link's token. */
async function invited(owner: Manager, locationId: string, email = uniqueEmail("nia")) {
  const answer = await invite(owner.token, { email, role: "location_manager", location_ids: [locationId] });
  expect(answer.status).toBe(201);
  return { email, id: answer.body.id as string, token: (await newestInvitationMail(email)).token };
}

describe("an invitation's life", () => {
  let shop: Awaited<ReturnType<typeof twoShops>>;
  beforeAll(async () => {
    shop = await twoShops();
  });
  afterEach(() => vi.useRealTimers());

  it("invites by e-mail with a single link to the accept page, keeping only the link's hash", async () => {
    const email = uniqueEmail("nia");
    const answer = await invite(shop.owner.token, {
      email: email.toUpperCase(),
      role: "location_manager",
      location_ids: [shop.camden, shop.camden],
      may_approve_pay: true,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      email,
      role: "location_manager",
      location_ids: [shop.camden],
      may_approve_pay: true,
      invited_by: "Alex Morgan",
    });
    const sent = Date.parse(String(answer.body.created_at));
    expect(Date.parse(String(answer.body.expires_at)) - sent).toBe(7 * DAY);

    const mail = await newestInvitationMail(email);
    expect(mail.subject).toBe("Alex Morgan has invited you to join their team on Clocked");
    expect(mail.body).toContain("with the role Location manager for Camden High Street.");
    expect(mail.body).toContain("You will be able to approve pay periods and export payroll.");
    expect(mail.body).toContain(`${env.APP_URL}/team/join#${mail.token}`);
    expect(mail.body).toMatch(/expires on \d{2}\/\d{2}\/\d{4} \(7 days\)/);

    const row = await db()
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.id, String(answer.body.id)))
      .get();
    expect(row?.tokenHash).toBe(await sha256Hex(mail.token));
    expect(JSON.stringify(row)).not.toContain(mail.token);
  });

  it("shows who invited whom to what before anyone signs in", async () => {
    const { email, token } = await invited(shop.owner, shop.harbour);
    const answer = await view(token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      account_name: "Alex Morgan",
      invited_by: "Alex Morgan",
      email,
      role: "location_manager",
      location_names: ["Harbour Street"],
      may_approve_pay: false,
      expires_at: expect.any(String),
    });
    expect((await view("A".repeat(43))).body).toEqual({ detail: INVITATION_NOT_VALID });
  });

  it("accepts once: the new member is signed in and sees only their shop", async () => {
    const { email, token } = await invited(shop.owner, shop.camden);
    const answer = await accept(token, "  Nia   Evans ");
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      success: true,
      subscription_required: false,
      user: { name: "Nia Evans", email, plan: "business" },
      member: {
        name: "Nia Evans",
        role: "location_manager",
        location_ids: [shop.camden],
        may_approve_pay: false,
      },
    });
    expect(answer.body.member).toMatchObject({ permissions: expect.arrayContaining(["timesheets:edit"]) });
    expect(answer.body.member).not.toMatchObject({ permissions: expect.arrayContaining(["team:manage"]) });
    // A username made as sign-up makes one: the name, and a number when it is taken.
    expect((answer.body.user as { username: string }).username).toMatch(/^nia\.evans\d*$/);

    const session = String(answer.body.session_id);
    const locations = await api("GET", "/api/manager/locations", { token: session });
    expect((locations.body.locations as { name: string }[]).map((l) => l.name)).toEqual([
      "Camden High Street",
    ]);

    const row = await db().query.users.findFirst({ where: eq(users.email, email) });
    expect(row).toMatchObject({ accountId: shop.owner.id, role: "location_manager" });
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect(row?.lastSignInAt).not.toBeNull();

    // Their own password signs them in again, by e-mail.
    const login = await api("POST", "/api/auth/login", {
      body: { email_or_name: email, password: STRONG_PASSWORD },
    });
    expect(login.status).toBe(200);

    expect(await accept(token)).toMatchObject({ status: 404, body: { detail: INVITATION_NOT_VALID } });
    expect(await view(token)).toMatchObject({ status: 404, body: { detail: INVITATION_NOT_VALID } });
  });

  it("makes exactly one member when the link is accepted twice at once", async () => {
    const { email, token } = await invited(shop.owner, shop.camden);
    const answers = await Promise.all([accept(token), accept(token, "Nia Evans", client())]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 404]);
    const made = await db().select().from(users).where(eq(users.email, email));
    expect(made).toHaveLength(1);
  });

  it("resends with a new link, and the old link stops working", async () => {
    const { email, id, token } = await invited(shop.owner, shop.camden);
    const resent = await api("POST", `/api/manager/team/invitations/${id}/resend`, {
      token: shop.owner.token,
    });
    expect(resent.status).toBe(200);
    const fresh = await newestInvitationMail(email);
    expect(fresh.token).not.toBe(token);
    expect(await view(token)).toMatchObject({ status: 404, body: { detail: INVITATION_NOT_VALID } });
    expect((await view(fresh.token)).status).toBe(200);

    const again = await api("POST", `/api/manager/team/invitations/${id}/resend`, {
      token: shop.owner.token,
    });
    expect(again).toMatchObject({ status: 429, body: { detail: RESEND_THROTTLED } });
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("expires 7 days after it was sent, and a resend gives it 7 more", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const sent = Date.now();
    vi.setSystemTime(sent);
    const { email, id, token } = await invited(shop.owner, shop.camden);

    vi.setSystemTime(sent + 7 * DAY - 60_000);
    expect((await view(token)).status).toBe(200);
    vi.setSystemTime(sent + 7 * DAY + 60_000);
    expect(await view(token)).toMatchObject({ status: 404, body: { detail: INVITATION_NOT_VALID } });
    expect(await accept(token)).toMatchObject({ status: 404, body: { detail: INVITATION_NOT_VALID } });
    expect(await db().query.users.findFirst({ where: eq(users.email, email) })).toBeUndefined();

    const resent = await api("POST", `/api/manager/team/invitations/${id}/resend`, {
      token: shop.owner.token,
    });
    expect(resent.status).toBe(200);
    expect(Date.parse(String(resent.body.expires_at))).toBe(sent + 14 * DAY + 60_000);
    expect((await accept((await newestInvitationMail(email)).token)).status).toBe(201);
  });

  it("is revoked once, and its link stops working", async () => {
    const { id, token } = await invited(shop.owner, shop.camden);
    const revoke = () => api("DELETE", `/api/manager/team/invitations/${id}`, { token: shop.owner.token });
    expect(await revoke()).toMatchObject({ status: 200, body: { success: true } });
    expect(await view(token)).toMatchObject({ status: 404, body: { detail: INVITATION_NOT_VALID } });
    expect(await accept(token)).toMatchObject({ status: 404, body: { detail: INVITATION_NOT_VALID } });
    expect(await revoke()).toMatchObject({ status: 404, body: { detail: INVITATION_NOT_FOUND } });
  });
});

describe("whom an owner or admin may invite", () => {
  let shop: Awaited<ReturnType<typeof twoShops>>;
  beforeAll(async () => {
    shop = await twoShops();
  });

  it("refuses an address that already has a Clocked account, in this account or any other", async () => {
    const stranger = await createManager();
    for (const email of [stranger.email, shop.owner.email]) {
      expect(await invite(shop.owner.token, { email, role: "payroll" })).toMatchObject({
        status: 409,
        body: { detail: ALREADY_HAS_ACCOUNT },
      });
    }
  });

  it("refuses a second invitation to an address still invited, and says to resend it", async () => {
    const email = uniqueEmail("payroll");
    expect((await invite(shop.owner.token, { email, role: "payroll" })).status).toBe(201);
    expect(await invite(shop.owner.token, { email, role: "admin" })).toMatchObject({
      status: 409,
      body: { detail: ALREADY_INVITED },
    });
  });

  it("needs a location manager's locations to be the account's own live ones, at least one", async () => {
    const other = await createManager({ plan: "business" });
    const foreign = await addLocation(other, "Elsewhere");
    const email = uniqueEmail("lm");
    const as = (location_ids: string[]) =>
      invite(shop.owner.token, { email, role: "location_manager", location_ids });
    expect(await as([shop.camden, foreign])).toMatchObject({
      status: 404,
      body: { detail: LOCATION_NOT_FOUND },
    });
    expect(await as([])).toMatchObject({ status: 400, body: { detail: NEEDS_A_LOCATION } });
    expect(await invite(shop.owner.token, { email, role: "location_manager" })).toMatchObject({
      status: 400,
      body: { detail: NEEDS_A_LOCATION },
    });
    const rows = await db().select().from(teamInvitations).where(eq(teamInvitations.email, email));
    expect(rows).toEqual([]);
  });

  it("keeps locations and pay approval only for a location manager", async () => {
    const answer = await invite(shop.owner.token, {
      email: uniqueEmail("admin"),
      role: "admin",
      location_ids: [shop.camden],
      may_approve_pay: true,
    });
    expect(answer).toMatchObject({
      status: 201,
      body: { role: "admin", location_ids: null, may_approve_pay: false },
    });
  });

  it("lets an admin invite, in their own name, and refuses a location manager and payroll", async () => {
    const admin = await addMember(shop.owner.id, { role: "admin", name: "Ola Adeyemi" });
    const sent = await invite(admin.token, { email: uniqueEmail("payroll"), role: "payroll" });
    expect(sent).toMatchObject({ status: 201, body: { invited_by: "Ola Adeyemi" } });
    const mail = await newestInvitationMail(String(sent.body.email));
    expect(mail.subject).toBe("Ola Adeyemi has invited you to join Alex Morgan's team on Clocked");

    const manager = await addMember(shop.owner.id, { role: "location_manager", locationIds: [shop.camden] });
    const payroll = await addMember(shop.owner.id, { role: "payroll" });
    const id = String(sent.body.id);
    for (const [role, member] of [
      ["location_manager", manager],
      ["payroll", payroll],
    ] as const) {
      expect(await invite(member.token, { email: uniqueEmail("x"), role: "admin" })).toMatchObject({
        status: 403,
        body: { detail: PERMISSION_DENIED(role) },
      });
      const resend = await api("POST", `/api/manager/team/invitations/${id}/resend`, { token: member.token });
      expect(resend).toMatchObject({ status: 403, body: { detail: PERMISSION_DENIED(role) } });
      const revoke = await api("DELETE", `/api/manager/team/invitations/${id}`, { token: member.token });
      expect(revoke).toMatchObject({ status: 403, body: { detail: PERMISSION_DENIED(role) } });
    }
  });

  it("answers 404 for another account's invitation, and leaves it alone", async () => {
    const { id, token } = await invited(shop.owner, shop.camden);
    const other = await createManager({ plan: "business" });
    for (const [method, path] of [
      ["POST", `/api/manager/team/invitations/${id}/resend`],
      ["DELETE", `/api/manager/team/invitations/${id}`],
    ] as const) {
      expect(await api(method, path, { token: other.token })).toMatchObject({
        status: 404,
        body: { detail: INVITATION_NOT_FOUND },
      });
    }
    expect((await view(token)).status).toBe(200);
  });
});

describe("the plan's allowance of sign-ins", () => {
  it("leaves no room on Starter: the owner is its one sign-in", async () => {
    const owner = await createManager({ plan: "starter" });
    expect(await invite(owner.token, { email: uniqueEmail("x"), role: "admin" })).toMatchObject({
      status: 403,
      body: { detail: memberLimitMessage({ plan: "starter", isVip: false }) },
    });
  });

  it("counts the owner, members and pending invitations on Pro, up to 5", async () => {
    const { owner } = await twoShops("pro");
    await addMember(owner.id, { role: "payroll" });
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await invite(owner.token, { email: uniqueEmail("x"), role: "admin" });
      expect(answer.status).toBe(201);
      sent.push(String(answer.body.id));
    }
    const full = await invite(owner.token, { email: uniqueEmail("x"), role: "admin" });
    expect(full).toMatchObject({
      status: 403,
      body: { detail: memberLimitMessage({ plan: "pro", isVip: false }) },
    });
    // A revoked invitation frees its place.
    await api("DELETE", `/api/manager/team/invitations/${sent[0]}`, { token: owner.token });
    expect((await invite(owner.token, { email: uniqueEmail("x"), role: "admin" })).status).toBe(201);
  });

  it("is checked again when the link is accepted", async () => {
    const { owner, camden } = await twoShops();
    const { email, token } = await invited(owner, camden);
    await db().update(users).set({ plan: "starter" }).where(eq(users.id, owner.id));
    expect(await accept(token)).toMatchObject({
      status: 403,
      body: { detail: memberLimitMessage({ plan: "starter", isVip: false }) },
    });
    expect(await db().query.users.findFirst({ where: eq(users.email, email) })).toBeUndefined();
    // The link still works once there is room again.
    await db().update(users).set({ plan: "business" }).where(eq(users.id, owner.id));
    expect((await accept(token)).status).toBe(201);
  });
});

describe("throttling the link's calls", () => {
  it("limits how often one address may open invitation links", async () => {
    const call = client();
    const answers = [];
    for (let i = 0; i < 61; i++) answers.push(await call("GET", `/api/team/invitations/${"B".repeat(43)}`));
    expect(answers.slice(0, 60).every((a) => a.status === 404)).toBe(true);
    const last = answers[60];
    expect(last).toMatchObject({ status: 429, body: { detail: LINK_THROTTLED } });
    expect(Number(last?.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("limits accepting one link, whatever address tries", async () => {
    const token = newToken();
    for (let i = 0; i < 10; i++) expect((await accept(token, "Nia Evans", client())).status).toBe(404);
    const answer = await accept(token, "Nia Evans", client());
    expect(answer).toMatchObject({ status: 429, body: { detail: LINK_THROTTLED } });
    expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("the team's own changes", () => {
  it("are audit rows naming who made each, the joining member their own", async () => {
    const { owner, camden, harbour } = await twoShops();
    const admin = await addMember(owner.id, { role: "admin", name: "Ada Admin" });
    const nia = await invited(owner, camden);
    const joined = await accept(nia.token, "Nia Evans");
    expect(joined.status).toBe(201);
    const niaId = (joined.body.member as { id: string }).id;
    const edited = await api("PUT", `/api/manager/team/${niaId}`, {
      token: admin.token,
      body: { role: "location_manager", location_ids: [camden, harbour], may_approve_pay: false },
    });
    expect(edited.status).toBe(200);
    const ben = await invite(admin.token, { email: uniqueEmail("ben"), role: "payroll" });
    expect(
      (await api("DELETE", `/api/manager/team/invitations/${ben.body.id}`, { token: owner.token })).status,
    ).toBe(200);
    expect((await api("DELETE", `/api/manager/team/${niaId}`, { token: owner.token })).status).toBe(200);

    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, owner.id), eq(auditLog.entity, "team")))
      .orderBy(auditLog.createdAt, sql`rowid`);
    expect(rows.map((row) => [row.action, row.actorName, row.entityId, row.locationId])).toEqual([
      ["member_invited", "Alex Morgan", nia.id, ""],
      ["member_joined", "Nia Evans", niaId, ""],
      ["member_changed", "Ada Admin", niaId, ""],
      ["member_invited", "Ada Admin", ben.body.id, ""],
      ["invitation_revoked", "Alex Morgan", ben.body.id, ""],
      ["member_removed", "Alex Morgan", niaId, ""],
    ]);
    const changed = rows.find((row) => row.action === "member_changed");
    expect(JSON.parse(changed?.beforeJson ?? "{}")).toMatchObject({ location_ids: [camden] });
    expect(JSON.parse(changed?.afterJson ?? "{}")).toMatchObject({
      location_ids: [camden, harbour],
      signed_out: false,
    });
  });

  it("writes nothing when the change is refused", async () => {
    const { owner, camden } = await twoShops();
    const payroll = await addMember(owner.id, { role: "payroll" });
    const refused = await invite(payroll.token, {
      email: uniqueEmail("zed"),
      role: "location_manager",
      location_ids: [camden],
    });
    expect(refused.status).toBe(403);
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, owner.id), eq(auditLog.entity, "team")));
    expect(rows).toEqual([]);
  });
});
