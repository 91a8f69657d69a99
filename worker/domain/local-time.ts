// Kiosk and dashboard wording of local times, built on the one zone calendar in ./time-zone.ts.
// Instants are epoch milliseconds; local dates are "YYYY-MM-DD".
import { addDays, formatTimeAt, isValidTimeZone, localDateOf, startOfLocalDate } from "./time-zone";

export { addDays };

export const DEFAULT_TIMEZONE = "Europe/London";

/** The zone if Intl knows it, otherwise the product default, so a bad stored value never breaks a kiosk. */
export const safeTimeZone = (timeZone: string | null | undefined): string =>
  timeZone && isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIMEZONE;

export const localDate = localDateOf;

/** "09:02" */
export const localTime = formatTimeAt;

/** "09:02" when `instant` is on `today`'s local date, otherwise "14/11 09:02" (UK day/month). */
export function localTimeLabel(instant: number, today: string, timeZone: string): string {
  const date = localDate(instant, timeZone);
  if (date === today) return localTime(instant, timeZone);
  return `${date.slice(8, 10)}/${date.slice(5, 7)} ${localTime(instant, timeZone)}`;
}

/** The instant the local day `date` begins (its first existing minute, should midnight be skipped). */
export const startOfLocalDay = startOfLocalDate;

/** [start, end) of the local day containing `instant`: 23, 24 or 25 hours long. */
export function localDayBounds(instant: number, timeZone: string) {
  const date = localDate(instant, timeZone);
  return { date, start: startOfLocalDay(date, timeZone), end: startOfLocalDay(addDays(date, 1), timeZone) };
}

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [year = 0, month = 0, day = 0] = text.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) === text;
}
