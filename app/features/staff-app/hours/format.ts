// Dates and times as the staff app shows them: dd/mm/yyyy and 24-hour times in the location's zone. The
// staff app's own small copy (it loads no dashboard code, docs/staff-app.md).

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat("en-GB", { timeZone, ...options });
    formatters.set(key, found);
  }
  return found;
}

/** "24/11/2026", for an instant in the zone. */
export const dateAt = (iso: string, timeZone: string) =>
  formatter(timeZone, { day: "2-digit", month: "2-digit", year: "numeric" }).format(Date.parse(iso));

/** "09:05", for an instant in the zone. */
export const timeAt = (iso: string, timeZone: string) =>
  formatter(timeZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(Date.parse(iso));

/** "24/11/2026" for a local date "2026-11-24". */
export const localDate = (date: string) => date.split("-").reverse().join("/");

/** "Mon 24/11/2026" for a local date. */
export function dayHeading(date: string) {
  const weekday = formatter("UTC", { weekday: "short" }).format(Date.parse(`${date}T12:00:00Z`));
  return `${weekday} ${localDate(date)}`;
}

/** "7h 30m". */
export const hoursAndMinutes = (minutes: number) => `${Math.floor(minutes / 60)}h ${minutes % 60}m`;

/** Today's local date (YYYY-MM-DD) in the zone. */
export const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone }).format(Date.now());
