import { dayNumberOf, type LocalDate, localDateOfDayNumber, MINUTE_MS } from "./time-zone";
import type { Shift } from "./working-time";
import { byDate, mondayOf, workedByDay } from "./working-time-days";

// The 48-hour average week (regs 4 and 5). Sources: docs/compliance.md.

/**
 * A worker's written agreement that the 48-hour limit does not apply (reg 5). `withdrawn` is the first day the
 * limit applies again: the day the worker's notice of withdrawal takes effect.
 */
export type OptOut = { signed: LocalDate; withdrawn: LocalDate | null };

export type AverageWeekResult = {
  /** Inclusive local dates. */
  referenceStart: LocalDate;
  referenceEnd: LocalDate;
  /** Each Monday-to-Sunday week of the period: working time counted in it (A) and its excluded days. */
  weeks: { weekStart: LocalDate; workedMinutes: number; excludedDays: number }[];
  /** The days in the reference period, and the weeks the total was divided by (C): never less than one. */
  referenceDays: number;
  dividedByWeeks: number;
  /** The period is the time since the worker started (reg 4(4)), shorter than the full reference period. */
  sinceStart: boolean;
  averageMinutes: number;
  limitMinutes: 2880;
  /** An opt-out applies on the reference period's last day. */
  optedOut: boolean;
  /** Fewer working days have followed the period than it has excluded days: the average can still change. */
  provisional: boolean;
  breach: boolean;
};

export const AVERAGE_WEEK_LIMIT_MINUTES = 2880;

const optOutAppliesOn = (optOuts: readonly OptOut[], date: LocalDate) =>
  optOuts.some((o) => o.signed <= date && (o.withdrawn === null || date < o.withdrawn));

/**
 * Reg 4: working time must not exceed an average of 48 hours for each 7 days over the reference period: any 17
 * weeks of the employment (reg 4(3)(b), rolling; here the 17 weeks ending on `referenceEnd`, any day of the week),
 * or successive 17-week periods where a relevant agreement provides for them (reg 4(3)(a): `averageForWeek`
 * chooses the periods), or the time since the worker started if that is less (reg 4(4)). The average is (A + B) / C (reg 4(6)):
 *
 * - A: working time in the period, leaving out the excluded days;
 * - B: working time after the period, from the day after it until the number of days "on which he has worked"
 *   equals the excluded days: days after `referenceEnd` with working time on them (local days split at midnight);
 *   when fewer have been worked so far, B is what there is and the result is `provisional`;
 * - C: the weeks in the period (days / 7 for a new starter).
 *
 * A new starter's period (reg 4(4): "the period that has elapsed since he started work") runs from
 * `employmentStart` to `referenceEnd`, or to `today` when that is earlier: days not yet lived are not part of it.
 * A period of fewer than seven days is divided by one week, not by its fraction of one: the limit is "48 hours
 * for each seven days" (reg 4(1)), and a period with no seven days in it holds its hours to 48 rather than
 * projecting a first 7-hour day to a 49-hour week (a reading of ours, docs/compliance.md).
 *
 * Excluded days (reg 4(7)) are days of annual leave, sick leave, maternity, paternity, adoption or parental leave
 * (`excludedDays`: every calendar day of such leave, days the worker would not have worked included, as reg 4(7)
 * counts "any days" of it; each is made up by a day of work after the period) and the days an opt-out applied on which the worker worked (reg 4(7)(d) with reg 5).
 * Two readings of ours, for the lead to review (docs/compliance.md): an opt-out's days off are not excluded, or
 * the 28 days of a 4-week opt-out would be replaced by 28 days of work, inflating the average by about 7/5; and
 * the excluded days' own hours are left out of A (the text of A is "working time during the reference period"),
 * since "made up" replaces those days rather than adding to them.
 *
 * A breach is an average of more than 48 hours while no opt-out applies on the period's last day.
 */
export type AverageInput = {
  shifts: readonly Shift[];
  timeZone: string;
  referenceEnd: LocalDate;
  employmentStart: LocalDate | null;
  excludedDays: ReadonlySet<LocalDate>;
  optOuts: readonly OptOut[];
  weeks?: number;
  /** The location's date today: a new starter's period ends here when `referenceEnd` is later. */
  today?: LocalDate;
};

export function averageWeeklyHours(input: AverageInput): AverageWeekResult {
  const { employmentStart, excludedDays, optOuts } = input;
  const fullStart = dayNumberOf(input.referenceEnd) - 7 * (input.weeks ?? 17) + 1;
  const sinceStart = employmentStart !== null && dayNumberOf(employmentStart) > fullStart;
  const referenceEnd =
    sinceStart && input.today !== undefined && input.today < input.referenceEnd
      ? input.today
      : input.referenceEnd;
  const endDay = dayNumberOf(referenceEnd);
  const startDay = sinceStart ? dayNumberOf(employmentStart) : fullStart;
  const byDay = workedByDay(input.shifts, input.timeZone);
  const isExcluded = (date: LocalDate) =>
    excludedDays.has(date) || (optOutAppliesOn(optOuts, date) && (byDay.get(date)?.ms ?? 0) > 0);

  let counted = 0;
  let excludedCount = 0;
  const weeks: AverageWeekResult["weeks"] = [];
  const weekMs: number[] = [];
  for (let day = startDay; day <= endDay; day++) {
    const date = localDateOfDayNumber(day);
    const weekStart = localDateOfDayNumber(mondayOf(day));
    if (weeks.at(-1)?.weekStart !== weekStart) {
      weeks.push({ weekStart, workedMinutes: 0, excludedDays: 0 });
      weekMs.push(0);
    }
    const week = weeks.at(-1) as AverageWeekResult["weeks"][number];
    if (isExcluded(date)) {
      week.excludedDays++;
      excludedCount++;
      continue;
    }
    const ms = byDay.get(date)?.ms ?? 0;
    counted += ms;
    weekMs[weekMs.length - 1] = (weekMs.at(-1) ?? 0) + ms;
  }
  for (const [i, week] of weeks.entries()) week.workedMinutes = Math.floor((weekMs[i] ?? 0) / MINUTE_MS);

  const daysAfter = [...byDay]
    .filter(([date, worked]) => date > referenceEnd && worked.ms > 0)
    .sort(byDate)
    .slice(0, excludedCount);
  const madeUp = daysAfter.reduce((sum, [, worked]) => sum + worked.ms, 0);
  // No days at all: a week looked at before the worker started.
  const days = Math.max(0, endDay - startDay + 1);
  const dividedByWeeks = Math.max(days, 7) / 7;
  const averageMinutes = days > 0 ? Math.round((counted + madeUp) / MINUTE_MS / dividedByWeeks) : 0;
  const optedOut = optOutAppliesOn(optOuts, referenceEnd);
  return {
    referenceStart: localDateOfDayNumber(startDay),
    referenceEnd,
    weeks,
    referenceDays: days,
    dividedByWeeks,
    sinceStart,
    averageMinutes,
    limitMinutes: AVERAGE_WEEK_LIMIT_MINUTES,
    optedOut,
    provisional: daysAfter.length < excludedCount,
    breach: averageMinutes > AVERAGE_WEEK_LIMIT_MINUTES && !optedOut,
  };
}

/**
 * The reference periods a week (`weekStart`, a Monday) is judged on, and the one to show: the worst of them (a
 * breach first, then the highest average, then the latest).
 *
 * - Rolling (reg 4(3)(b), "any period of 17 weeks"; `fixedStart` null): the 17 weeks ending on each day of the
 *   week, up to today, so a period from a Wednesday to a Tuesday is judged as well as one ending on the Sunday.
 *   A future week is judged on the period ending on its Sunday. A new starter's period (reg 4(4), the time since
 *   they started) is judged once, as it stands at the last of those days.
 * - Successive periods (reg 4(3)(a), where a relevant agreement provides for them; `fixedStart` the first day of
 *   one of them): each period that ends in the week, and the one the week's Sunday falls in. A period not yet
 *   over is divided by its full 17 weeks, so it shows the hours so far (a breach once it is certain) and is
 *   `provisional`.
 */
export function averageForWeek(
  input: Omit<AverageInput, "referenceEnd"> & { weekStart: LocalDate; fixedStart: LocalDate | null },
): AverageWeekResult {
  const { weekStart, fixedStart, ...rest } = input;
  const monday = dayNumberOf(weekStart);
  const sunday = monday + 6;
  const days = 7 * (input.weeks ?? 17);
  const today = input.today === undefined ? sunday : dayNumberOf(input.today);
  const judged: AverageWeekResult[] = [];
  if (fixedStart === null) {
    const first = today < monday ? sunday : monday;
    const last = Math.min(sunday, Math.max(first, today));
    for (let end = first; end <= last; end++) {
      judged.push(averageWeeklyHours({ ...rest, referenceEnd: localDateOfDayNumber(end) }));
    }
  } else {
    const first = dayNumberOf(fixedStart);
    const endOfPeriodOf = (day: number) => first + Math.floor((day - first) / days) * days + days - 1;
    const ends = new Set([endOfPeriodOf(sunday)]);
    for (let day = monday; day <= sunday; day++) if (endOfPeriodOf(day) === day) ends.add(day);
    for (const end of [...ends].sort((a, b) => a - b)) {
      const result = averageWeeklyHours({ ...rest, referenceEnd: localDateOfDayNumber(end) });
      judged.push(end > today ? { ...result, provisional: true } : result);
    }
  }
  // A new starter's period is the one time since they started (reg 4(4)), judged as it stands at the last end:
  // not again at each earlier day of the week, where a first few long days would count as a week of their own.
  const last = judged.at(-1) as AverageWeekResult;
  const periods = judged.filter((result) => !result.sinceStart || result === last);
  // Of equals, the latest: a week's own Sunday where it is as bad as any.
  return periods.reduce((worst, next) =>
    Number(next.breach) > Number(worst.breach) ||
    (next.breach === worst.breach && next.averageMinutes >= worst.averageMinutes)
      ? next
      : worst,
  );
}
