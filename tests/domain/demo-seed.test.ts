import { describe, expect, it } from "vitest";
import {
  addDays,
  DEMO_EMPLOYEES,
  DEMO_OPENING,
  DEMO_ZONE,
  type DemoDate,
  iso,
  londonTime,
  minutesOf,
  mondayOf,
  planDemo,
  planDemoLeave,
  planDemoRota,
  wallClock,
} from "../../scripts/seed/demo-plan";
import { DEFAULT_PAY_CODES } from "../../worker/contracts/pay";
import { DEFAULT_PAYROLL_CODES } from "../../worker/contracts/payroll-settings";
import { bankHolidaysBetween } from "../../worker/domain/bank-holidays";
import { daysOff } from "../../worker/domain/leave-requests";
import { DEFAULT_OVERTIME_RULES, payElements } from "../../worker/domain/pay-elements";
import { PAYROLL_FORMATS, payrollExport, payrollExportProblem } from "../../worker/domain/payroll-exports";
import {
  type Breach,
  dailyRestBreaches,
  restBreakBreaches,
  type Shift,
} from "../../worker/domain/working-time";
import { averageForWeek } from "../../worker/domain/working-time-average";
import { NO_NIGHT_EXCEPTION, youngNightWork } from "../../worker/domain/working-time-night";
import { weeklyRestBreaches, youngWorkerLimitBreaches } from "../../worker/domain/working-time-weekly";

// The local demo's seed (`npm run dev`), planned from the moment the server starts: every session inside the
// shop's opening hours, and the compliance rules find the two breaches the demo shows on purpose, no others.

const START_TIMES = [
  "02:00",
  "06:00",
  "07:59",
  "08:00",
  "08:20",
  "12:00",
  "15:45",
  "17:59",
  "18:00",
  "23:30",
];
/** A winter fortnight, a summer one, and the weeks around both clock changes of 2026. */
const DAYS: DemoDate[] = [
  ...Array.from({ length: 14 }, (_, i) => addDays({ y: 2026, m: 1, d: 12 }, i)),
  ...Array.from({ length: 14 }, (_, i) => addDays({ y: 2026, m: 7, d: 6 }, i)),
  ...Array.from({ length: 9 }, (_, i) => addDays({ y: 2026, m: 3, d: 26 }, i)),
  ...Array.from({ length: 9 }, (_, i) => addDays({ y: 2026, m: 10, d: 22 }, i)),
];
/** Each day's start times, checked together. */
const cases = DAYS.map((day) => ({
  label: iso(day),
  starts: START_TIMES.map((time) => londonTime(day, minutesOf(time))),
}));

const open = minutesOf(DEMO_OPENING.start);
const close = minutesOf(DEMO_OPENING.end);
const named = (index: number) => DEMO_EMPLOYEES[index]?.first ?? "?";

describe("the demo seed", () => {
  it("plans from the London wall clock, across both clock changes", () => {
    expect(wallClock(londonTime({ y: 2026, m: 1, d: 12 }, minutesOf("06:00")))).toEqual({
      y: 2026,
      m: 1,
      d: 12,
      minutes: 360,
    });
    // 08:00 on the Sunday the clocks go forward is 07:00 UTC; on the Sunday they go back, 08:00 UTC.
    expect(new Date(londonTime({ y: 2026, m: 3, d: 29 }, open)).toISOString()).toBe(
      "2026-03-29T07:00:00.000Z",
    );
    expect(new Date(londonTime({ y: 2026, m: 10, d: 25 }, open)).toISOString()).toBe(
      "2026-10-25T08:00:00.000Z",
    );
  });

  it.each(cases)(
    "seeded at any time of $label, every session lies within the opening hours",
    ({ starts }) => {
      for (const now of starts) {
        const plan = planDemo(now);
        const clock = wallClock(now);
        expect(plan.sessions.length).toBeGreaterThan(50);
        for (const s of plan.sessions) {
          const end = s.checkOut ?? now;
          const from = wallClock(s.checkIn);
          const to = wallClock(end);
          const where = `${named(s.employee)} ${new Date(s.checkIn).toISOString()}`;
          expect(iso(from), where).toBe(iso(to));
          expect(from.minutes, where).toBeGreaterThanOrEqual(open);
          expect(to.minutes, where).toBeLessThanOrEqual(close);
          expect(end, where).toBeGreaterThanOrEqual(s.checkIn);
          expect(end, where).toBeLessThanOrEqual(now);
          expect(s.checkIn, where).toBeGreaterThanOrEqual(plan.joined);
        }
        const openNow = plan.sessions.filter((s) => s.checkOut === null);
        const inHours = clock.minutes >= open && clock.minutes < close;
        // The README's promise: four staff are in during opening hours, nobody outside them.
        expect(openNow).toHaveLength(inHours ? 4 : 0);
        expect(new Set(openNow.map((s) => s.employee)).size).toBe(openNow.length);
        // Before opening the demo centres on yesterday's working day.
        expect(iso(plan.day)).toBe(
          clock.minutes < open ? iso(addDays(plan.calendarDay, -1)) : iso(plan.calendarDay),
        );
      }
    },
  );

  it.each(cases)("seeded at any time of $label, Finn is off sick and has no session since", ({ starts }) => {
    for (const now of starts) {
      const plan = planDemo(now);
      expect(named(plan.sick.employee)).toBe("Finn");
      const since = londonTime(plan.sick.start, 0);
      const his = plan.sessions.filter((s) => s.employee === plan.sick.employee);
      expect(his.length).toBeGreaterThan(0);
      expect(his.every((s) => s.checkIn < since)).toBe(true);
    }
  });

  it.each(cases)(
    "seeded at any time of $label, the compliance rules find exactly the two breaches on purpose",
    ({ starts }) => {
      for (const now of starts) {
        const plan = planDemo(now);
        const lastMonday = addDays(mondayOf(plan.day), -7);
        const found: string[] = [];
        DEMO_EMPLOYEES.forEach((employee, index) => {
          const shifts: Shift[] = plan.sessions
            .filter((s) => s.employee === index)
            .map((s, n) => ({ id: `${index}-${n}`, start: s.checkIn, end: s.checkOut ?? now, breaks: [] }));
          const young = plan.datesOfBirth.has(index);
          const kind = young ? "young" : "adult";
          const breaches: Breach[] = [
            ...restBreakBreaches(shifts, kind, DEMO_ZONE),
            ...dailyRestBreaches(shifts, kind),
            ...weeklyRestBreaches(shifts, kind, DEMO_ZONE, false),
            ...(young ? youngWorkerLimitBreaches(shifts, DEMO_ZONE) : []),
            ...(young
              ? youngNightWork(shifts, DEMO_ZONE, NO_NIGHT_EXCEPTION).map(
                  (night): Breach => ({ rule: "young_night_work", ...night }),
                )
              : []),
          ];
          for (const b of breaches)
            found.push(`${employee.first} ${b.rule} ${"date" in b ? b.date : ""}`.trim());
          if (young) return;
          // The 48-hour average of every week of the demo, as the Compliance view judges it: any 17 weeks
          // ending on one of its days, up to the demo's today.
          for (let monday = mondayOf(addDays(plan.day, -14)); iso(monday) <= iso(mondayOf(plan.day)); ) {
            const average = averageForWeek({
              shifts,
              timeZone: DEMO_ZONE,
              weekStart: iso(monday),
              fixedStart: null,
              employmentStart: iso(wallClock(plan.joined)),
              excludedDays: new Set(),
              optOuts: [],
              today: iso(plan.day),
            });
            if (average.breach) found.push(`${employee.first} average_week ${iso(monday)}`);
            monday = addDays(monday, 7);
          }
        });
        expect(found.sort()).toEqual([
          `Ben rest_break ${iso(addDays(lastMonday, 2))}`,
          `Harry young_daily_limit ${iso(addDays(lastMonday, 5))}`,
        ]);
      }
    },
  );

  it.each(cases)(
    "seeded at any time of $label, the published rota leaves exactly one late and one no-show in Live Status",
    ({ starts }) => {
      for (const now of starts) {
        const plan = planDemo(now);
        const rota = planDemoRota(plan, now);
        const where = new Date(now).toISOString();
        expect(rota.weeks, where).toEqual([
          iso(mondayOf(plan.calendarDay)),
          iso(addDays(mondayOf(plan.calendarDay), 7)),
        ]);
        const inAt = (employee: number, at: number) =>
          plan.sessions.some(
            (s) => s.employee === employee && s.checkIn <= at + 10 * 60_000 && (s.checkOut ?? now) >= at,
          );
        // Whoever was due by now, and not the two missing on purpose, is or was in around their start.
        const missing: { employee: number; minutes: number }[] = [];
        for (const shift of rota.shifts.filter((s) => s.start <= now && s.end > now - 24 * 3_600_000)) {
          if (
            inAt(shift.employee, shift.start) ||
            plan.sessions.some(
              (s) => s.employee === shift.employee && s.checkIn >= shift.start && s.checkIn < shift.end,
            )
          )
            continue;
          missing.push({ employee: shift.employee, minutes: Math.round((now - shift.start) / 60_000) });
        }
        missing.sort((a, b) => a.minutes - b.minutes);
        expect(
          missing.map((m) => m.employee),
          where,
        ).toEqual([rota.late, rota.noShow]);
        expect(missing[0]?.minutes, where).toBeGreaterThanOrEqual(12);
        expect(missing[0]?.minutes, where).toBeLessThan(30);
        expect(missing[1]?.minutes, where).toBeGreaterThanOrEqual(45);
        // Nobody is planned while off sick, and nobody has two shifts at once.
        for (const shift of rota.shifts) {
          const date = iso(wallClock(shift.start));
          if (shift.employee === plan.sick.employee) {
            expect(date < iso(plan.sick.start) || date > iso(plan.sick.end), where).toBe(true);
          }
          const clash = rota.shifts.find(
            (other) =>
              other !== shift &&
              other.employee === shift.employee &&
              other.start < shift.end &&
              other.end > shift.start,
          );
          expect(clash, where).toBeUndefined();
        }
      }
    },
  );

  it("plans one approved and one pending holiday on working days only, clear of the published rota", () => {
    // Every Monday of 2026 and 2027: each week's leave lands somewhere different, Christmas and Easter included.
    for (let week = 0; week < 104; week++) {
      const day = addDays({ y: 2026, m: 1, d: 5 }, week * 7);
      const now = londonTime(day, minutesOf("10:00"));
      const plan = planDemo(now);
      const rota = planDemoRota(plan, now);
      const leave = planDemoLeave(plan);
      for (const request of [leave.approved, leave.pending]) {
        const range = { startDate: iso(request.start), endDate: iso(request.end) };
        const bank = new Set(
          bankHolidaysBetween("england-and-wales", range.startDate, range.endDate).map((b) => b.date),
        );
        const days = daysOff(range, bank);
        const where = `${iso(day)}: ${named(request.employee)}`;
        // Every day of it is a working day: what it uses is all of it, in the hours the figures keep.
        const span = (Date.parse(range.endDate) - Date.parse(range.startDate)) / 86_400_000 + 1;
        expect(days.length, where).toBe(span);
        const dayHours = (DEMO_EMPLOYEES[request.employee]?.contractedWeeklyMinutes ?? 0) / 5 / 60;
        expect(request.hours, where).toBe(days.length * dayHours);
        expect(DEMO_EMPLOYEES[request.employee]?.days, where).toEqual(expect.arrayContaining([2, 3, 4]));
        expect(range.startDate > iso(plan.calendarDay), where).toBe(true);
        const clash = rota.shifts.find(
          (s) => s.employee === request.employee && days.includes(iso(wallClock(s.start))),
        );
        expect(clash, where).toBeUndefined();
      }
      expect(leave.approved.employee).not.toBe(leave.pending.employee);
    }
  });

  it("records the young worker's date of birth so that he is 17 throughout the demo", () => {
    const plan = planDemo(londonTime({ y: 2026, m: 11, d: 27 }, minutesOf("10:00")));
    const harry = DEMO_EMPLOYEES.findIndex((e) => e.first === "Harry");
    const born = plan.datesOfBirth.get(harry) ?? "";
    expect([...plan.datesOfBirth.keys()]).toEqual([harry]);
    const age = (on: string) =>
      Number(on.slice(0, 4)) - Number(born.slice(0, 4)) - (on.slice(5) < born.slice(5) ? 1 : 0);
    expect(age(iso(addDays(plan.day, -14)))).toBe(17);
    expect(age(iso(addDays(plan.day, 60)))).toBe(17);
  });

  it("gives two active employees an address for the staff app, each their own", () => {
    const withEmail = DEMO_EMPLOYEES.filter((e) => e.email);
    expect(withEmail.map((e) => e.email)).toEqual(["amelia@clocked.test", "chloe@clocked.test"]);
    // Neither is the one on sick leave in any demo: the staff app opens on someone at work.
    const sick = DEMO_EMPLOYEES[planDemo(Date.UTC(2026, 10, 25, 12)).sick.employee];
    expect(withEmail).not.toContain(sick);
  });

  it("gives every employee a distinct numeric payroll ID and an hourly rate at or above the minimum wage", () => {
    const ids = DEMO_EMPLOYEES.map((e) => e.payrollId);
    expect(new Set(ids).size).toBe(DEMO_EMPLOYEES.length);
    for (const e of DEMO_EMPLOYEES) {
      expect(e.payrollId).toMatch(/^\d{4}$/);
      // April 2026: £12.71 at 21 and over, £8.00 at 16–17.
      expect(e.hourlyRatePence).toBeGreaterThanOrEqual(e.age === 17 ? 800 : 1271);
    }
  });

  it("writes last week's pay in every payroll format, each employee under their payroll ID", () => {
    const plan = planDemo(londonTime({ y: 2026, m: 11, d: 27 }, minutesOf("10:00")));
    const monday = addDays(mondayOf(plan.day), -7);
    const week = Array.from({ length: 7 }, (_, i) => iso(addDays(monday, i)));
    const employees = DEMO_EMPLOYEES.map((e, index) => {
      const days = week
        .map((date) => {
          const ms = plan.sessions
            .filter((s) => s.employee === index && iso(wallClock(s.checkIn)) === date)
            .reduce((sum, s) => sum + (s.checkOut ?? s.checkIn) - s.checkIn, 0);
          return { date, workedMinutes: Math.floor(ms / 60_000), breakMinutes: 0 };
        })
        .filter((d) => d.workedMinutes > 0);
      const terms = {
        contractedWeeklyMinutes: e.contractedWeeklyMinutes,
        hourlyRatePence: e.hourlyRatePence,
      };
      return {
        payrollId: e.payrollId,
        name: `${e.first} ${e.last}`,
        hourlyRatePence: e.hourlyRatePence,
        summary: payElements(days, DEFAULT_OVERTIME_RULES, terms, () => false),
      };
    });
    const input = {
      period: { startDate: week[0] ?? "", endDate: week[6] ?? "" },
      employees,
      codes: DEFAULT_PAY_CODES,
      formatCodes: DEFAULT_PAYROLL_CODES,
    };
    for (const format of PAYROLL_FORMATS) {
      expect(payrollExportProblem(format, input), format).toBeNull();
      const file = payrollExport(format, input);
      for (const e of employees) {
        expect(file, `${format}: ${e.name}`).toContain(format === "xero" ? e.name : e.payrollId);
      }
    }
  });
});
