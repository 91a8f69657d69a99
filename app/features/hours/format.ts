import { HOURS_BAR_FULL_MINUTES } from "@contracts/hours";
import { formatDate } from "@domain/time-zone";

/** How full a staff member's bar is: 40 hours is full, more stays full. */
export const barPercent = (minutes: number) =>
  Math.min(100, Math.max(0, (minutes / HOURS_BAR_FULL_MINUTES) * 100));

/** "16/11/2026 – 22/11/2026". */
export const dateRange = (start: string, end: string) =>
  start === end ? formatDate(start) : `${formatDate(start)} – ${formatDate(end)}`;

const stamps = new Map<string, Intl.DateTimeFormat>();

/** "16/11/2026, 07:30" in the location's zone. */
export function formatInstant(iso: string, timeZone: string): string {
  let format = stamps.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    stamps.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** "18 KB" for a file size. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "2h 30m" without the zero parts a manager does not need: "30m", "2h". */
export function shortDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}
