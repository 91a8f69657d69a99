// What the dashboard shows of an instant in the demo locations' zone: "23/11/2026" and "09:02".

export const LONDON = "Europe/London";

export const localDate = (instant: number) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: LONDON,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(instant);

export const localTime = (instant: number) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: LONDON,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(instant);

/**
 * Whole hours back to a London morning (08:00–08:59) at least 14 hours ago, for a forgotten check-in the
 * hub closes at once after 8 hours: the shift then lies within one local day whatever the time the test
 * runs, so its hours (a day's break deduction) do not depend on it.
 */
export function hoursAgoOfAMorning(now = Date.now()): number {
  const hour = Number(localTime(now).slice(0, 2));
  const ago = (hour - 8 + 24) % 24;
  return ago < 14 ? ago + 24 : ago;
}

const DAY = 24 * 3_600_000;
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** The Monday of the London week an instant is in, as an instant on that day. */
export function mondayOf(instant: number) {
  const day = new Date(instant).toLocaleDateString("en-GB", { timeZone: LONDON, weekday: "short" });
  return instant - WEEKDAYS.indexOf(day) * DAY;
}

/** yyyy-mm-dd of an instant in London. */
export const isoDate = (instant: number) => localDate(instant).split("/").reverse().join("-");

/** Next week's Monday in London (yyyy-mm-dd): the week a rota is planned for in the tests. */
export const nextMonday = () => isoDate(mondayOf(Date.now()) + 7 * DAY);

/** Noon UTC on next week's day (0: Monday): each day's noon is whole days after Monday's. */
export const nextWeekNoon = (day: number) => Date.parse(`${nextMonday()}T12:00:00Z`) + day * DAY;

/** A London wall-clock hour on next week's day (0: Monday), as an ISO instant (the zone's offset that day). */
export function nextWeekAt(day: number, hour: number) {
  const noon = nextWeekNoon(day);
  const londonNoon = Number(
    new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, hour: "2-digit", hourCycle: "h23" }).format(noon),
  );
  return new Date(noon + (hour - londonNoon) * 3_600_000).toISOString();
}

/** "Tue 01/12": next week's day as the staff app heads it. */
export const nextWeekDayLabel = (day: number) =>
  `${WEEKDAYS[day]} ${localDate(nextWeekNoon(day)).slice(0, 5)}`;
