import { describe, expect, it } from "vitest";
import type {
  LeaveCalendarResponse,
  LeaveClashRefusal,
  LeaveRequestsResponse,
} from "../../worker/contracts/leave-requests";
import type { RotaWeekResponse } from "../../worker/contracts/rota";
import type { LeaveRequestCreated } from "../../worker/contracts/staff-leave";
import { addDays } from "../../worker/domain/time-zone";
import { api, outboxCount } from "../support/api";
import { addLocation, auditRowsFor, RAVI } from "../support/kiosk";
import { askForLeave, cleanMonday, holidayOf, leaveShop } from "../support/leave";
import { publishShift } from "../support/rota";
import { addMember } from "../support/team";

// The managers' Leave tab (docs/staff-app.md, "Holiday and leave requests"): the requests, deciding them, and a
// month of who is off.

type Shop = Awaited<ReturnType<typeof leaveShop>>;

/** Jane asks for Monday to Friday of a clean week; answers the request id and the Monday. */
async function janeAsksForAWeek(shop: Shop, weeksAhead = 2) {
  const monday = cleanMonday(weeksAhead);
  const asked = await askForLeave(shop.staff.token, {
    type: "holiday",
    start_date: monday,
    end_date: addDays(monday, 4),
  });
  expect(asked.status).toBe(201);
  return { id: (asked.body as unknown as LeaveRequestCreated).request.id, monday };
}

const decide = (token: string, id: string, decision: "approve" | "decline", body?: Record<string, unknown>) =>
  api("POST", `/api/manager/leave-requests/${id}/${decision}`, { token, body });

async function listed(token: string, locationId: string) {
  const got = await api("GET", `/api/manager/leave-requests/${locationId}`, { token });
  expect(got.status).toBe(200);
  return (got.body as unknown as LeaveRequestsResponse).requests;
}

/** A shift 09:00 to 17:00 (London, winter or summer: Z is close enough to clash) on a date. */
const shiftOn = (locationId: string, employeeId: string, date: string) =>
  publishShift(locationId, employeeId, `${date}T09:00:00Z`, `${date}T17:00:00Z`);

describe("the Leave tab's requests", () => {
  it("lists pending first with the balance, who else is off and the shifts it clashes with", async () => {
    const shop = await leaveShop();
    const { manager, locationId, others, employee } = shop;
    const ravi = others[0]?.id ?? "";
    const decided = await janeAsksForAWeek(shop, 8);
    await decide(manager.token, decided.id, "decline", { note: "Stocktake week" });
    const { id, monday } = await janeAsksForAWeek(shop);
    await api("PUT", `/api/manager/employees/${ravi}/status`, {
      token: manager.token,
      body: { status: "sick_leave", start_date: addDays(monday, 1), end_date: addDays(monday, 2) },
    });
    const shift = await shiftOn(locationId, employee.id, addDays(monday, 3));
    const requests = await listed(manager.token, locationId);
    expect(requests.map((r) => [r.id, r.status])).toEqual([
      [id, "pending"],
      [decided.id, "declined"],
    ]);
    expect(requests[0]).toMatchObject({
      name: "Jane Smith",
      uses: 5,
      unit: "days",
      balance: 28,
      others_off: [
        {
          employee_id: ravi,
          name: "Ravi Kumar",
          status: "sick_leave",
          dates: [addDays(monday, 1), addDays(monday, 2)],
        },
      ],
      clashes: [{ shift_id: shift }],
    });
    expect(requests[1]).toMatchObject({ decision_note: "Stocktake week", decided_by_name: "Alex Morgan" });
  });

  it("answers another account's location and request ids, and a location manager's other location, as not found", async () => {
    const shop = await leaveShop();
    const { id } = await janeAsksForAWeek(shop);
    const stranger = await leaveShop([RAVI]);
    expect(
      (await api("GET", `/api/manager/leave-requests/${shop.locationId}`, { token: stranger.manager.token }))
        .status,
    ).toBe(404);
    for (const decision of ["approve", "decline"] as const) {
      const refused = await decide(stranger.manager.token, id, decision, { note: "No" });
      expect(refused.status).toBe(404);
    }
    const islington = await addLocation(shop.manager, "Islington");
    const member = await addMember(shop.manager.id, { role: "location_manager", locationIds: [islington] });
    expect(
      (await api("GET", `/api/manager/leave-requests/${shop.locationId}`, { token: member.token })).status,
    ).toBe(404);
    expect((await decide(member.token, id, "approve")).status).toBe(404);
    expect(
      (await api("GET", `/api/manager/leave-requests/${islington}`, { token: member.token })).status,
    ).toBe(200);
    // Payroll reads leave everywhere but decides none.
    const payroll = await addMember(shop.manager.id, { role: "payroll" });
    expect((await listed(payroll.token, shop.locationId)).map((r) => r.id)).toEqual([id]);
    expect((await decide(payroll.token, id, "approve")).status).toBe(403);
    expect((await listed(shop.manager.token, shop.locationId))[0]?.status).toBe("pending");
  });
});

describe("deciding a request", () => {
  it("approving books the week as holiday, moves the balance and e-mails the staff member", async () => {
    const shop = await leaveShop();
    const { id, monday } = await janeAsksForAWeek(shop);
    expect(await holidayOf(shop.staff.token)).toMatchObject({ remaining: 28, booked: 0, pending: 5 });
    const before = await outboxCount(shop.staff.email);
    const approved = await decide(shop.manager.token, id, "approve", { note: "Enjoy it" });
    expect(approved.status).toBe(200);
    expect(approved.body.request).toMatchObject({ status: "approved", decision_note: "Enjoy it" });
    expect(await holidayOf(shop.staff.token)).toMatchObject({ remaining: 23, booked: 5, pending: 0 });
    expect(await outboxCount(shop.staff.email)).toBe(before + 1);
    const calendar = await api(
      "GET",
      `/api/manager/leave-requests/${shop.locationId}/calendar?month=${monday.slice(0, 7)}`,
      {
        token: shop.manager.token,
      },
    );
    const days = (calendar.body as unknown as LeaveCalendarResponse).days;
    const offOn = (date: string) => days.find((d) => d.date === date)?.off.map((o) => [o.name, o.status]);
    if (addDays(monday, 4).slice(0, 7) === monday.slice(0, 7)) {
      expect(offOn(addDays(monday, 4))).toEqual([["Jane Smith", "holiday"]]);
    }
    expect(offOn(monday)).toEqual([["Jane Smith", "holiday"]]);
    // The weekend after keeps its own status.
    const saturday = addDays(monday, 5);
    if (saturday.slice(0, 7) === monday.slice(0, 7)) expect(offOn(saturday)).toEqual([]);
    // Twice: already decided.
    const again = await decide(shop.manager.token, id, "approve");
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("This request is already approved.");
  });

  it("a staff member cancelling an approved week gives the days back, audited", async () => {
    const shop = await leaveShop();
    const { id } = await janeAsksForAWeek(shop);
    await decide(shop.manager.token, id, "approve");
    const cancelled = await api("DELETE", `/api/staff/me/leave-requests/${id}`, { token: shop.staff.token });
    expect(cancelled.status).toBe(200);
    expect(await holidayOf(shop.staff.token)).toMatchObject({ remaining: 28, booked: 0 });
    const audits = await auditRowsFor(id);
    expect(audits.map((row) => row.action)).toEqual(["leave_request_approved", "leave_request_cancelled"]);
    expect(audits[1]?.actorName).toBe("Jane Smith");
    expect((await decide(shop.manager.token, id, "approve")).status).toBe(409);
  });

  it("declining needs a note, leaves the balance alone and tells the staff member", async () => {
    const shop = await leaveShop();
    const { id } = await janeAsksForAWeek(shop);
    const noNote = await decide(shop.manager.token, id, "decline", { note: "  " });
    expect(noNote.status).toBe(400);
    expect(noNote.body.detail).toMatch(/Say why the request is declined/);
    expect((await decide(shop.manager.token, id, "decline", {})).status).toBe(400);
    const before = await outboxCount(shop.staff.email);
    const declined = await decide(shop.manager.token, id, "decline", { note: "Two others are off" });
    expect(declined.status).toBe(200);
    expect(await holidayOf(shop.staff.token)).toMatchObject({ remaining: 28, booked: 0, pending: 0 });
    expect(await outboxCount(shop.staff.email)).toBe(before + 1);
    const mine = await api("GET", "/api/staff/me/leave-requests", { token: shop.staff.token });
    expect((mine.body.requests as unknown[])[0]).toMatchObject({
      status: "declined",
      decision_note: "Two others are off",
    });
    expect((await decide(shop.manager.token, id, "approve")).status).toBe(409);
  });

  it("refuses to approve over published shifts until told to make them open shifts", async () => {
    const shop = await leaveShop();
    const { id, monday } = await janeAsksForAWeek(shop);
    const tuesday = addDays(monday, 1);
    const shift = await shiftOn(shop.locationId, shop.employee.id, tuesday);
    const refused = await decide(shop.manager.token, id, "approve");
    expect(refused.status).toBe(409);
    const body = refused.body as unknown as LeaveClashRefusal;
    expect(body.detail).toBe(
      "This leave clashes with a published shift. Make it an open shift to approve it.",
    );
    expect(body.clashes.map((c) => c.shift_id)).toEqual([shift]);
    // Nothing changed.
    expect(await holidayOf(shop.staff.token)).toMatchObject({ booked: 0, pending: 5 });
    const opened = await decide(shop.manager.token, id, "approve", { open_clashing_shifts: true });
    expect(opened.status).toBe(200);
    expect(opened.body.opened_shifts).toBe(1);
    const rota = await api("GET", `/api/manager/rota/${shop.locationId}?week=${monday}`, {
      token: shop.manager.token,
    });
    const week = rota.body as unknown as RotaWeekResponse;
    expect(week.shifts.find((s) => s.id === shift)).toMatchObject({ employee_id: null, published: true });
    expect(await holidayOf(shop.staff.token)).toMatchObject({ booked: 5, remaining: 23 });
  });

  it("approving puts the rota's on-leave warning on a draft shift in those days at once", async () => {
    const shop = await leaveShop();
    const { id, monday } = await janeAsksForAWeek(shop);
    const wednesday = addDays(monday, 2);
    const draft = await publishShift(
      shop.locationId,
      shop.employee.id,
      `${wednesday}T09:00:00Z`,
      `${wednesday}T17:00:00Z`,
      { draftOnly: true },
    );
    const warningsOn = async () => {
      const rota = await api("GET", `/api/manager/rota/${shop.locationId}?week=${monday}`, {
        token: shop.manager.token,
      });
      return (rota.body as unknown as RotaWeekResponse).warnings
        .filter((w) => w.shift_id === draft)
        .map((w) => w.rule);
    };
    expect(await warningsOn()).not.toContain("on_leave");
    // A draft is not a published clash: approving goes straight through.
    expect((await decide(shop.manager.token, id, "approve")).status).toBe(200);
    expect(await warningsOn()).toContain("on_leave");
  });

  it("lets a location manager decide at their own location", async () => {
    const shop = await leaveShop();
    const { id } = await janeAsksForAWeek(shop);
    const member = await addMember(shop.manager.id, {
      role: "location_manager",
      locationIds: [shop.locationId],
      name: "Sam Taylor",
    });
    const approved = await decide(member.token, id, "approve");
    expect(approved.status).toBe(200);
    expect(approved.body.request).toMatchObject({ status: "approved", decided_by_name: "Sam Taylor" });
  });

  it("approving a half day takes half a day off the balance", async () => {
    const shop = await leaveShop();
    const monday = cleanMonday(2);
    const asked = await askForLeave(shop.staff.token, {
      type: "holiday",
      start_date: monday,
      end_date: monday,
      half_day: "am",
    });
    const id = (asked.body as unknown as LeaveRequestCreated).request.id;
    await decide(shop.manager.token, id, "approve");
    expect(await holidayOf(shop.staff.token)).toMatchObject({ booked: 0.5, remaining: 27.5 });
  });

  it("books unpaid leave as personal leave, which takes no holiday", async () => {
    const shop = await leaveShop();
    const monday = cleanMonday(2);
    const asked = await askForLeave(shop.staff.token, {
      type: "unpaid",
      start_date: monday,
      end_date: monday,
    });
    const id = (asked.body as unknown as LeaveRequestCreated).request.id;
    expect((await decide(shop.manager.token, id, "approve")).status).toBe(200);
    expect(await holidayOf(shop.staff.token)).toMatchObject({ booked: 0, remaining: 28 });
    const calendar = await api(
      "GET",
      `/api/manager/leave-requests/${shop.locationId}/calendar?month=${monday.slice(0, 7)}`,
      { token: shop.manager.token },
    );
    const day = (calendar.body as unknown as LeaveCalendarResponse).days.find((d) => d.date === monday);
    expect(day?.off).toEqual([
      { employee_id: shop.employee.id, name: "Jane Smith", status: "personal_leave" },
    ]);
  });
});
