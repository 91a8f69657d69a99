// What the local demo seeds, as plain data from one instant: who works when over the last two weeks and today,
// inside the shop's opening hours (London time, DST-correct), with the two working-time breaches the demo
// shows on purpose and no others. Pure (no I/O, no imports) so that `scripts/seed/demo.mjs` runs it under Node
// and tests/domain/demo-seed.test.ts checks it with the real compliance rules.
//
// The breaches on purpose, both in last week (Monday to Sunday before the day shown):
// - Ben's Wednesday: 09:00–17:30 in one go, no break (rest break, Working Time Regulations reg 12);
// - Harry (17, a young worker) on Saturday: 08:30–17:30 with half an hour's lunch, 8h 30m worked
//   (a young worker's 8 hours a day, reg 5A).
// Everything else keeps the rules: a 30-minute lunch inside every shift (clocked out and back in), at least two
// days off a week (Chloe one, in 45-hour weeks), and an opening day of 08:00–18:00 leaves 14 hours between any
// two shifts, so no daily-rest breach can happen. Staff joined on the Monday the history's first week began, so
// the 48-hour average of a short first week is not taken for a whole one.

export const DEMO_ZONE = "Europe/London";
const LUNCH_MINUTES = 30;
/** Lunch starts this long after the shift does. */
const LUNCH_AFTER_MINUTES = 4 * 60;
const MINUTE = 60_000;
/** The location's workday start and end: the shop's opening hours. */
export const DEMO_OPENING = { start: "08:00", end: "18:00" } as const;

export type DemoDate = { y: number; m: number; d: number };

export type DemoEmployee = {
  first: string;
  last: string;
  pin: string;
  /** The works number every payroll format matches on: Sage 50's employee numbers are numeric. */
  payrollId: string;
  hourlyRatePence: number;
  contractedWeeklyMinutes: number;
  /** Days of the week worked (0 = Sunday) and the usual shift, local HH:MM. */
  days: readonly number[];
  shift: readonly [string, string];
  /** Years old on the day shown (only Harry's date of birth is recorded: he is a young worker). */
  age?: number;
  /** Their address for the staff app (README, "The staff app"): its sign-in codes land in the dev outbox. */
  email?: string;
};

export const DEMO_EMPLOYEES: readonly DemoEmployee[] = [
  {
    ...emp("Amelia", "Clarke", "1111", "1001", [1, 2, 3, 4, 5], ["08:00", "16:30"], 1325),
    email: "amelia@clocked.test",
  },
  emp("Ben", "Hughes", "2222", "1002", [1, 2, 3, 4, 5], ["09:00", "17:30"], 1290),
  {
    ...emp("Chloe", "Evans", "3333", "1003", [1, 2, 3, 4, 5, 6], ["09:30", "17:30"], 1350),
    email: "chloe@clocked.test",
  },
  emp("Daniel", "Khan", "4444", "1004", [3, 4, 5, 6, 0], ["10:00", "18:00"], 1290),
  emp("Ella", "Wright", "5555", "1005", [1, 2, 4, 6, 0], ["08:00", "14:30"], 1280),
  emp("Finn", "O'Brien", "6666", "1006", [1, 2, 3, 4, 5], ["08:00", "16:30"], 1300),
  emp("Grace", "Patel", "7777", "1007", [2, 3, 5, 6, 0], ["09:30", "18:00"], 1400),
  { ...emp("Harry", "Singh", "8888", "1008", [6, 0], ["10:00", "16:00"], 950), age: 17 },
];

function emp(
  first: string,
  last: string,
  pin: string,
  payrollId: string,
  days: number[],
  shift: [string, string],
  hourlyRatePence: number,
): DemoEmployee {
  const minutes = days.length * (minutesOf(shift[1]) - minutesOf(shift[0]) - LUNCH_MINUTES);
  return {
    first,
    last,
    pin,
    payrollId,
    hourlyRatePence,
    contractedWeeklyMinutes: minutes,
    days,
    shift,
  };
}

/** Finn's sick leave: from the day before the calendar day of seeding to the day after. */
export const SICK = { first: "Finn", note: "Flu" } as const;

export type DemoSession = { employee: number; checkIn: number; checkOut: number | null };

export type DemoPlan = {
  /** The calendar day (London) of seeding, and the working day the demo centres on: today, or yesterday
   * when seeded before opening. */
  calendarDay: DemoDate;
  day: DemoDate;
  sessions: DemoSession[];
  sick: { employee: number; start: DemoDate; end: DemoDate };
  /** When the manager's account and the staff were added (midnight London, the history's first Monday). */
  joined: number;
  /** Dates of birth, YYYY-MM-DD, of those whose age is recorded. */
  datesOfBirth: Map<number, string>;
};

export function minutesOf(hhmm: string) {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  return h * 60 + m;
}

/** The UTC instant of a London wall-clock time, `minutes` after midnight (DST-correct). */
export function londonTime(date: DemoDate, minutes: number) {
  const guess = Date.UTC(date.y, date.m - 1, date.d, 0, minutes);
  const shown = wallClock(guess);
  const first = guess - (Date.UTC(shown.y, shown.m - 1, shown.d, 0, shown.minutes) - guess);
  // Near a clock change the first correction uses the other side's offset: correct once more from there.
  const again = wallClock(first);
  return first - (Date.UTC(again.y, again.m - 1, again.d, 0, again.minutes) - guess);
}

const LONDON = new Intl.DateTimeFormat("en-GB", {
  timeZone: DEMO_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** The London date and minutes after midnight of an instant. */
export function wallClock(instant: number): DemoDate & { minutes: number } {
  const parts = LONDON.formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: get("year"), m: get("month"), d: get("day"), minutes: get("hour") * 60 + get("minute") };
}

export function addDays(date: DemoDate, n: number): DemoDate {
  const t = new Date(Date.UTC(date.y, date.m - 1, date.d + n));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}
export const weekday = (date: DemoDate) => new Date(Date.UTC(date.y, date.m - 1, date.d)).getUTCDay();
export const iso = (date: DemoDate) =>
  `${date.y}-${String(date.m).padStart(2, "0")}-${String(date.d).padStart(2, "0")}`;
/** The Monday of a date's week. */
export const mondayOf = (date: DemoDate) => addDays(date, -((weekday(date) + 6) % 7));

/** Deterministic jitter of a few minutes, so days differ but the demo is the same on every machine. */
const jitter = (employee: number, day: DemoDate, salt: number) =>
  ((employee * 31 + day.d * 17 + day.m * 7 + salt * 13) % 11) - 5;

/** Planned shifts: a morning and an afternoon session around a 30-minute lunch, or one without a break. */
function shiftSessions(
  employee: number,
  day: DemoDate,
  startMinutes: number,
  endMinutes: number,
  lunch: boolean,
): DemoSession[] {
  const open = minutesOf(DEMO_OPENING.start);
  const close = minutesOf(DEMO_OPENING.end);
  const start = Math.max(open, startMinutes + jitter(employee, day, 1));
  const end = Math.min(close, endMinutes + jitter(employee, day, 2));
  const at = (minutes: number) => londonTime(day, minutes);
  if (!lunch) return [{ employee, checkIn: at(start), checkOut: at(end) }];
  const lunchStart = start + LUNCH_AFTER_MINUTES;
  return [
    { employee, checkIn: at(start), checkOut: at(lunchStart) },
    { employee, checkIn: at(lunchStart + LUNCH_MINUTES), checkOut: at(end) },
  ];
}

export function planDemo(now: number): DemoPlan {
  const clock = wallClock(now);
  const calendarDay: DemoDate = { y: clock.y, m: clock.m, d: clock.d };
  const open = minutesOf(DEMO_OPENING.start);
  const close = minutesOf(DEMO_OPENING.end);
  const beforeOpening = clock.minutes < open;
  const day = beforeOpening ? addDays(calendarDay, -1) : calendarDay;
  const sickIndex = DEMO_EMPLOYEES.findIndex((e) => e.first === SICK.first);
  const sick = { employee: sickIndex, start: addDays(calendarDay, -1), end: addDays(calendarDay, 1) };
  const isSick = (employee: number, date: DemoDate) => employee === sickIndex && iso(date) >= iso(sick.start);
  const lastMonday = addDays(mondayOf(day), -7);
  const breakless = { employee: 1, date: iso(addDays(lastMonday, 2)) }; // Ben, last Wednesday
  const longDay = { employee: 7, date: iso(addDays(lastMonday, 5)) }; // Harry, last Saturday

  const datesOfBirth = new Map<number, string>();
  DEMO_EMPLOYEES.forEach((e, index) => {
    // Born 100 days after the day shown, `age + 1` years earlier: the same age over the whole demo.
    if (e.age !== undefined) datesOfBirth.set(index, iso(addDays({ ...day, y: day.y - e.age - 1 }, 100)));
  });

  const sessions: DemoSession[] = [];
  // Two weeks back: each on their usual days.
  for (let back = 14; back >= 1; back--) {
    const date = addDays(day, -back);
    DEMO_EMPLOYEES.forEach((e, index) => {
      if (!e.days.includes(weekday(date)) || isSick(index, date)) return;
      const [from, to] = [minutesOf(e.shift[0]), minutesOf(e.shift[1])];
      if (index === breakless.employee && iso(date) === breakless.date) {
        sessions.push(...shiftSessions(index, date, from, to, false));
      } else if (index === longDay.employee && iso(date) === longDay.date) {
        sessions.push(...shiftSessions(index, date, minutesOf("08:30"), minutesOf("17:30"), true));
      } else {
        sessions.push(...shiftSessions(index, date, from, to, true));
      }
    });
  }

  // The day shown: the day's rota in list order. Seeded during opening hours, the first four are in now and
  // the fifth came in at opening and has gone; after closing (or before opening, yesterday) all worked.
  const rota = DEMO_EMPLOYEES.map((e, index) => ({ e, index })).filter(
    ({ e, index }) => e.days.includes(weekday(day)) && !isSick(index, day),
  );
  if (beforeOpening || clock.minutes >= close) {
    for (const { e, index } of rota) {
      sessions.push(...shiftSessions(index, day, minutesOf(e.shift[0]), minutesOf(e.shift[1]), true));
    }
  } else {
    const openAt = londonTime(day, open);
    rota.slice(0, 4).forEach(({ e, index }, k) => {
      // In since their usual start, or since opening (a minute apart) when that is still to come.
      const planned = londonTime(day, minutesOf(e.shift[0]) + jitter(index, day, 1));
      const since = Math.max(openAt, Math.min(planned, now - k * MINUTE));
      if (now - since > (LUNCH_AFTER_MINUTES + LUNCH_MINUTES) * MINUTE) {
        const lunch = since + LUNCH_AFTER_MINUTES * MINUTE;
        sessions.push({ employee: index, checkIn: since, checkOut: lunch });
        sessions.push({ employee: index, checkIn: lunch + LUNCH_MINUTES * MINUTE, checkOut: null });
      } else {
        sessions.push({ employee: index, checkIn: since, checkOut: null });
      }
    });
    const fifth = rota[4];
    const left = Math.min(openAt + 4 * 60 * MINUTE, now - 10 * MINUTE);
    if (fifth && left - openAt >= 30 * MINUTE) {
      sessions.push({ employee: fifth.index, checkIn: openAt, checkOut: left });
    }
  }
  const joined = londonTime(mondayOf(addDays(day, -14)), 0);
  return { calendarDay, day, sessions, sick, joined, datesOfBirth };
}

/** The label each employee's shifts carry on the rota. */
const DEMO_ROLES = ["Supervisor", "Barista", "Barista", "Kitchen", "Till", "Barista", "Kitchen", "Till"];

export type DemoShift = { employee: number; start: number; end: number; breakMinutes: number; role: string };

/**
 * The demo's rota, published: this week and next, each on their usual days and shift with a 30-minute break
 * (nobody on the days they are off sick). Today it plans only what the sessions bear out (a shift someone
 * worked or is in for, or one still to start), so Live Status shows exactly two people missing on purpose:
 * someone off today planned from 12 minutes ago (late) and another from 45 minutes ago (a no-show).
 */
export function planDemoRota(plan: DemoPlan, now: number) {
  const thisWeek = mondayOf(plan.calendarDay);
  const today = iso(plan.calendarDay);
  const sickDays = (index: number, date: DemoDate) =>
    index === plan.sick.employee && iso(date) >= iso(plan.sick.start) && iso(date) <= iso(plan.sick.end);
  const workedToday = new Set(
    plan.sessions.filter((s) => iso(wallClock(s.checkIn)) === today).map((s) => s.employee),
  );
  const shifts: DemoShift[] = [];
  for (let n = 0; n < 14; n++) {
    const date = addDays(thisWeek, n);
    DEMO_EMPLOYEES.forEach((e, index) => {
      if (!e.days.includes(weekday(date)) || sickDays(index, date)) return;
      const start = londonTime(date, minutesOf(e.shift[0]));
      if (iso(date) === today && !workedToday.has(index) && start <= now) return;
      const end = londonTime(date, minutesOf(e.shift[1]));
      shifts.push({
        employee: index,
        start,
        end,
        breakMinutes: LUNCH_MINUTES,
        role: DEMO_ROLES[index] ?? "Staff",
      });
    });
  }
  // Adults first: a young worker planned at night would add a warning the demo does not mean.
  const offToday = DEMO_EMPLOYEES.map((_, index) => index)
    .filter(
      (index) =>
        !shifts.some((s) => s.employee === index && iso(wallClock(s.start)) === today) &&
        !workedToday.has(index) &&
        !sickDays(index, plan.calendarDay),
    )
    .sort((a, b) => Number(plan.datesOfBirth.has(a)) - Number(plan.datesOfBirth.has(b)) || a - b);
  const fiveMinutes = 5 * MINUTE;
  const missing = [
    { employee: offToday[0], minutesAgo: 12 },
    { employee: offToday[1], minutesAgo: 45 },
  ];
  for (const { employee, minutesAgo } of missing) {
    if (employee === undefined) continue;
    const start = Math.floor((now - minutesAgo * MINUTE) / fiveMinutes) * fiveMinutes;
    shifts.push({
      employee,
      start,
      end: start + 6 * 60 * MINUTE,
      breakMinutes: LUNCH_MINUTES,
      role: DEMO_ROLES[employee] ?? "Staff",
    });
  }
  return {
    weeks: [iso(thisWeek), iso(addDays(thisWeek, 7))],
    shifts: shifts.sort((a, b) => a.start - b.start || a.employee - b.employee),
    late: missing[0]?.employee ?? null,
    noShow: missing[1]?.employee ?? null,
  };
}

export type DemoLeave = {
  employee: number;
  start: DemoDate;
  end: DemoDate;
  /** What it uses in hours: the demo staff record hours a week, not days, so their holiday is kept in hours. */
  hours: number;
  note: string;
};

/** Tuesday to Thursday `weeks` weeks after this one, moved on a week while it is near Christmas or New Year. */
function quietMidweek(thisWeek: DemoDate, weeks: number, days: number): { start: DemoDate; end: DemoDate } {
  for (let n = weeks; ; n++) {
    const start = addDays(thisWeek, 7 * n + 1);
    const end = addDays(start, days - 1);
    // Tuesday to Thursday misses every bank holiday but Christmas, Boxing Day and New Year's Day (and their
    // substitutes): keeping clear of late December and early January keeps the demo's days all working days.
    const nearNewYear = (date: DemoDate) => (date.m === 12 && date.d >= 20) || (date.m === 1 && date.d <= 4);
    if (!nearNewYear(start) && !nearNewYear(end)) return { start, end };
  }
}

/**
 * The demo's leave requests (docs/staff-app.md): Amelia's three days' holiday, approved and booked as her status,
 * and Ben's two days waiting for the manager. Both after the demo's two weeks of rota, so neither clashes with a
 * published shift.
 */
export function planDemoLeave(plan: DemoPlan): { approved: DemoLeave; pending: DemoLeave } {
  const thisWeek = mondayOf(plan.calendarDay);
  const dayHours = (index: number) => (DEMO_EMPLOYEES[index]?.contractedWeeklyMinutes ?? 0) / 5 / 60;
  const approved = quietMidweek(thisWeek, 3, 3);
  const pending = quietMidweek(thisWeek, 5, 2);
  return {
    approved: { employee: 0, ...approved, hours: 3 * dayHours(0), note: "Family visit" },
    pending: { employee: 1, ...pending, hours: 2 * dayHours(1), note: "Sister's wedding" },
  };
}
