// How the Holiday screen words dates and amounts (docs/staff-app.md): dd/mm/yyyy, days or hours. The staff app
// loads no dashboard code, so these few lines are its own.

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** "07/12/2026" from "2026-12-07". */
export const ukDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

const dayOf = (date: string) => `${WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]} ${ukDate(date)}`;

/** "Mon 07/12/2026 to Fri 11/12/2026", "Mon 07/12/2026, morning". */
export function datesOf(request: { start_date: string; end_date: string; half_day: "am" | "pm" | null }) {
  if (request.start_date !== request.end_date)
    return `${dayOf(request.start_date)} to ${dayOf(request.end_date)}`;
  const half = request.half_day ? `, ${request.half_day === "am" ? "morning" : "afternoon"}` : "";
  return `${dayOf(request.start_date)}${half}`;
}

/** "2 days", "1 day", "7.5 hours". */
export const amount = (value: number, unit: "days" | "hours") =>
  `${value} ${unit === "days" ? (value === 1 ? "day" : "days") : value === 1 ? "hour" : "hours"}`;

export const TYPE_WORDS = { holiday: "Holiday", unpaid: "Unpaid leave", other: "Other leave" } as const;

export const STATUS_WORDS = {
  pending: "Waiting for a decision",
  approved: "Approved",
  declined: "Declined",
  cancelled: "Cancelled",
} as const;

/** Today in the location's zone, as YYYY-MM-DD. */
export const todayAt = (timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );
