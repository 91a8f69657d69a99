// How the Team screen words dates and the plan's allowance (British English, the account's zone).

export { shortDate, shortDateTime } from "../../lib/dates";

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
