// How the Team screen words dates and the plan's allowance (British English, the account's zone).

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

/** "3 of 5 team members on Pro", "2 team members on Business (no limit)": `plan` is the plan's name. */
export function allowanceText(used: number, max: number | null, plan: string): string {
  if (max === null) return `${used} team ${used === 1 ? "member" : "members"} on ${plan} (no limit)`;
  return `${used} of ${max} team ${max === 1 ? "member" : "members"} on ${plan}`;
}

/** The names of the ids that are still locations of the account, in the account's order. */
export function namesOf(ids: string[] | null, locations: { id: string; name: string }[]): string {
  if (ids === null) return "All locations";
  const names = locations.filter((location) => ids.includes(location.id)).map((l) => l.name);
  return names.length > 0 ? names.join(", ") : "No locations";
}
