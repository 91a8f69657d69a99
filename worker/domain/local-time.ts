// Wall-clock arithmetic in a location's IANA time zone, with Intl only (DST-correct, no libraries).
// Instants are epoch milliseconds; local dates are "YYYY-MM-DD".

export const DEFAULT_TIMEZONE = "Europe/London";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone if Intl knows it, otherwise the product default, so a bad stored value never breaks a kiosk. */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIMEZONE;
  try {
    formatterFor(timeZone);
    return timeZone;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function localParts(instant: number, timeZone: string): Parts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Milliseconds the zone is ahead of UTC at `instant` (BST: +3,600,000). */
function offsetAt(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

export function localDate(instant: number, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** "09:02" */
export function localTime(instant: number, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** "09:02" when `instant` is on `today`'s local date, otherwise "14/11 09:02" (UK day/month). */
export function localTimeLabel(instant: number, today: string, timeZone: string): string {
  const date = localDate(instant, timeZone);
  if (date === today) return localTime(instant, timeZone);
  return `${date.slice(8, 10)}/${date.slice(5, 7)} ${localTime(instant, timeZone)}`;
}

/** The instant the local day `date` begins (its first existing minute, should midnight be skipped). */
export function startOfLocalDay(date: string, timeZone: string): number {
  const [year = 1970, month = 1, day = 1] = date.split("-").map(Number);
  const wallClock = Date.UTC(year, month - 1, day);
  let guess = wallClock - offsetAt(wallClock, timeZone);
  // A second pass settles days whose offset differs from the UTC-midnight guess (DST changes).
  guess = wallClock - offsetAt(guess, timeZone);
  return localDate(guess, timeZone) === date ? guess : guess + 60 * 60 * 1000;
}

export function addDays(date: string, days: number): string {
  const [year = 1970, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** [start, end) of the local day containing `instant`: 23, 24 or 25 hours long. */
export function localDayBounds(instant: number, timeZone: string) {
  const date = localDate(instant, timeZone);
  return { date, start: startOfLocalDay(date, timeZone), end: startOfLocalDay(addDays(date, 1), timeZone) };
}

/** "8h 29m" (whole minutes, rounded down). */
export function formatDuration(milliseconds: number): string {
  const minutes = Math.max(0, Math.floor(milliseconds / 60_000));
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  return addDays(text, 0) === text;
}
