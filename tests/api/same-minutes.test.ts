import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TimesheetResponse } from "../../worker/contracts/timesheets";
import { addDays, localDateOf, weekdayOf } from "../../worker/domain/time-zone";
import { api } from "../support/api";
import { checkIn, checkOut, hubStub, JANE, shopWith } from "../support/kiosk";

// One rounding rule for every figure (docs/hours.md, "How hours are counted"): the kiosk's "worked" and the
// timesheet count the same session to the same minute, whatever the seconds on the clock.

const MINUTE = 60_000;
const LONDON = "Europe/London";

/** Waits until the clock is early in its minute, so a check-out now lands before second 45. */
async function earlyInAMinute() {
  while (Date.now() % MINUTE > 40_000) await new Promise((resolve) => setTimeout(resolve, 500));
}

describe("the kiosk and the timesheet", () => {
  it("show the same minutes for a session whose punches fall at different seconds", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const jane = employees[0];
    if (!jane) throw new Error("no employee");
    expect((await checkIn(locationId, jane.username, JANE.pin)).status).toBe(200);
    await earlyInAMinute();
    // The check-in moved to 50 seconds past the minute, 4 minutes before this one: the session then runs
    // about 3 minutes and 10-50 seconds, and on the clock from hh:m0 to hh:m4.
    const minute = Math.floor(Date.now() / MINUTE) * MINUTE;
    const checkedIn = minute - 4 * MINUTE + 50_000;
    await runInDurableObject(hubStub(locationId), (_, state) => {
      state.storage.sql.exec("UPDATE sessions SET check_in_at = ?, created_at = ?", checkedIn, checkedIn);
    });

    const out = await checkOut(locationId, jane.username, JANE.pin);
    expect(out.status).toBe(200);
    const said = /worked (\d+)h (\d+)m$/.exec(String(out.body.message));
    expect(said).not.toBeNull();
    const kioskMinutes = Number(said?.[1]) * 60 + Number(said?.[2]);

    const day = localDateOf(checkedIn, LONDON);
    const monday = addDays(day, 1 - weekdayOf(day));
    const sheet = await api("GET", `/api/manager/timesheets/${locationId}?period=week_${monday}`, {
      token: manager.token,
    });
    expect(sheet.status).toBe(200);
    const row = (sheet.body as unknown as TimesheetResponse).employees.find((e) => e.employee_id === jane.id);
    const timesheetMinutes = row?.days.find((d) => d.date === day)?.worked_minutes;

    expect(kioskMinutes).toBe(4);
    expect(timesheetMinutes).toBe(kioskMinutes);
    expect(row?.worked_minutes).toBe(kioskMinutes);
  });
});
