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
