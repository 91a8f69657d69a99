import { describe, expect, it } from "vitest";
import type { OpenShiftsResponse, PendingClaimsResponse } from "../../worker/contracts/staff-shifts";
import { api, outboxCount } from "../support/api";
import { addEmployee, auditRowsFor, JANE, RAVI } from "../support/kiosk";
import { publishShift } from "../support/rota";
import { staffSessionFor, staffShop } from "../support/staff";

// Open shifts and claims (docs/staff-app.md, "My shifts, availability and open shifts"): staff see their
// location's open shifts and claim one; a manager approves or declines, or the location lets the first valid
// claim through. Shifts are far enough ahead never to have started.

async function shop(options: { plan?: "starter" | "pro" | "business" } = {}) {
  const found = await staffShop(JANE, options);
  const ravi = await addEmployee(found.manager, found.locationId, RAVI);
  const raviSession = await staffSessionFor(ravi.id);
  return { ...found, ravi, raviSession };
}

const claim = (token: string, shiftId: string) =>
  api("POST", `/api/staff/me/open-shifts/${shiftId}/claim`, { token });
const openShifts = async (token: string) =>
  (await api("GET", "/api/staff/me/open-shifts", { token })).body as unknown as OpenShiftsResponse;
const pending = async (token: string, locationId: string) =>
  (await api("GET", `/api/manager/rota/${locationId}/claims`, { token }))
    .body as unknown as PendingClaimsResponse;
const autoApprove = (token: string, locationId: string, on: boolean) =>
  api("PUT", `/api/manager/rota/${locationId}/claim-settings`, { token, body: { auto_approve_claims: on } });

/** A date a week or two ahead, at a UTC time: never started while the test runs. */
const ahead = (days: number, time: string) =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}:00Z`;

describe("open shifts in the staff app", () => {
  it("lists the published open shifts not yet started, never drafts, given shifts or past ones", async () => {
    const { locationId, employee, staff } = await shop();
    const open = await publishShift(locationId, null, ahead(8, "09:00"), ahead(8, "17:00"), {
      breakMinutes: 30,
    });
    await publishShift(locationId, null, ahead(9, "09:00"), ahead(9, "17:00"), { draftOnly: true });
    await publishShift(locationId, employee.id, ahead(10, "09:00"), ahead(10, "17:00"));
    await publishShift(locationId, null, ahead(-1, "09:00"), ahead(-1, "17:00"));
    const answer = await openShifts(staff.token);
    expect(answer.open_shifts.map((s) => [s.id, s.break_minutes, s.my_claim])).toEqual([[open, 30, null]]);
  });

  it("waits for a manager, who approves: the shift is the claimant's, the other claim declined, both told", async () => {
    const { manager, locationId, employee, staff, raviSession } = await shop();
    const shiftId = await publishShift(locationId, null, ahead(8, "09:00"), ahead(8, "13:00"));
    const janeClaim = await claim(staff.token, shiftId);
    expect(janeClaim.status).toBe(201);
    expect(janeClaim.body.status).toBe("pending");
    expect((await claim(raviSession.token, shiftId)).status).toBe(201);
    expect((await claim(staff.token, shiftId)).body.detail).toBe("You've already claimed this shift.");
    expect((await openShifts(staff.token)).open_shifts[0]?.my_claim).toBe("pending");

    const listed = await pending(manager.token, locationId);
    expect(listed.claims.map((c) => [c.name, c.shift_id])).toEqual([
      ["Jane Smith", shiftId],
      ["Ravi Kumar", shiftId],
    ]);
    const approved = await api(
      "POST",
      `/api/manager/rota/${locationId}/claims/${janeClaim.body.claim_id}/approve`,
      { token: manager.token },
    );
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ claim_id: janeClaim.body.claim_id, status: "approved" });
    expect((await pending(manager.token, locationId)).claims).toEqual([]);
    const mine = await api("GET", `/api/staff/me/shifts?from=${ahead(0, "00:00").slice(0, 10)}`, {
      token: staff.token,
    });
    expect((mine.body.shifts as { id: string }[]).map((s) => s.id)).toEqual([shiftId]);
    expect((await openShifts(raviSession.token)).open_shifts).toEqual([]);
    const rota = await api("GET", `/api/manager/rota/${locationId}?week=${mondayOf(ahead(8, "09:00"))}`, {
      token: manager.token,
    });
    expect((rota.body.shifts as { id: string; employee_id: string; published: boolean }[])[0]).toMatchObject({
      id: shiftId,
      employee_id: employee.id,
      published: true,
    });
    expect(await outboxCount(staff.email)).toBe(1);
    expect(await outboxCount(raviSession.email)).toBe(1);
    expect((await auditRowsFor(shiftId)).map((r) => r.action)).toEqual(
      expect.arrayContaining(["shift_claimed", "claim_approved"]),
    );
  });

  it("lets a manager decline a claim, which stays declined and tells the claimant", async () => {
    const { manager, locationId, staff } = await shop();
    const shiftId = await publishShift(locationId, null, ahead(8, "09:00"), ahead(8, "13:00"));
    const made = await claim(staff.token, shiftId);
    const declined = await api(
      "POST",
      `/api/manager/rota/${locationId}/claims/${made.body.claim_id}/decline`,
      {
        token: manager.token,
      },
    );
    expect(declined.body).toEqual({ claim_id: made.body.claim_id, status: "declined" });
    expect((await openShifts(staff.token)).open_shifts[0]?.my_claim).toBe("declined");
    const again = await api("POST", `/api/manager/rota/${locationId}/claims/${made.body.claim_id}/approve`, {
      token: manager.token,
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("This claim has already been decided.");
    expect(await outboxCount(staff.email)).toBe(1);
  });

  it("with automatic approval, exactly one of two racing claims takes the shift", async () => {
    const { manager, locationId, staff, raviSession } = await shop();
    expect((await autoApprove(manager.token, locationId, true)).body).toEqual({ auto_approve_claims: true });
    const shiftId = await publishShift(locationId, null, ahead(8, "09:00"), ahead(8, "13:00"));
    const [a, b] = await Promise.all([claim(staff.token, shiftId), claim(raviSession.token, shiftId)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([201, 409]);
    const won = a.status === 201 ? a : b;
    const lost = a.status === 201 ? b : a;
    expect(won.body.status).toBe("approved");
    expect(lost.body.detail).toBe("This shift has already been given to someone.");
    expect((await pending(manager.token, locationId)).claims).toEqual([]);
  });

  it("refuses a shift that overlaps one of mine, naming it in the location's time", async () => {
    const { locationId, employee, staff } = await shop();
    await publishShift(locationId, employee.id, "2027-01-12T09:00:00Z", "2027-01-12T17:00:00Z");
    const open = await publishShift(locationId, null, "2027-01-12T16:00:00Z", "2027-01-12T20:00:00Z");
    const refused = await claim(staff.token, open);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe("This shift overlaps your shift on Tue 12/01/2027 from 09:00 to 17:00.");
  });

  it("refuses a claim the working-time checks warn about, with the warnings, storing nothing", async () => {
    const { manager, locationId, employee, staff } = await shop();
    await publishShift(locationId, employee.id, "2027-01-12T14:00:00Z", "2027-01-12T23:00:00Z", {
      breakMinutes: 30,
    });
    // Wednesday 06:00 leaves 7 hours' rest after Tuesday 23:00.
    const open = await publishShift(locationId, null, "2027-01-13T06:00:00Z", "2027-01-13T10:00:00Z");
    const refused = await claim(staff.token, open);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      "Taking this shift would break a working-time rule. Ask your manager about it.",
    );
    expect((refused.body.warnings as { rule: string }[]).map((w) => w.rule)).toEqual(["daily_rest"]);
    expect((await pending(manager.token, locationId)).claims).toEqual([]);
  });

  it("refuses a shift already started, taken, a draft, or at another location: 400, 409, 404, 404", async () => {
    const { manager, locationId, employee, staff } = await shop({ plan: "business" });
    const started = await publishShift(locationId, null, ahead(0, "00:00"), ahead(1, "00:00"));
    const startedClaim = await claim(staff.token, started);
    expect([startedClaim.status, startedClaim.body.detail]).toEqual([400, "This shift has already started."]);
    const taken = await publishShift(locationId, employee.id, ahead(8, "09:00"), ahead(8, "10:00"));
    expect((await claim(staff.token, taken)).status).toBe(409);
    const draft = await publishShift(locationId, null, ahead(9, "09:00"), ahead(9, "10:00"), {
      draftOnly: true,
    });
    expect((await claim(staff.token, draft)).status).toBe(404);
    const other = (
      await api("POST", "/api/manager/locations", { token: manager.token, body: { name: "Soho" } })
    ).body.location_id as string;
    const elsewhere = await publishShift(other, null, ahead(8, "09:00"), ahead(8, "10:00"));
    const refused = await claim(staff.token, elsewhere);
    expect([refused.status, refused.body.detail]).toEqual([404, "Shift not found"]);
  });

  it("answers 404 for another account's location or claim, and opens nothing to a manager's session", async () => {
    const { locationId, staff } = await shop();
    const other = await shop();
    const shiftId = await publishShift(locationId, null, ahead(8, "09:00"), ahead(8, "13:00"));
    const made = await claim(staff.token, shiftId);
    expect(
      (await api("GET", `/api/manager/rota/${locationId}/claims`, { token: other.manager.token })).status,
    ).toBe(404);
    const crossed = await api(
      "POST",
      `/api/manager/rota/${other.locationId}/claims/${made.body.claim_id}/approve`,
      {
        token: other.manager.token,
      },
    );
    expect([crossed.status, crossed.body.detail]).toEqual([404, "Claim not found"]);
    expect((await autoApprove(other.manager.token, locationId, true)).status).toBe(404);
    expect((await api("GET", "/api/staff/me/open-shifts", { token: other.manager.token })).status).toBe(401);
  });
});

/** The Monday (London) of an ISO instant's date. */
function mondayOf(iso: string): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}
