import type { ComplianceEmployee, ComplianceLight, ComplianceShift } from "@contracts/compliance";
import { addDays } from "@domain/time-zone";
import { DEMO_PERIOD } from "./sample-data";

// The demo's Compliance tab: the bakery's week (16–22 November 2026) as the working-time checks would report
// it, made up, never fetched. Amira missed a break this week (red), Callum had too little rest between a late
// close and an early open three weeks ago (amber), Freya's 17-week average is close to 48 hours (amber), and
// the rest are clear. Times are UTC; November is GMT, so they read the same in London.

const WEEK_START = DEMO_PERIOD.start_date;
const REFERENCE_START = addDays(WEEK_START, -7 * 16);

/** Seventeen weeks of hours ending with this one, from a list of the weekly totals in hours. */
function average(hours: readonly number[]): ComplianceEmployee["average"] {
  const weeks = hours.map((h, index) => ({
    week_start: addDays(REFERENCE_START, 7 * (17 - hours.length + index)),
    worked_minutes: Math.round(h * 60),
  }));
  const total = weeks.reduce((sum, week) => sum + week.worked_minutes, 0);
  return {
    reference_start: weeks[0]?.week_start ?? REFERENCE_START,
    reference_end: DEMO_PERIOD.end_date,
    weeks,
    reference_days: 7 * hours.length,
    divided_by_weeks: hours.length,
    since_start: hours.length < 17,
    average_minutes: Math.round(total / hours.length),
    limit_minutes: 48 * 60,
    opted_out: false,
    provisional: false,
  };
}

const shift = (id: string, date: string, from: string, to: string, worked: number): ComplianceShift => ({
  id,
  check_in_at: `${date}T${from}:00.000Z`,
  check_out_at: `${date}T${to}:00.000Z`,
  breaks: [],
  worked_minutes: worked,
});

const employee = (
  employee_id: string,
  name: string,
  light: ComplianceLight,
  hours: readonly number[],
  extra: Partial<ComplianceEmployee> = {},
): ComplianceEmployee => ({
  employee_id,
  name,
  young_worker: false,
  light,
  breaches: [],
  average: average(hours),
  shifts: [],
  not_checked: [],
  ...extra,
});

const steady = (weekly: number, weeks = 17) =>
  Array.from({ length: weeks }, (_, i) => weekly + ((i * 7) % 5) - 2);

export const DEMO_COMPLIANCE = {
  week_start: WEEK_START,
  week_end: DEMO_PERIOD.end_date,
  light: "red" as ComplianceLight,
  employees: [
    employee("e1", "Amira Hassan", "red", steady(41), {
      breaches: [
        {
          rule: "rest_break",
          date: "2026-11-18",
          detail:
            "Worked 7h 45m on 18/11/2026 with no uninterrupted break of 20 minutes (the longest was 10 minutes).",
          fix: "Give an uninterrupted 20-minute break during any day of more than 6 hours' work, away from the workstation and not at the start or end of the day.",
          shift_ids: ["c1"],
          this_week: true,
        },
      ],
      shifts: [
        {
          ...shift("c1", "2026-11-18", "06:55", "14:50", 465),
          breaks: [{ start_at: "2026-11-18T10:30:00.000Z", end_at: "2026-11-18T10:40:00.000Z" }],
        },
      ],
    }),
    employee("e2", "Callum Reid", "amber", steady(38), {
      breaches: [
        {
          rule: "daily_rest",
          date: "2026-10-28",
          detail:
            "Rested 9h 30m between the shift ending 27/10/2026 21:30 and the one starting 28/10/2026 07:00; at least 11 hours' rest is required in each 24-hour period.",
          fix: "Leave at least 11 hours between the end of one shift and the start of the next, or give equivalent compensatory rest where an exception or agreement allows.",
          shift_ids: ["c2", "c3"],
          this_week: false,
        },
      ],
      shifts: [
        shift("c2", "2026-10-27", "13:30", "21:30", 450),
        shift("c3", "2026-10-28", "07:00", "15:00", 450),
      ],
    }),
    employee("e3", "Freya Lloyd", "amber", steady(45.5)),
    employee("e5", "Niamh Byrne", "green", steady(31)),
    employee("e4", "Jamal Osei", "green", steady(36, 12)),
    employee("e6", "Tom Fletcher", "green", [16, 12, 8]),
  ] satisfies ComplianceEmployee[],
};
