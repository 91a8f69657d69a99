import type { ManagerLeaveRequest } from "@contracts/leave-requests";
import { formatDate } from "@domain/time-zone";

// How the Leave tab words a request (docs/staff-app.md).

export const TYPE_LABELS: Record<ManagerLeaveRequest["type"], string> = {
  holiday: "Holiday",
  unpaid: "Unpaid leave",
  other: "Other leave",
};

export const STATUS_WORDS: Record<string, string> = {
  holiday: "Holiday",
  sick_leave: "Sick",
  personal_leave: "Personal leave",
  parental_leave: "Parental leave",
  training: "Training",
  custom: "Away",
};

/** "2 days", "7.5 hours". */
export const amount = (value: number, unit: "days" | "hours") =>
  `${value} ${unit === "days" ? (value === 1 ? "day" : "days") : value === 1 ? "hour" : "hours"}`;

/** "Mon 07/12/2026 to Fri 11/12/2026", "Mon 07/12/2026 (morning)". */
export function datesOf(request: Pick<ManagerLeaveRequest, "start_date" | "end_date" | "half_day">) {
  const day = (date: string) =>
    `${["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][new Date(`${date}T12:00:00Z`).getUTCDay()]} ${formatDate(date)}`;
  if (request.start_date !== request.end_date)
    return `${day(request.start_date)} to ${day(request.end_date)}`;
  const half = request.half_day ? ` (${request.half_day === "am" ? "morning" : "afternoon"})` : "";
  return `${day(request.start_date)}${half}`;
}

/** "Tue 08/12 09:00–17:00", in the location's zone. */
export function shiftWords(startAt: string, endAt: string, timeZone: string) {
  const date = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "short",
    day: "2-digit",
    month: "2-digit",
  });
  const time = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit" });
  return `${date.format(new Date(startAt)).replace(",", "")} ${time.format(new Date(startAt))}–${time.format(new Date(endAt))}`;
}
