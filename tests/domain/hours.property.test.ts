import { describe, expect, it } from "vitest";
import {
  computeStaffHours,
  type HoursEmployee,
  type HoursSession,
  type HoursSettings,
} from "../../worker/domain/hours";
import { availableMonths, resolvePeriod } from "../../worker/domain/periods";
import { addDays, DAY_MS, HOUR_MS, localDateOf, startOfLocalDate } from "../../worker/domain/time-zone";

// Hundreds of random weeks and months of random sessions, in zones ahead of, behind and half an hour
// off UTC, checked against rules that must hold whatever the data.

/** mulberry32: a tiny seeded generator, so a failure can be replayed from its seed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[int(0, items.length - 1)];
    if (item === undefined) throw new Error("empty list");
    return item;
  };
  return { next, int, pick, chance: (p: number) => next() < p };
}

const ZONES = ["Europe/London", "America/New_York", "Asia/Kolkata"];
const FIRST_NOW = Date.parse("2025-09-01T12:00:00Z");
const LAST_NOW = Date.parse("2026-12-31T12:00:00Z");

function randomCase(seed: number) {
  const random = seeded(seed);
  const timeZone = random.pick(ZONES);
  const now = FIRST_NOW + Math.floor(random.next() * (LAST_NOW - FIRST_NOW));
  const keys = [...availableMonths(timeZone, now).map((m) => m.key), "this_week", "this_month", "ytd"];
  const period = resolvePeriod(random.pick(keys), timeZone, now);
  if (!period) throw new Error("an offered period did not resolve");
  const settings: HoursSettings = {
    timeZone,
    standardBreakMinutes: random.chance(0.2) ? null : random.int(0, 120),
    workdayHours: random.chance(0.2) ? null : random.int(16, 44) / 4,
    breakDeductionEnabled: random.chance(0.8),
  };
  const employees: HoursEmployee[] = Array.from({ length: random.int(1, 3) }, (_, index) => ({
    id: `employee-${index}`,
    name: `Employee ${index}`,
    customBreakMinutes: random.chance(0.6) ? null : random.int(0, 600),
    customWorkHours: random.chance(0.6) ? null : random.int(0, 48) / 4,
  }));
  const sessions: HoursSession[] = [];
  const spanStart = period.start - 2 * DAY_MS;
  const spanEnd = Math.max(period.end, now) + DAY_MS;
  for (const employee of employees) {
    for (let count = random.int(0, 14); count > 0; count--) {
      const checkIn = spanStart + Math.floor(random.next() * (spanEnd - spanStart));
      const length = random.chance(0.1) ? random.int(0, 90_000) : Math.floor(random.next() * 30 * HOUR_MS);
      sessions.push({
        id: `session-${sessions.length}`,
        employeeId: employee.id,
        checkIn,
        checkOut: random.chance(0.15) ? null : checkIn + length,
      });
    }
  }
  return { timeZone, now, period, settings, employees, sessions };
}

/** The time covered by any of the sessions inside the period, by merging intervals: no days involved. */
function unionMinutes(sessions: HoursSession[], period: { start: number; end: number }, now: number) {
  const minute = (ms: number) => Math.floor(ms / 60_000);
  const intervals = sessions
    .map((s) => [
      Math.max(minute(s.checkIn), minute(period.start)),
      Math.min(minute(s.checkOut ?? now), minute(period.end)),
    ])
    .filter(([from = 0, to = 0]) => to > from)
    .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
  let total = 0;
  let reached = Number.NEGATIVE_INFINITY;
  for (const [from = 0, to = 0] of intervals) {
    total += Math.max(0, to - Math.max(from, reached));
    reached = Math.max(reached, to);
  }
  return total;
}

const SEEDS = Array.from({ length: 400 }, (_, index) => 20_261_120 + index);

describe("hours over random sessions", () => {
  it("always add up: pieces to days, days to period totals, exactly", () => {
    for (const seed of SEEDS) {
      const { settings, employees, sessions, period, now } = randomCase(seed);
      const results = computeStaffHours({ sessions, employees, settings, period, now });
      expect(
        results.map((r) => r.employeeId),
        `seed ${seed}`,
      ).toEqual(employees.map((e) => e.id));
      for (const hours of results) {
        const fields = ["grossMinutes", "breakMinutes", "workedMinutes", "overtimeMinutes"] as const;
        for (const field of fields) {
          const days = hours.days.reduce((sum, day) => sum + day[field], 0);
          const pieces = hours.pieces.reduce((sum, piece) => sum + piece[field], 0);
          expect([days, pieces], `seed ${seed} ${field}`).toEqual([hours[field], hours[field]]);
        }
        expect(hours.daysWorked).toBe(hours.days.filter((d) => d.grossMinutes > 0).length);
      }
    }
  });

  it("count exactly the time covered by the sessions inside the period, once", () => {
    for (const seed of SEEDS) {
      const { settings, employees, sessions, period, now } = randomCase(seed);
      const results = computeStaffHours({ sessions, employees, settings, period, now });
      for (const hours of results) {
        const own = sessions.filter((s) => s.employeeId === hours.employeeId);
        expect(hours.grossMinutes, `seed ${seed}`).toBe(unionMinutes(own, period, now));
      }
    }
  });

  it("never go negative, never pass 25 hours a day, and follow the break and overtime rules", () => {
    for (const seed of SEEDS) {
      const { settings, employees, sessions, period, now } = randomCase(seed);
      const results = computeStaffHours({ sessions, employees, settings, period, now });
      for (const [index, hours] of results.entries()) {
        const employee = employees[index];
        const allowance = employee?.customBreakMinutes ?? settings.standardBreakMinutes ?? 30;
        const workday = Math.round((employee?.customWorkHours ?? settings.workdayHours ?? 8) * 60);
        let previous = "";
        for (const day of hours.days) {
          const context = `seed ${seed} ${hours.employeeId} ${day.date}`;
          expect(day.date > previous, context).toBe(true);
          previous = day.date;
          expect(
            Math.min(day.grossMinutes, day.breakMinutes, day.overtimeMinutes),
            context,
          ).toBeGreaterThanOrEqual(0);
          expect(day.grossMinutes, context).toBeLessThanOrEqual(25 * 60);
          expect(day.workedMinutes, context).toBe(day.grossMinutes - day.breakMinutes);
          expect(day.workedMinutes, context).toBeGreaterThanOrEqual(0);
          const breakDue = settings.breakDeductionEnabled && day.grossMinutes > 360;
          expect(day.breakMinutes, context).toBe(breakDue ? Math.min(allowance, day.grossMinutes) : 0);
          expect(day.overtimeMinutes, context).toBe(Math.max(0, day.workedMinutes - workday));
        }
      }
    }
  });

  it("cut every piece inside the period and inside its own local day", () => {
    for (const seed of SEEDS) {
      const { timeZone, settings, employees, sessions, period, now } = randomCase(seed);
      const results = computeStaffHours({ sessions, employees, settings, period, now });
      for (const piece of results.flatMap((r) => r.pieces)) {
        const context = `seed ${seed} ${piece.sessionId}`;
        expect(piece.start, context).toBeGreaterThanOrEqual(period.start);
        expect(piece.end, context).toBeLessThanOrEqual(period.end);
        expect(piece.end > piece.start || piece.inProgress, context).toBe(true);
        expect(localDateOf(piece.start, timeZone), context).toBe(piece.date);
        expect(piece.end, context).toBeLessThanOrEqual(startOfLocalDate(addDays(piece.date, 1), timeZone));
        expect(piece.workedMinutes, context).toBeGreaterThanOrEqual(0);
        expect(piece.overtimeMinutes, context).toBeLessThanOrEqual(piece.workedMinutes);
      }
    }
  });
});
