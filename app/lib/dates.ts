// Dates and times as the dashboard's account-wide screens show them: dd/mm/yyyy, 24-hour, UK time.

const ZONE = "Europe/London";

const dateTime = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: ZONE,
});

const dateOnly = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: ZONE,
});

/** "27/11/2026 21:40" */
export const shortDateTime = (iso: string) => dateTime.format(new Date(iso)).replace(",", "");

/** "27/11/2026" */
export const shortDate = (iso: string) => dateOnly.format(new Date(iso));
