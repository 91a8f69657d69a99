import type { ComplianceBreach } from "../contracts/compliance";
import { formatDate, formatDateAt, formatTimeAt, type LocalDate, localDateOf } from "../domain/time-zone";
import { type Breach, WTR_RULES } from "../domain/working-time";
import { type Assessment, minutesLabel } from "./working-time-checks";

// The working-time checks' findings in a manager's words: what happened, in the location's time, and how to
// fix it. The Compliance view and the evidence pack show them as written here.

export type Worded = {
  rule: ComplianceBreach["rule"];
  date: LocalDate;
  detail: string;
  fix: string;
  shiftIds: string[];
};

export function word(breach: Breach, a: Assessment): Worded {
  const { zone } = a.loaded;
  const at = (id: string, end: boolean) => {
    const s = a.session(id);
    const instant = end ? (s?.checkOut ?? a.loaded.now) : (s?.checkIn ?? 0);
    return `${formatDateAt(instant, zone)} ${formatTimeAt(instant, zone)}`;
  };
  switch (breach.rule) {
    case "rest_break": {
      const young = breach.requiredMinutes === WTR_RULES.young.breakMinutes;
      return {
        rule: breach.rule,
        date: breach.date,
        shiftIds: breach.shiftIds,
        detail:
          `Worked ${minutesLabel(breach.workedMinutes)} on ${formatDate(breach.date)} with no uninterrupted ` +
          `break of ${breach.requiredMinutes} minutes (the longest was ${breach.longestBreakMinutes} minutes).`,
        fix:
          `Give an uninterrupted ${breach.requiredMinutes}-minute break during any day of more than ` +
          `${young ? "4.5" : "6"} hours' work, away from the workstation and not at the start or end of the day.`,
      };
    }
    case "daily_rest": {
      const [first, second] = breach.shiftIds;
      return {
        rule: breach.rule,
        date: localDateOf(a.session(second)?.checkIn ?? 0, zone),
        shiftIds: breach.shiftIds,
        detail:
          `Rested ${minutesLabel(breach.restMinutes)} between the shift ending ${at(first, true)} and the ` +
          `one starting ${at(second, false)}; at least ${breach.requiredMinutes / 60} hours' rest is required in each 24-hour period.`,
        fix:
          `Leave at least ${breach.requiredMinutes / 60} hours between the end of one shift and the start of ` +
          "the next, or give equivalent compensatory rest where an exception or agreement allows.",
      };
    }
    case "weekly_rest":
      return {
        rule: breach.rule,
        date: breach.weekStart,
        shiftIds: breach.shiftIds,
        detail:
          `The longest rest in the week beginning ${formatDate(breach.weekStart)} was ` +
          `${minutesLabel(breach.longestRestMinutes)}; ${breach.requiredMinutes / 60} hours are required.`,
        fix:
          breach.requiredMinutes === 48 * 60
            ? "Give a worker under 18 two consecutive days off every week."
            : a.loaded.weeklyRestFortnightly
              ? "Give at least one whole day (24 hours) off each week, or two days off (or 48 hours) in a fortnight."
              : "Give at least one whole day (24 hours) off each week. If you have decided that weekly rest is " +
                "taken over 14 days, say so in this location's working-time settings.",
      };
    case "young_night_work": {
      const span = `${formatTimeAt(breach.from, zone)} and ${formatTimeAt(breach.until, zone)}`;
      return {
        rule: breach.rule,
        date: breach.date,
        shiftIds: breach.shiftIds,
        detail:
          `Worked ${minutesLabel(breach.workedMinutes)} between ${span} on the night of ` +
          `${formatDate(breach.date)}, in the hours ${breach.period} when a worker under 18 may not work here.`,
        fix:
          "End a young worker's shift before the restricted period. Only the sectors the regulations name may use " +
          "young workers at night, never between midnight and 04:00 except in hospitals and in cultural, artistic, " +
          "sporting or advertising work; set this location's sector in its working-time settings if it is one.",
      };
    }
    case "young_daily_limit":
      return {
        rule: breach.rule,
        date: breach.date,
        shiftIds: breach.shiftIds,
        detail: `Worked ${minutesLabel(breach.workedMinutes)} on ${formatDate(breach.date)}; a worker under 18 may work at most 8 hours a day.`,
        fix: "End a young worker's day at 8 hours: no averaging or opt-out applies to them.",
      };
    case "young_weekly_limit":
      return {
        rule: breach.rule,
        date: breach.weekStart,
        shiftIds: breach.shiftIds,
        detail: `Worked ${minutesLabel(breach.workedMinutes)} in the week beginning ${formatDate(breach.weekStart)}; a worker under 18 may work at most 40 hours a week.`,
        fix: "Plan a young worker's week to at most 40 hours: no averaging or opt-out applies to them.",
      };
  }
}

/**
 * "the reference period 03/08/2026 to 22/11/2026", or for a new starter "the 26 days since they started,
 * 28/10/2026 to 22/11/2026": the weeks the average was taken over.
 */
export function referencePeriodText(average: ReturnType<Assessment["average"]>): string {
  const range = `${formatDate(average.referenceStart)} to ${formatDate(average.referenceEnd)}`;
  if (!average.sinceStart) return `the reference period ${range}`;
  const days = average.referenceDays;
  const under = days < 7 ? " (fewer than 7 days count as one week)" : "";
  if (days === 1) return `their first day, ${formatDate(average.referenceStart)}${under}`;
  return `the ${days} days since they started, ${range}${under}`;
}

export function wordAverage(average: ReturnType<Assessment["average"]>, weekStart: LocalDate): Worded {
  return {
    rule: "average_week",
    date: weekStart,
    shiftIds: [],
    detail:
      `Averaged ${minutesLabel(average.averageMinutes)} a week over ${referencePeriodText(average)}, above ` +
      "the 48-hour limit, with no written opt-out in force.",
    fix:
      "Reduce their hours over the coming weeks so the average comes down, or ask whether they wish to sign a " +
      "written opt-out (they may refuse without detriment, and may withdraw it).",
  };
}

export function wordShortfall(s: Awaited<ReturnType<Assessment["shortfalls"]>>[number]): Worded {
  const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
  // Accommodation (regs 14-16): a charge above the offset counts against pay, a free room for it.
  const accommodation =
    s.accommodationPence < 0
      ? `, less ${pounds(-s.accommodationPence)} charged for accommodation above the offset,`
      : s.accommodationPence > 0
        ? `, with ${pounds(s.accommodationPence)} counted for free accommodation,`
        : "";
  const rate = s.band === "apprentice" ? " (the apprenticeship rate)" : "";
  return {
    rule: "minimum_wage",
    date: s.period.startDate,
    shiftIds: [],
    detail:
      `Pay of ${pounds(s.paidPence)}${accommodation} for ${minutesLabel(s.workedMinutes)} worked in the pay period ` +
      `${formatDate(s.period.startDate)} to ${formatDate(s.period.endDate)} is ${pounds(s.shortfallPence)} ` +
      `below the minimum of ${pounds(s.pencePerHour)} an hour${rate}.`,
    fix:
      "Pay the shortfall as arrears, and check unpaid break deductions and rounding against the time actually " +
      "worked; raise the hourly rate if it is below the minimum for their age" +
      (s.accommodationPence < 0 ? ", or bring the accommodation charge down to the offset." : "."),
  };
}
