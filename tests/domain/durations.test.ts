import { describe, expect, it } from "vitest";
import {
  clockMinute,
  durationBetween,
  hoursAndMinutes,
  minutesBetween,
  sessionMinutes,
} from "../../worker/domain/durations";
import { computeStaffHours } from "../../worker/domain/hours";
import { punchMessages } from "../../worker/domain/punch-rules";
import { workedMinutes } from "../../worker/domain/timesheet";

const at = (iso: string) => Date.parse(iso);
const LONDON = "Europe/London";

describe("the one rule for durations", () => {
  it("counts each instant as the minute the clock showed, so 09:00:50 to 09:04:10 is 4 minutes", () => {
    expect(clockMinute(at("2026-11-16T09:00:50Z"))).toBe(at("2026-11-16T09:00:00Z"));
    expect(minutesBetween(at("2026-11-16T09:00:50Z"), at("2026-11-16T09:04:10Z"))).toBe(4);
    expect(durationBetween(at("2026-11-16T09:00:59Z"), at("2026-11-16T17:00:01Z"))).toBe("8h 0m");
    expect(minutesBetween(at("2026-11-16T09:04:00Z"), at("2026-11-16T09:00:00Z"))).toBe(0);
  });

  it("takes a session's breaks out on clock minutes too, and counts an open one up to now", () => {
    const session = {
      checkIn: at("2026-11-16T09:00:30Z"),
      checkOut: at("2026-11-16T17:00:10Z"),
      breaks: [{ start: at("2026-11-16T12:00:45Z"), end: at("2026-11-16T12:30:05Z") }],
    };
    expect(sessionMinutes(session, 0)).toBe(8 * 60 - 30);
    const open = { checkIn: at("2026-11-16T09:00:30Z"), checkOut: null, breaks: [] };
    expect(sessionMinutes(open, at("2026-11-16T09:07:01Z"))).toBe(7);
  });

  it("writes whole minutes as they are and an average rounded up, never below what it is", () => {
    expect(hoursAndMinutes(0)).toBe("0h 0m");
    expect(hoursAndMinutes(37 * 60 + 30)).toBe("37h 30m");
    expect(hoursAndMinutes(2880.2)).toBe("48h 1m");
    expect(hoursAndMinutes(-90)).toBe("-1h 30m");
  });

  it("gives the kiosk's message, the timesheet entry and the hours engine the same minutes", () => {
    const checkIn = at("2026-11-16T09:00:50Z");
    const checkOut = at("2026-11-16T09:04:10Z");
    const message = punchMessages.checkedOut(checkIn, checkOut, LONDON);
    const [hours] = computeStaffHours({
      sessions: [{ id: "s", employeeId: "e", checkIn, checkOut }],
      employees: [{ id: "e", name: "Jane Smith" }],
      settings: { timeZone: LONDON, breakDeductionEnabled: false },
      period: { start: at("2026-11-16T00:00:00Z"), end: at("2026-11-17T00:00:00Z") },
      now: at("2026-11-16T18:00:00Z"),
    });
    expect(message).toBe("Checked out at 09:04 — worked 0h 4m");
    expect(hours?.workedMinutes).toBe(4);
    expect(workedMinutes({ checkIn, checkOut, breaks: [] }, 0)).toBe(4);
  });

  it("says the kiosk's worked time less the breaks clocked in the session", () => {
    const checkIn = at("2026-11-16T09:00:00Z");
    const checkOut = at("2026-11-16T17:00:20Z");
    const breaks = [{ start: at("2026-11-16T12:00:40Z"), end: at("2026-11-16T12:20:10Z") }];
    expect(punchMessages.checkedOut(checkIn, checkOut, LONDON, breaks)).toBe(
      "Checked out at 17:00 — worked 7h 40m",
    );
  });
});
