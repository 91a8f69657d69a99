import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_CLOSED } from "../../worker/contracts/auth";
import { LOCATION_NOT_FOUND } from "../../worker/contracts/locations";
import { SOCKET_CLOSE } from "../../worker/contracts/socket-close";
import {
  ADMINS_OWNER_ONLY,
  LOCATION_MANAGER_NEEDS_LOCATION,
  MEMBER_NOT_FOUND,
  OWNER_NOT_EDITABLE,
  OWNER_NOT_REMOVABLE,
  type TeamMember,
  TRANSFER_WRONG_PASSWORD,
} from "../../worker/contracts/team";
import { teamInvitations, users } from "../../worker/db/schema";
import { PERMISSION_DENIED } from "../../worker/domain/team-roles";
import { newId, sha256Hex } from "../../worker/lib/crypto";
import { api, createManager, latestCode, STRONG_PASSWORD } from "../support/api";
import { addLocation, db, liveTicket, type Manager, openLiveSocket, shopWith } from "../support/kiosk";
import { superAdminToken } from "../support/super-admin";
import { addMember } from "../support/team";

// Managing an account's team (docs/team.md, "Managing the team"): the list, changing what a member may reach,
// removing them, handing the account over, and what the sign-in answers say about who is signed in.

type Shop = { manager: Manager; camden: string; harbour: string };

async function twoShops(plan: "pro" | "business" = "business"): Promise<Shop> {
  const { manager, locationId: camden } = await shopWith([], { plan, name: "Olivia Bennett" });
  return { manager, camden, harbour: await addLocation(manager, "Harbour Street") };
}

const teamOf = async (token: string) => {
  const answer = await api("GET", "/api/manager/team", { token });
  expect(answer.status).toBe(200);
  return answer.body as { members: TeamMember[]; invitations: { email: string }[]; allowance: unknown };
};

const edit = (token: string, memberId: string, body: Record<string, unknown>) =>
  api("PUT", `/api/manager/team/${memberId}`, { token, body });

const remove = (token: string, memberId: string) => api("DELETE", `/api/manager/team/${memberId}`, { token });

const stillSignedIn = async (token: string) =>
  (await api("GET", "/api/manager/locations", { token })).status === 200;

describe("the team list", () => {
  it("shows the owner first, then the members with their roles, locations and last sign-in, and pending invitations", async () => {
    const shop = await twoShops("pro");
    const ana = await addMember(shop.manager.id, {
      role: "location_manager",
      locationIds: [shop.camden],
      name: "Ana Lopes",
    });
    const quinn = await addMember(shop.manager.id, { role: "payroll", name: "Quinn Ledger" });
    const now = Date.now();
    const invitation = (email: string, extra: Partial<typeof teamInvitations.$inferInsert> = {}) =>
      sha256Hex(newId()).then((tokenHash) => ({
        id: newId(),
        accountId: shop.manager.id,
        email,
        role: "admin" as const,
        tokenHash,
        invitedById: shop.manager.id,
        invitedByName: shop.manager.name,
        createdAt: now,
        expiresAt: now + 7 * 24 * 60 * 60_000,
        ...extra,
      }));
    await db()
      .insert(teamInvitations)
      .values([
        await invitation("waiting@example.co.uk"),
        await invitation("expired@example.co.uk", { expiresAt: now - 60_000 }),
        await invitation("revoked@example.co.uk", { revokedAt: now }),
        await invitation("accepted@example.co.uk", { acceptedAt: now }),
      ]);

    const team = await teamOf(shop.manager.token);
    expect(team.members.map((m) => [m.name, m.role])).toEqual([
      ["Olivia Bennett", "owner"],
      ["Ana Lopes", "location_manager"],
      ["Quinn Ledger", "payroll"],
    ]);
    const [owner, manager, payroll] = team.members;
    expect(owner).toMatchObject({
      id: shop.manager.id,
      is_you: true,
      location_ids: null,
      may_approve_pay: true,
    });
    expect(manager).toMatchObject({
      id: ana.id,
      username: ana.username,
      email: ana.email,
      location_ids: [shop.camden],
      may_approve_pay: false,
      is_you: false,
    });
    // Both signed in when they were made (tests/support/team.ts): a real time, shown by the Team screen.
    expect(Date.parse(manager?.last_sign_in_at ?? "")).toBeGreaterThan(now - 60_000);
    expect(payroll).toMatchObject({ id: quinn.id, location_ids: null, may_approve_pay: true });
    expect(team.invitations.map((i) => i.email)).toEqual(["waiting@example.co.uk"]);
    // Pro: 5 sign-ins; the owner, two members and one pending invitation use 4.
    expect(team.allowance).toEqual({ used: 4, max: 5 });
  });

  it("is for the owner and admins only; an admin sees themselves marked", async () => {
    const shop = await twoShops();
    const admin = await addMember(shop.manager.id, { role: "admin", name: "Adam Idris" });
    const payroll = await addMember(shop.manager.id, { role: "payroll" });
    const local = await addMember(shop.manager.id, { role: "location_manager", locationIds: [shop.camden] });
    const mine = (await teamOf(admin.token)).members.find((m) => m.is_you);
    expect(mine?.id).toBe(admin.id);
    expect((await teamOf(admin.token)).allowance).toEqual({ used: 4, max: null });
    for (const member of [payroll, local]) {
      expect((await api("GET", "/api/manager/team", { token: member.token })).status).toBe(403);
    }
  });
});

describe("changing a member", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await twoShops();
  });

  it("widens a location manager's shops and keeps them signed in", async () => {
    const ana = await addMember(shop.manager.id, { role: "location_manager", locationIds: [shop.camden] });
    const changed = await edit(shop.manager.token, ana.id, {
      role: "location_manager",
      location_ids: [shop.camden, shop.harbour],
      may_approve_pay: true,
    });
    expect(changed).toMatchObject({
      status: 200,
      body: {
        signed_out: false,
        member: { id: ana.id, location_ids: [shop.camden, shop.harbour], may_approve_pay: true },
      },
    });
    expect((await api("GET", `/api/manager/employees/${shop.harbour}`, { token: ana.token })).status).toBe(
      200,
    );
  });

  it("signs a member out when a location is taken from them, and their socket there closes", async () => {
    const ana = await addMember(shop.manager.id, {
      role: "location_manager",
      locationIds: [shop.camden, shop.harbour],
    });
    const live = await openLiveSocket(
      shop.harbour,
      await liveTicket({ ...shop.manager, token: ana.token }, shop.harbour),
    );
    expect(live.socket).not.toBeNull();
    const changed = await edit(shop.manager.token, ana.id, {
      role: "location_manager",
      location_ids: [shop.camden],
      may_approve_pay: false,
    });
    expect(changed).toMatchObject({ status: 200, body: { signed_out: true } });
    expect(await live.closed()).toEqual(SOCKET_CLOSE.signedOut);
    expect(await api("GET", "/api/manager/locations", { token: ana.token })).toMatchObject({ status: 401 });
    const again = await api("POST", "/api/manager/login", {
      body: { username: ana.username, password: STRONG_PASSWORD },
    });
    expect(again.body.member).toMatchObject({ role: "location_manager", location_ids: [shop.camden] });
  });

  it("signs a member out when their role changes or pay approval is unticked", async () => {
    const admin = await addMember(shop.manager.id, { role: "admin" });
    const toPayroll = await edit(shop.manager.token, admin.id, {
      role: "payroll",
      location_ids: [],
      may_approve_pay: false,
    });
    expect(toPayroll.body.signed_out).toBe(true);
    expect(await stillSignedIn(admin.token)).toBe(false);

    const trusted = await addMember(shop.manager.id, {
      role: "location_manager",
      locationIds: [shop.camden],
      mayApprovePay: true,
    });
    await edit(shop.manager.token, trusted.id, {
      role: "location_manager",
      location_ids: [shop.camden],
      may_approve_pay: false,
    });
    expect(await stillSignedIn(trusted.token)).toBe(false);
  });

  it("refuses a location manager with no location, or a location not on the account", async () => {
    const ana = await addMember(shop.manager.id, { role: "location_manager", locationIds: [shop.camden] });
    const body = { role: "location_manager", may_approve_pay: false };
    expect(await edit(shop.manager.token, ana.id, { ...body, location_ids: [] })).toMatchObject({
      status: 400,
      body: { detail: LOCATION_MANAGER_NEEDS_LOCATION },
    });
    const stranger = await shopWith([]);
    expect(
      await edit(shop.manager.token, ana.id, { ...body, location_ids: [shop.camden, stranger.locationId] }),
    ).toMatchObject({ status: 404, body: { detail: LOCATION_NOT_FOUND } });
    // Nothing was half-written: still Camden, still signed in.
    const listed = (await teamOf(shop.manager.token)).members.find((m) => m.id === ana.id);
    expect(listed?.location_ids).toEqual([shop.camden]);
    expect(await stillSignedIn(ana.token)).toBe(true);
  });

  it("never changes the owner here, and leaves admins to the owner", async () => {
    const admin = await addMember(shop.manager.id, { role: "admin" });
    const other = await addMember(shop.manager.id, { role: "admin" });
    const payroll = await addMember(shop.manager.id, { role: "payroll" });
    const demote = { role: "payroll", location_ids: [], may_approve_pay: false };
    expect(await edit(shop.manager.token, shop.manager.id, demote)).toMatchObject({
      status: 403,
      body: { detail: OWNER_NOT_EDITABLE },
    });
    expect(await edit(admin.token, shop.manager.id, demote)).toMatchObject({
      status: 403,
      body: { detail: OWNER_NOT_EDITABLE },
    });
    for (const target of [other.id, admin.id]) {
      expect(await edit(admin.token, target, demote)).toMatchObject({
        status: 403,
        body: { detail: ADMINS_OWNER_ONLY },
      });
    }
    // An admin runs the other roles, and may make someone an admin.
    expect(
      (await edit(admin.token, payroll.id, { role: "admin", location_ids: [], may_approve_pay: false }))
        .status,
    ).toBe(200);
    expect(await stillSignedIn(other.token)).toBe(true);
  });

  it("answers 404 for another account's member, and 403 for a role without the team", async () => {
    const stranger = await twoShops();
    const theirs = await addMember(stranger.manager.id, { role: "payroll" });
    const body = { role: "admin", location_ids: [], may_approve_pay: false };
    expect(await edit(shop.manager.token, theirs.id, body)).toMatchObject({
      status: 404,
      body: { detail: MEMBER_NOT_FOUND },
    });
    expect(await remove(shop.manager.token, stranger.manager.id)).toMatchObject({
      status: 404,
      body: { detail: MEMBER_NOT_FOUND },
    });
    expect(await stillSignedIn(theirs.token)).toBe(true);
    const payroll = await addMember(shop.manager.id, { role: "payroll" });
    expect(await edit(payroll.token, payroll.id, body)).toMatchObject({
      status: 403,
      body: { detail: PERMISSION_DENIED("payroll") },
    });
  });
});

describe("removing a member", () => {
  it("ends their sessions and sockets at once, and keeps the owner", async () => {
    const shop = await twoShops();
    const ana = await addMember(shop.manager.id, { role: "location_manager", locationIds: [shop.camden] });
    const live = await openLiveSocket(
      shop.camden,
      await liveTicket({ ...shop.manager, token: ana.token }, shop.camden),
    );
    // What they did stays, and nothing they made blocks their removal (a kiosk pairing code, a new starter).
    const pairing = await api("POST", `/api/manager/kiosk-devices/${shop.camden}/pairing-codes`, {
      token: ana.token,
    });
    expect(pairing.status).toBe(201);
    const hired = await api("POST", `/api/manager/employees/${shop.camden}`, {
      token: ana.token,
      body: { first_name: "Nia", last_name: "Evans", pin: "5521" },
    });
    expect(hired.status).toBe(201);
    const removed = await remove(shop.manager.token, ana.id);
    expect(removed).toMatchObject({ status: 200, body: { success: true } });
    const staff = await api("GET", `/api/manager/employees/${shop.camden}`, { token: shop.manager.token });
    expect(JSON.stringify(staff.body)).toContain("Nia");
    expect(await live.closed()).toEqual(SOCKET_CLOSE.signedOut);
    expect(await api("GET", "/api/manager/locations", { token: ana.token })).toMatchObject({ status: 401 });
    const login = await api("POST", "/api/manager/login", {
      body: { username: ana.username, password: STRONG_PASSWORD },
    });
    expect(login.status).toBe(401);
    expect((await teamOf(shop.manager.token)).members.map((m) => m.id)).toEqual([shop.manager.id]);
    expect(await remove(shop.manager.token, ana.id)).toMatchObject({ status: 404 });
  });

  it("refuses to remove the owner, whoever asks, and lets only the owner remove an admin", async () => {
    const shop = await twoShops();
    const admin = await addMember(shop.manager.id, { role: "admin" });
    const other = await addMember(shop.manager.id, { role: "admin" });
    for (const token of [shop.manager.token, admin.token]) {
      expect(await remove(token, shop.manager.id)).toMatchObject({
        status: 403,
        body: { detail: OWNER_NOT_REMOVABLE },
      });
    }
    expect(await remove(admin.token, other.id)).toMatchObject({
      status: 403,
      body: { detail: ADMINS_OWNER_ONLY },
    });
    expect(await stillSignedIn(shop.manager.token)).toBe(true);
    expect((await remove(shop.manager.token, other.id)).status).toBe(200);
  });
});

describe("transferring ownership", () => {
  it("hands the account to a member: they see billing, the old owner becomes an admin, both stay signed in", async () => {
    const shop = await twoShops();
    const ana = await addMember(shop.manager.id, {
      role: "location_manager",
      locationIds: [shop.camden],
      name: "Ana Lopes",
    });
    const oliviaLive = await openLiveSocket(shop.harbour, await liveTicket(shop.manager, shop.harbour));
    const anaLive = await openLiveSocket(
      shop.camden,
      await liveTicket({ ...shop.manager, token: ana.token }, shop.camden),
    );
    const moved = await api("POST", "/api/manager/team/transfer-ownership", {
      token: shop.manager.token,
      body: { member_id: ana.id, password: shop.manager.password },
    });
    expect(moved).toMatchObject({ status: 200, body: { success: true } });
    // Neither loses a location, so both dashboards stay open.
    await expect(oliviaLive.closed(500)).rejects.toThrow("still open");
    await expect(anaLive.closed(100)).rejects.toThrow("still open");

    const anaNow = await api("GET", "/api/user/me", { token: ana.token });
    expect(anaNow.body).toMatchObject({
      user: {
        id: shop.manager.id,
        name: "Ana Lopes",
        email: ana.email,
        username: ana.username,
        plan: "business",
      },
      member: { id: shop.manager.id, role: "owner", location_ids: null },
    });
    const oliviaNow = await api("GET", "/api/user/me", { token: shop.manager.token });
    expect(oliviaNow.body).toMatchObject({
      user: { id: shop.manager.id, name: "Olivia Bennett", email: shop.manager.email },
      member: { id: ana.id, role: "admin" },
    });
    expect((await api("GET", `/api/manager/employees/${shop.harbour}`, { token: ana.token })).status).toBe(
      200,
    );
    const plan = await api("POST", "/api/user/subscription/change-plan", {
      token: shop.manager.token,
      body: { action: "change", new_plan: "pro" },
    });
    expect(plan).toMatchObject({ status: 403, body: { detail: PERMISSION_DENIED("admin") } });
    expect(
      (
        await api("POST", "/api/user/subscription/change-plan", {
          token: ana.token,
          body: { action: "change", new_plan: "business" },
        })
      ).status,
    ).not.toBe(403);

    // Each signs in with their own username and password, into the roles they now hold.
    const olivia = await api("POST", "/api/manager/login", {
      body: { username: shop.manager.username, password: shop.manager.password },
    });
    expect(olivia.body).toMatchObject({ user: { id: shop.manager.id }, member: { role: "admin" } });
    const team = await teamOf(ana.token);
    expect(team.members.map((m) => [m.name, m.role, m.is_you])).toEqual([
      ["Ana Lopes", "owner", true],
      ["Olivia Bennett", "admin", false],
    ]);
  });

  it("refuses a wrong password, another account's member, and anyone but the owner", async () => {
    const shop = await twoShops();
    const admin = await addMember(shop.manager.id, { role: "admin" });
    const wrong = await api("POST", "/api/manager/team/transfer-ownership", {
      token: shop.manager.token,
      body: { member_id: admin.id, password: "Not-the-password1" },
    });
    expect(wrong).toMatchObject({ status: 403, body: { detail: TRANSFER_WRONG_PASSWORD } });
    const stranger = await twoShops();
    const theirs = await addMember(stranger.manager.id, { role: "admin" });
    const foreign = await api("POST", "/api/manager/team/transfer-ownership", {
      token: shop.manager.token,
      body: { member_id: theirs.id, password: shop.manager.password },
    });
    expect(foreign).toMatchObject({ status: 404, body: { detail: MEMBER_NOT_FOUND } });
    const byAdmin = await api("POST", "/api/manager/team/transfer-ownership", {
      token: admin.token,
      body: { member_id: admin.id, password: STRONG_PASSWORD },
    });
    expect(byAdmin).toMatchObject({ status: 403, body: { detail: PERMISSION_DENIED("admin") } });
    const me = await api("GET", "/api/user/me", { token: shop.manager.token });
    expect(me.body.member).toMatchObject({ id: shop.manager.id, role: "owner" });
  });
});

describe("who is signed in", () => {
  it("describes the member beside the account in the sign-in answer and /me", async () => {
    const shop = await twoShops();
    const ana = await addMember(shop.manager.id, {
      role: "location_manager",
      locationIds: [shop.camden],
      name: "Ana Lopes",
    });
    // Billing is the account's: whatever a member's own row says about a subscription counts for nothing.
    await db().update(users).set({ subscriptionStatus: "suspended" }).where(eq(users.id, ana.id));
    const login = await api("POST", "/api/auth/login", {
      body: { email_or_name: ana.email, password: ana.password },
    });
    expect(login.body).toMatchObject({
      subscription_required: false,
      user: {
        id: shop.manager.id,
        name: "Ana Lopes",
        email: ana.email,
        username: ana.username,
        plan: "business",
      },
      member: { id: ana.id, name: "Ana Lopes", role: "location_manager", location_ids: [shop.camden] },
    });
    const permissions = (login.body.member as { permissions: string[] }).permissions;
    expect(permissions).toContain("timesheets:edit");
    expect(permissions).not.toContain("pay:approve");
    const me = await api("GET", "/api/user/me", { token: String(login.body.session_id) });
    expect(me.body).toMatchObject({ user: login.body.user, member: login.body.member });

    const owner = await api("GET", "/api/user/me", { token: shop.manager.token });
    expect(owner.body.member).toMatchObject({ id: shop.manager.id, role: "owner", location_ids: null });
    expect((owner.body.member as { permissions: string[] }).permissions).toContain("billing");
  });

  it("tells a member of a suspended account to choose a plan, as it tells the owner", async () => {
    const manager = await createManager({ plan: "pro", status: "suspended" });
    const payroll = await addMember(manager.id, { role: "payroll" });
    const login = await api("POST", "/api/auth/login", {
      body: { email_or_name: payroll.email, password: STRONG_PASSWORD },
    });
    expect(login.body).toMatchObject({ subscription_required: true, member: { role: "payroll" } });
  });

  it("refuses a member's sign-in once the account is closed, as it refuses the owner's", async () => {
    const shop = await twoShops();
    const admin = await addMember(shop.manager.id, { role: "admin" });
    const closed = await api("POST", "/api/user/close-account", {
      token: shop.manager.token,
      body: { password: shop.manager.password },
    });
    expect(closed.status).toBe(200);
    const login = await api("POST", "/api/manager/login", {
      body: { username: admin.username, password: admin.password },
    });
    expect(login).toMatchObject({ status: 403, body: { detail: ACCOUNT_CLOSED } });
  });

  it("lets a member reset their own password and sign in with it", async () => {
    const shop = await twoShops();
    const ana = await addMember(shop.manager.id, { role: "payroll" });
    expect((await api("POST", "/api/auth/forgot-password", { body: { email: ana.email } })).status).toBe(200);
    const code = await latestCode(ana.email);
    const reset = await api("POST", "/api/auth/reset-password", {
      body: { email: ana.email, verification_code: code, new_password: "Fresh&Start42" },
    });
    expect(reset.status).toBe(200);
    expect(await stillSignedIn(ana.token)).toBe(false);
    expect(await stillSignedIn(shop.manager.token)).toBe(true);
    const login = await api("POST", "/api/manager/login", {
      body: { username: ana.username, password: "Fresh&Start42" },
    });
    expect(login.body).toMatchObject({
      user: { id: shop.manager.id },
      member: { id: ana.id, role: "payroll" },
    });
  });
});

describe("the super admin's accounts", () => {
  it("show how many team members each account has", async () => {
    const shop = await twoShops();
    await addMember(shop.manager.id, { role: "admin" });
    await addMember(shop.manager.id, { role: "payroll" });
    const alone = await createManager();
    const token = await superAdminToken();
    const count = async (id: string) => {
      const found = await api("GET", `/api/super-admin/users?search=${id}`, { token });
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      return (found.body.users as { member_count: number }[])[0]?.member_count;
    };
    expect(await count(shop.manager.id)).toBe(2);
    expect(await count(alone.id)).toBe(0);
    const vip = await api("POST", `/api/super-admin/users/${shop.manager.id}/vip`, {
      token,
      body: { is_vip: true },
    });
    expect(vip.body.user).toMatchObject({ id: shop.manager.id, member_count: 2 });
    // A removed member no longer counts.
    const team = await teamOf(shop.manager.token);
    const payroll = team.members.find((m) => m.role === "payroll");
    await remove(shop.manager.token, payroll?.id ?? "");
    expect(await count(shop.manager.id)).toBe(1);
  });
});
