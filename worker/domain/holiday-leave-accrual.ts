import type { DateRange } from "./ranges";
import { addDays, type LocalDate } from "./time-zone";

// Holiday an irregular-hours or part-year worker (Great Britain) accrues while on sick leave or statutory leave:
// WTR 1998 reg 15C. Such a day counts as a seventh of the worker's average week over the relevant period, and that
// time accrues at 12.07% with the hours they worked (holiday-accrual.ts). Sources: docs/compliance.md.

const RELEVANT_WEEKS = 52;
/** Reg 15C(6): earlier weeks brought in to replace discounted ones go back no further than 104 weeks. */
const LOOK_BACK_WEEKS = 104;

export type WorkRecord = {
  /** Minutes worked on each date (dates absent: none). */
  worked: ReadonlyMap<LocalDate, number>;
  /** The dates of sick leave or statutory leave (maternity, paternity, adoption, parental, bereavement...). */
  leave: ReadonlySet<LocalDate>;
  /** The first day of employment: weeks before it are not in the relevant period (reg 15C(3)(b)). */
  employmentStart: LocalDate;
};

/**
 * The average weekly working minutes before a spell of leave that begins on `leaveStart`: the 52 complete weeks
 * (seven-day blocks) ending the day before it, or the complete weeks since employment began if fewer. A week with
 * any sick or statutory leave is left out and an earlier one taken instead, no further back than 104 weeks; weeks
 * with no work count, as zero (reg 15C(3)–(6)).
 */
export function averageWeekBefore(record: WorkRecord, leaveStart: LocalDate): number {
  let total = 0;
  let counted = 0;
  for (let back = 1; back <= LOOK_BACK_WEEKS && counted < RELEVANT_WEEKS; back++) {
    const first = addDays(leaveStart, -7 * back);
    if (first < record.employmentStart) break;
    let minutes = 0;
    let onLeave = false;
    for (let day = 0; day < 7; day++) {
      const date = addDays(first, day);
      if (record.leave.has(date)) onLeave = true;
      minutes += record.worked.get(date) ?? 0;
    }
    if (onLeave) continue;
    total += minutes;
    counted++;
  }
  return counted === 0 ? 0 : total / counted;
}

/**
 * The working minutes the days of sick or statutory leave inside `period` count as for holiday: each day a
 * seventh of the average week before the spell of leave it belongs to (a spell: consecutive days of leave).
 */
export function minutesCountedForLeave(record: WorkRecord, period: DateRange): number {
  const averages = new Map<LocalDate, number>();
  let minutes = 0;
  for (let date = period.startDate; date <= period.endDate; date = addDays(date, 1)) {
    if (!record.leave.has(date) || date < record.employmentStart) continue;
    let spellStart = date;
    while (record.leave.has(addDays(spellStart, -1))) spellStart = addDays(spellStart, -1);
    let average = averages.get(spellStart);
    if (average === undefined) {
      average = averageWeekBefore(record, spellStart);
      averages.set(spellStart, average);
    }
    minutes += average / 7;
  }
  return Math.round(minutes);
}
