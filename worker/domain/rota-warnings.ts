import type { RotaWarning } from "../contracts/rota";
import type { UnavailableTime } from "../contracts/staff-shifts";
import { unavailableClashes, unavailableSpan, WEEKDAY_NAMES } from "./availability";
import { hoursAndMinutes } from "./durations";
import type { PlannedShift } from "./rota";
import {
  addDays,
  formatDate,
  formatTimeAt,
  HOUR_MS,
  type LocalDate,
  localDateOf,
  MINUTE_MS,
  startOfLocalDate,
  weekdayOf,
} from "./time-zone";
import { dailyRestBreaches, restBreakBreaches, type Shift, WTR_RULES, workerKindOn } from "./working-time";
import { averageForWeek, type OptOut } from "./working-time-average";
import { type YoungNightSettings, youngNightWork } from "./working-time-night";
import {
  weeklyRestBreaches,
  YOUNG_DAILY_LIMIT_MINUTES,
  YOUNG_WEEKLY_LIMIT_MINUTES,
  youngWorkerLimitBreaches,
} from "./working-time-weekly";

// The working-time checks on a planned week (docs/rota.md, "Working-time checks on the plan"): the Compliance
// tab's rules (working-time*.ts) run on the planned shifts together with the time already worked, and only
// what a planned shift takes part in is reported, worded for the manager planning it. No I/O.

const WTR = "Working Time Regulations 1998";
const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** The location's choices the rules depend on (docs/compliance.md, "What the employer decides"). */
export type PlanSettings = {
  timeZone: string;
  weeklyRestFortnightly: boolean;
  youngNight: YoungNightSettings;
  /** The first day of fixed 48-hour average periods; null: rolling. */
  averageReferenceStart: LocalDate | null;
  /** The location's date today: days before it are judged on what was worked, not on the plan. */
  today: LocalDate;
};

/** One employee as the checks need them. */
export type PlanWorker = {
  employeeId: string;
  name: string;
  dateOfBirth: LocalDate | null;
  optOuts: readonly OptOut[];
  /** When they joined, for a new starter's 48-hour average (reg 4(4)). */
  employmentStart: LocalDate | null;
  /** What they worked (the hub's sessions as `Shift`s): the 17 weeks before the week, and its days passed. */
  worked: readonly Shift[];
  /** Days of leave the 48-hour average leaves out (reg 4(7)). */
  excludedDays: ReadonlySet<LocalDate>;
  /** Their leave or sickness by local date, with its label ("Holiday", "Sick Leave"). */
  leave: ReadonlyMap<LocalDate, { status: string; label: string }>;
  /** The times each week they said they cannot work (the staff app); none when left out. */
  unavailable?: readonly UnavailableTime[];
};

/**
 * A planned shift as the rules read a worked one: its unpaid break as one span in the middle of the shift (a
 * break is owed "during" the day, not at its start or end: reg 12), every instant on its minute.
 */
export function shiftOfPlan(shift: PlannedShift): Shift {
  const breakMs = shift.breakMinutes * MINUTE_MS;
  const breakStart =
    shift.start + Math.floor((shift.end - shift.start - breakMs) / 2 / MINUTE_MS) * MINUTE_MS;
  return {
    id: shift.id,
    start: shift.start,
    end: shift.end,
    breaks: breakMs > 0 ? [{ start: breakStart, end: breakStart + breakMs }] : [],
  };
}

/** "Tue 23:00" in the location's zone. */
const dayAndTime = (instant: number, zone: string) =>
  `${DAY_NAMES[weekdayOf(localDateOf(instant, zone)) - 1]?.slice(0, 3)} ${formatTimeAt(instant, zone)}`;

const dayName = (instant: number, zone: string) => DAY_NAMES[weekdayOf(localDateOf(instant, zone)) - 1];

/** "8 hours", "10 hours 59 minutes". */
const hoursLabel = (minutes: number) => {
  const hours = Math.floor(minutes / 60);
  const hoursText = `${hours} hour${hours === 1 ? "" : "s"}`;
  return minutes % 60 === 0
    ? hoursText
    : `${hoursText} ${minutes % 60} minute${minutes % 60 === 1 ? "" : "s"}`;
};

/**
 * The week's warnings for one employee: the planned shifts (theirs, drafts included) from the day the location
 * is on (days passed go by what was worked), with the time worked before; a breach is reported only where one
 * of the planned shifts takes part in it, on the shift that makes it.
 */
export function planWarnings(
  week: LocalDate,
  planned: readonly PlannedShift[],
  worker: PlanWorker,
  settings: PlanSettings,
): RotaWarning[] {
  const { timeZone: zone } = settings;
  const weekEnd = addDays(week, 6);
  // Before the cut, the clock says what happened; from it, the plan says what will.
  const cut = startOfLocalDate(settings.today > week ? settings.today : week, zone);
  const ahead = planned.filter((s) => s.start >= cut).sort((a, b) => a.start - b.start);
  if (ahead.length === 0) return [];
  const byId = new Map(ahead.map((s) => [s.id, s]));
  const shifts = [...worker.worked.filter((s) => s.start < cut), ...ahead.map(shiftOfPlan)];
  const youngOn = (date: LocalDate) => workerKindOn(worker.dateOfBirth, date) === "young";
  const everYoung = worker.dateOfBirth !== null && (youngOn(week) || youngOn(weekEnd));

  const warnings: RotaWarning[] = [];
  const warn = (
    shift: PlannedShift | null,
    date: LocalDate,
    w: Pick<RotaWarning, "rule" | "regulation" | "detail" | "fix">,
  ) =>
    warnings.push({
      shift_id: shift?.id ?? null,
      employee_id: worker.employeeId,
      name: worker.name,
      date,
      ...w,
    });
  /** The planned shifts a breach names, in time order. */
  const plannedOf = (ids: readonly string[]) =>
    ids.flatMap((id) => byId.get(id) ?? []).sort((a, b) => a.start - b.start);
  const inWeek = (date: LocalDate) => date >= week && date <= weekEnd;

  const kinds = everYoung ? (["adult", "young"] as const) : (["adult"] as const);
  for (const kind of kinds) {
    const young = kind === "young";
    const rules = WTR_RULES[kind];
    const told = new Set<string>();
    for (const b of dailyRestBreaches(shifts, kind)) {
      if (b.rule !== "daily_rest" || told.has(b.shiftIds[1])) continue;
      told.add(b.shiftIds[1]);
      const later = byId.get(b.shiftIds[1]);
      const earlier = shifts.find((s) => s.id === b.shiftIds[0]);
      if (!later || !earlier) continue;
      const date = localDateOf(later.start, zone);
      if (!inWeek(date) || youngOn(date) !== young) continue;
      const restMs = later.start - earlier.end;
      warn(later, date, {
        rule: "daily_rest",
        regulation: `${WTR}, reg 10(${young ? 2 : 1})`,
        detail:
          `Only ${hoursLabel(Math.max(0, Math.floor(restMs / MINUTE_MS)))}' rest between ${dayAndTime(earlier.end, zone)} ` +
          `and ${dayAndTime(later.start, zone)}; ${rules.dailyRestHours} hours are needed` +
          `${young ? " for a worker under 18" : ""}.`,
        fix: `Start ${dayName(later.start, zone)}'s shift at ${formatTimeAt(earlier.end + rules.dailyRestHours * HOUR_MS, zone)} or later.`,
      });
    }
    for (const b of restBreakBreaches(shifts, kind, zone)) {
      if (b.rule !== "rest_break" || !inWeek(b.date) || youngOn(b.date) !== young) continue;
      const shift = plannedOf(b.shiftIds).at(-1);
      if (!shift) continue;
      const over = young ? "4.5" : "6";
      warn(shift, b.date, {
        rule: "rest_break",
        regulation: `${WTR}, reg 12(${young ? 4 : 1})`,
        detail:
          `${hoursAndMinutes(b.workedMinutes)} planned on ${dayName(shift.start, zone)} ${formatDate(b.date)} with ` +
          `no break of ${b.requiredMinutes} minutes; a day of more than ${over} hours needs one${young ? " for a worker under 18" : ""}.`,
        fix: `Plan an unpaid break of at least ${b.requiredMinutes} minutes in ${dayName(shift.start, zone)}'s shift, or shorten the day to ${over} hours.`,
      });
    }
    for (const b of weeklyRestBreaches(shifts, kind, zone, settings.weeklyRestFortnightly)) {
      if (b.rule !== "weekly_rest" || b.weekStart !== week || youngOn(week) !== young) continue;
      const shift = plannedOf(b.shiftIds).at(-1);
      if (!shift) continue;
      const required = b.requiredMinutes / 60;
      warn(shift, week, {
        rule: "weekly_rest",
        regulation: `${WTR}, reg 11(${young ? 3 : settings.weeklyRestFortnightly ? "1) and (2" : 1})`,
        detail:
          `The longest rest planned in the week beginning ${formatDate(week)} is ${hoursAndMinutes(b.longestRestMinutes)}; ` +
          `${required} hours are needed${young ? " for a worker under 18" : settings.weeklyRestFortnightly ? " (or two days off in the fortnight)" : ""}.`,
        fix: young
          ? "Give them two consecutive days off this week."
          : "Give them at least one whole day (24 hours) off this week.",
      });
    }
  }

  if (everYoung) {
    for (const b of youngWorkerLimitBreaches(shifts, zone, youngOn)) {
      if (b.rule === "young_daily_limit" && inWeek(b.date)) {
        const shift = plannedOf(b.shiftIds).at(-1);
        if (!shift) continue;
        warn(shift, b.date, {
          rule: "young_daily_limit",
          regulation: `${WTR}, reg 5A`,
          detail: `${hoursAndMinutes(b.workedMinutes)} planned on ${dayName(shift.start, zone)} ${formatDate(b.date)}; a worker under 18 may work at most ${YOUNG_DAILY_LIMIT_MINUTES / 60} hours a day.`,
          fix: `Shorten ${dayName(shift.start, zone)} to 8 hours' work: no averaging or opt-out applies to them.`,
        });
      }
      if (b.rule === "young_weekly_limit" && b.weekStart === week) {
        const shift = plannedOf(b.shiftIds).at(-1);
        if (!shift) continue;
        warn(shift, localDateOf(shift.start, zone), {
          rule: "young_weekly_limit",
          regulation: `${WTR}, reg 5A`,
          detail: `${hoursAndMinutes(b.workedMinutes)} planned in the week beginning ${formatDate(week)}; a worker under 18 may work at most ${YOUNG_WEEKLY_LIMIT_MINUTES / 60} hours a week.`,
          fix: `Take ${hoursAndMinutes(b.workedMinutes - YOUNG_WEEKLY_LIMIT_MINUTES)} off their week.`,
        });
      }
    }
    for (const night of youngNightWork(shifts, zone, settings.youngNight, youngOn)) {
      const shift = plannedOf(night.shiftIds)[0];
      if (!shift || !inWeek(night.date)) continue;
      warn(shift, night.date, {
        rule: "young_night_work",
        regulation: `${WTR}, reg 6A`,
        detail:
          `Planned to work between ${dayAndTime(night.from, zone)} and ${dayAndTime(night.until, zone)}, in the ` +
          `hours ${night.period} when a worker under 18 may not work here.`,
        fix: `End the shift before ${night.period.slice(0, 5)}, or start it at ${night.period.slice(-5)} or later.`,
      });
    }
  }

  const average = averageForWeek({
    shifts,
    timeZone: zone,
    weekStart: week,
    fixedStart: settings.averageReferenceStart,
    employmentStart: worker.employmentStart,
    excludedDays: worker.excludedDays,
    optOuts: worker.optOuts,
    weeks: 17,
    // Projected: the week judged as if it had been worked as planned.
    today: weekEnd,
  });
  if (average.breach && !youngOn(weekEnd)) {
    warn(null, week, {
      rule: "average_week",
      regulation: `${WTR}, reg 4(1)`,
      detail:
        `As planned, their average week to ${formatDate(average.referenceEnd)} is ${hoursAndMinutes(average.averageMinutes)} ` +
        `over ${average.dividedByWeeks === 17 ? "17 weeks" : `${average.referenceDays} days`}, above the 48-hour limit, with no written opt-out.`,
      fix: `Plan ${hoursAndMinutes(Math.ceil((average.averageMinutes - 2880) * average.dividedByWeeks))} fewer this week, or ask whether they wish to sign an opt-out (they may refuse).`,
    });
  }

  for (const shift of ahead) {
    const date = localDateOf(shift.start, zone);
    const leave = worker.leave.get(date);
    if (!leave || !inWeek(date)) continue;
    warn(shift, date, {
      rule: "on_leave",
      regulation:
        leave.status === "holiday"
          ? `${WTR}, reg 13 (annual leave)`
          : `Recorded ${leave.label.toLowerCase()}`,
      detail: `${worker.name} is on ${leave.label.toLowerCase()} on ${dayName(shift.start, zone)} ${formatDate(date)}.`,
      fix: "Give the shift to someone else, or make it an open shift.",
    });
  }

  for (const shift of ahead) {
    for (const { time, date } of unavailableClashes(shift, worker.unavailable ?? [], zone)) {
      if (!inWeek(date)) continue;
      const note = time.note ? ` (${time.note})` : "";
      warn(shift, date, {
        rule: "unavailable",
        regulation: "Their availability, from the staff app",
        detail: `${worker.name} can't work ${WEEKDAY_NAMES[time.weekday - 1]}s ${unavailableSpan(time)}${note}; this shift on ${formatDate(date)} runs into it.`,
        fix: "Move the shift out of that time, give it to someone else, or check with them first.",
      });
    }
  }
  return warnings;
}
