import { describe, expect, it } from "vitest";
import {
  LEAVE_ALREADY_STARTED,
  LEAVE_END_BEFORE_START,
  LEAVE_HALF_DAY_ONE_DAY,
  LEAVE_IN_THE_PAST,
  LEAVE_NO_WORKING_DAYS,
  type LeaveRequestCreated,
  type StaffLeaveRequestsResponse,
} from "../../worker/contracts/staff-leave";
import { addDays } from "../../worker/domain/time-zone";
import { api } from "../support/api";
import { JANE, RAVI } from "../support/kiosk";
import {
  askForLeave,
  cleanMonday,
  holidayOf,
  leaveShop,
  STARTED,
  staffSessionFor,
  TODAY,
  YESTERDAY,
} from "../support/leave";

// A staff member's holiday and leave requests in the staff app (docs/staff-app.md, "Holiday and leave requests").

describe("my holiday", () => {
  it("shows the Employees tab's own figures for the signed-in employee, with pending requests", async () => {
    const { manager, locationId, employee, staff } = await leaveShop();
    const workers = await api("GET", `/api/manager/compliance/${locationId}/holiday/workers`, {
      token: manager.token,
    });
    const theirs = (workers.body.employees as { employee_id: string }[]).find(
      (e) => e.employee_id === employee.id,
    );
    const mine = await api("GET", "/api/staff/me/holiday", { token: staff.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      unit: "days",
      leave_year_start: `${Number(TODAY.slice(0, 4))}${STARTED.slice(4)}`,
      entitlement: 28,
      remaining: 28,
      pending: 0,
    });
    expect(theirs).toMatchObject({
      entitlement: mine.body.entitlement,
      taken: mine.body.taken,
      booked: mine.body.booked,
      remaining: mine.body.remaining,
    });
    const monday = cleanMonday(2);
    await askForLeave(staff.token, { type: "holiday", start_date: monday, end_date: addDays(monday, 1) });
    expect(await holidayOf(staff.token)).toMatchObject({ remaining: 28, pending: 2 });
  });
});

describe("asking for leave", () => {
  it("answers what a week off uses and the balance after, and lists it first, pending", async () => {
    const { staff } = await leaveShop();
    const monday = cleanMonday(2);
    const asked = await askForLeave(staff.token, {
      type: "holiday",
      start_date: monday,
      end_date: addDays(monday, 6),
      note: "Family wedding",
    });
    expect(asked.status).toBe(201);
    const created = asked.body as unknown as LeaveRequestCreated;
    // Monday to Sunday: the five weekdays.
    expect(created.uses).toEqual({ days: 5 });
    expect(created.balance_after).toBe(23);
    expect(created.request).toMatchObject({ status: "pending", note: "Family wedding", uses: 5 });
    const later = cleanMonday(6);
    await askForLeave(staff.token, { type: "unpaid", start_date: later, end_date: later });
    const listed = await api("GET", "/api/staff/me/leave-requests", { token: staff.token });
    const { requests } = listed.body as unknown as StaffLeaveRequestsResponse;
    expect(requests.map((r) => [r.type, r.start_date, r.status])).toEqual([
      ["unpaid", later, "pending"],
      ["holiday", monday, "pending"],
    ]);
  });

  it("counts a half day as half of one", async () => {
    const { staff } = await leaveShop();
    const monday = cleanMonday(2);
    const asked = await askForLeave(staff.token, {
      type: "holiday",
      start_date: monday,
      end_date: monday,
      half_day: "pm",
    });
    expect(asked.status).toBe(201);
    expect((asked.body as unknown as LeaveRequestCreated).uses).toEqual({ days: 0.5 });
    expect((asked.body as unknown as LeaveRequestCreated).balance_after).toBe(27.5);
  });

  it("refuses a last day before the first", async () => {
    const { staff } = await leaveShop();
    const monday = cleanMonday(2);
    const refused = await askForLeave(staff.token, {
      type: "holiday",
      start_date: monday,
      end_date: addDays(monday, -1),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(LEAVE_END_BEFORE_START);
  });

  it("refuses a day already gone, but takes today", async () => {
    const { staff } = await leaveShop();
    const refused = await askForLeave(staff.token, { type: "other", start_date: YESTERDAY, end_date: TODAY });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(LEAVE_IN_THE_PAST);
    const through = addDays(TODAY, 6);
    const today = await askForLeave(staff.token, { type: "other", start_date: TODAY, end_date: through });
    expect(today.status).toBe(201);
  });

  it("refuses days overlapping their own pending or approved request, not someone else's", async () => {
    const { staff, others } = await leaveShop();
    const monday = cleanMonday(2);
    await askForLeave(staff.token, { type: "holiday", start_date: monday, end_date: addDays(monday, 2) });
    const overlapping = await askForLeave(staff.token, {
      type: "unpaid",
      start_date: addDays(monday, 2),
      end_date: addDays(monday, 4),
    });
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.detail).toMatch(/already asked for leave on some of these days/);
    const ravi = await staffSessionFor(others[0]?.id ?? "");
    const theirs = await askForLeave(ravi.token, { type: "holiday", start_date: monday, end_date: monday });
    expect(theirs.status).toBe(201);
  });

  it("takes only one of two overlapping requests sent at once", async () => {
    const { staff } = await leaveShop();
    const monday = cleanMonday(2);
    const answers = await Promise.all([
      askForLeave(staff.token, { type: "holiday", start_date: monday, end_date: addDays(monday, 2) }),
      askForLeave(staff.token, {
        type: "unpaid",
        start_date: addDays(monday, 1),
        end_date: addDays(monday, 3),
      }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    const listed = await api("GET", "/api/staff/me/leave-requests", { token: staff.token });
    expect((listed.body as unknown as StaffLeaveRequestsResponse).requests).toHaveLength(1);
  });

  it("refuses more holiday than is left once pending requests are counted, unless the account allows it", async () => {
    const { staff, manager } = await leaveShop();
    // Clean weeks (no bank holidays) of five days each, until fewer than five days are left.
    let left = 28;
    let week = 2;
    while (left >= 5) {
      const monday = cleanMonday(week);
      const asked = await askForLeave(staff.token, {
        type: "holiday",
        start_date: monday,
        end_date: addDays(monday, 4),
      });
      expect(asked.status).toBe(201);
      left = (asked.body as unknown as LeaveRequestCreated).balance_after ?? 0;
      week = Math.round((Date.parse(monday) - Date.parse(TODAY)) / (7 * 86_400_000)) + 2;
    }
    expect(left).toBe(3);
    const second = cleanMonday(week);
    const over = { type: "holiday", start_date: second, end_date: addDays(second, 4) };
    const refused = await askForLeave(staff.token, over);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(
      "This would use 5 days of holiday, and you have 3 days left once your other requests are counted.",
    );
    // Unpaid leave uses no holiday.
    expect((await askForLeave(staff.token, { ...over, type: "unpaid" })).status).toBe(201);
    const allowed = await api("PUT", "/api/manager/compliance/holiday-settings", {
      token: manager.token,
      body: { leave_year_start: null, carry_over_weeks: 0, allow_requests_beyond_balance: true },
    });
    expect(allowed.body.holiday).toMatchObject({ allow_requests_beyond_balance: true });
    let later = second;
    for (let ahead = week + 1; later <= second; ahead++) later = cleanMonday(ahead);
    const beyond = await askForLeave(staff.token, {
      ...over,
      start_date: later,
      end_date: addDays(later, 4),
    });
    expect(beyond.status).toBe(201);
    expect((beyond.body as unknown as LeaveRequestCreated).balance_after).toBe(-2);
  });

  it("refuses a half day over several days, and dates with no working day", async () => {
    const { staff } = await leaveShop();
    const monday = cleanMonday(2);
    const half = await askForLeave(staff.token, {
      type: "holiday",
      start_date: monday,
      end_date: addDays(monday, 1),
      half_day: "am",
    });
    expect(half.status).toBe(400);
    expect(half.body.detail).toBe(LEAVE_HALF_DAY_ONE_DAY);
    const weekend = await askForLeave(staff.token, {
      type: "holiday",
      start_date: addDays(monday, 5),
      end_date: addDays(monday, 6),
    });
    expect(weekend.status).toBe(400);
    expect(weekend.body.detail).toBe(LEAVE_NO_WORKING_DAYS);
  });
});

describe("cancelling a request", () => {
  it("cancels a pending one, and answers another employee's or another account's request as not found", async () => {
    const { staff, others } = await leaveShop();
    const monday = cleanMonday(2);
    const asked = await askForLeave(staff.token, { type: "holiday", start_date: monday, end_date: monday });
    const id = (asked.body as unknown as LeaveRequestCreated).request.id;
    const ravi = await staffSessionFor(others[0]?.id ?? "");
    const stranger = await leaveShop([RAVI]);
    for (const token of [ravi.token, stranger.staff.token]) {
      const refused = await api("DELETE", `/api/staff/me/leave-requests/${id}`, { token });
      expect(refused.status).toBe(404);
    }
    const cancelled = await api("DELETE", `/api/staff/me/leave-requests/${id}`, { token: staff.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.request).toMatchObject({ id, status: "cancelled" });
    const again = await api("DELETE", `/api/staff/me/leave-requests/${id}`, { token: staff.token });
    expect(again.status).toBe(409);
    // Its days are free again.
    expect(
      (await askForLeave(staff.token, { type: "holiday", start_date: monday, end_date: monday })).status,
    ).toBe(201);
  });

  it("withdraws a pending one whatever its dates, and refuses approved leave that has started", async () => {
    const { staff, manager } = await leaveShop([JANE]);
    const ask = async () =>
      (
        (await askForLeave(staff.token, { type: "other", start_date: TODAY, end_date: addDays(TODAY, 7) }))
          .body as unknown as LeaveRequestCreated
      ).request.id;
    const pending = await ask();
    const withdrawn = await api("DELETE", `/api/staff/me/leave-requests/${pending}`, { token: staff.token });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.request).toMatchObject({ status: "cancelled" });

    const approved = await ask();
    const decided = await api("POST", `/api/manager/leave-requests/${approved}/approve`, {
      token: manager.token,
      body: {},
    });
    expect(decided.status).toBe(200);
    const refused = await api("DELETE", `/api/staff/me/leave-requests/${approved}`, { token: staff.token });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(LEAVE_ALREADY_STARTED);
  });
});
