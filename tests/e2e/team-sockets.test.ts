import { describe, expect, it } from "vitest";
import { apiClient } from "../../bench/lib/accounts";
import { SOCKET_CLOSE } from "../../worker/contracts/socket-close";
import { call, managerWithLocation, PASSWORD } from "./support/accounts";
import { baseUrl, uniqueEmail } from "./support/browser";
import { openSocket } from "./support/live-socket";

// A team member's live dashboard ends the moment they lose access (docs/team.md, "Managing the team"): removed,
// or their role narrowed, their socket hears 4401 within a second, over real TCP through the dev server.

type Role = "admin" | "location_manager" | "payroll";

/** An owner with one shop, and a member of their team signed in with their own password. */
async function ownerAndMember(role: Role, options: { may_approve_pay?: boolean } = {}) {
  const owner = await managerWithLocation();
  const ownerToken = owner.session.session_id;
  const email = uniqueEmail("member");
  const { member_id, username } = await call<{ member_id: string; username: string }>(
    "POST",
    "/dev/team-member",
    { name: "Ana Lopes", email, password: PASSWORD, role, location_ids: [owner.locationId], ...options },
    ownerToken,
  );
  const signedIn = await call<{ session_id: string }>("POST", "/manager/login", {
    username,
    password: PASSWORD,
  });
  return { owner, ownerToken, memberId: member_id, memberToken: signedIn.session_id };
}

/** The member's dashboard socket at the shop, opened with a ticket from their own session. */
async function memberSocket(locationId: string, memberToken: string) {
  const { ticket } = await apiClient(baseUrl(), memberToken)<{ ticket: string }>(
    "POST",
    `/manager/live-status/${locationId}/ticket`,
  );
  return openSocket(
    `${baseUrl().replace("http", "ws")}/api/live/${locationId}?ticket=${encodeURIComponent(ticket)}`,
  );
}

const signedInStill = async (token: string) =>
  (await fetch(`${baseUrl()}/api/manager/locations`, { headers: { Authorization: `Bearer ${token}` } }))
    .status;

describe("a team member's live dashboard, through the dev server", () => {
  it("ends with 4401 within a second of the member's removal", async () => {
    const { owner, ownerToken, memberId, memberToken } = await ownerAndMember("location_manager");
    const live = await memberSocket(owner.locationId, memberToken);
    const since = Date.now();
    await apiClient(baseUrl(), ownerToken)("DELETE", `/manager/team/${memberId}`);
    expect(await live.ended(since)).toEqual(SOCKET_CLOSE.signedOut);
    expect(await signedInStill(memberToken)).toBe(401);
  });

  it("ends with 4401 within a second of an edit that narrows the member's role", async () => {
    const { owner, ownerToken, memberId, memberToken } = await ownerAndMember("location_manager");
    const live = await memberSocket(owner.locationId, memberToken);
    const since = Date.now();
    await call(
      "PUT",
      `/manager/team/${memberId}`,
      { role: "payroll", location_ids: [], may_approve_pay: false },
      ownerToken,
    );
    expect(await live.ended(since)).toEqual(SOCKET_CLOSE.signedOut);
    expect(await signedInStill(memberToken)).toBe(401);
  });

  it("stays open when an edit only adds to what the member may do", async () => {
    const { owner, ownerToken, memberId, memberToken } = await ownerAndMember("location_manager");
    const live = await memberSocket(owner.locationId, memberToken);
    const since = Date.now();
    await call(
      "PUT",
      `/manager/team/${memberId}`,
      { role: "location_manager", location_ids: [owner.locationId], may_approve_pay: true },
      ownerToken,
    );
    expect(await live.ended(since)).toBeUndefined();
    expect(await signedInStill(memberToken)).toBe(200);
  });
});
