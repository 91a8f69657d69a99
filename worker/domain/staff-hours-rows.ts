import { STAFF_SEARCH_LIMIT, type StaffHoursRow } from "../contracts/hours";
import { type EmployeeHours, formatHours } from "./hours";

// The Staff Hours Overview's rows: who is listed, in what order, and what a search finds.

export type StaffMember = {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  deleted: boolean;
};

/**
 * Whose time counts over a period: every current employee, and anyone deleted since who has sessions in it
 * (their time is still pay). `sessions`: the period's.
 */
export function staffWithTime<T extends { id: string; deletedAt: number | null }>(
  people: readonly T[],
  sessions: readonly { employeeId: string }[],
): T[] {
  const withSessions = new Set(sessions.map((session) => session.employeeId));
  return people.filter((person) => person.deletedAt === null || withSessions.has(person.id));
}

export type StaffHours = { member: StaffMember; hours: EmployeeHours };

export const fullNameOf = (member: Pick<StaffMember, "firstName" | "lastName">) =>
  `${member.firstName} ${member.lastName}`;

/** First name, last name, full name or username containing the search, ignoring case and accents. */
export function matchesStaffSearch(member: StaffMember, search: string): boolean {
  const needle = fold(search.trim());
  if (!needle) return true;
  return [member.firstName, member.lastName, fullNameOf(member), member.username].some((text) =>
    fold(text).includes(needle),
  );
}

const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLocaleLowerCase("en-GB");

const byName = new Intl.Collator("en-GB", { sensitivity: "base", numeric: true });

/** Alphabetical by first then last name, then username: how exports list staff. */
export const compareByName = (a: StaffMember, b: StaffMember) =>
  byName.compare(a.firstName, b.firstName) ||
  byName.compare(a.lastName, b.lastName) ||
  byName.compare(a.username, b.username);

/** Employees who left are listed only for periods in which they have time counted. */
export const isListed = ({ member, hours }: StaffHours) =>
  !member.deleted || hours.grossMinutes > 0 || hours.inProgress;

/**
 * Most hours first (ties alphabetical). With a search, only the matches and at most five of them
 * the five with the most hours.
 */
export function staffHoursRows(staff: readonly StaffHours[], search = ""): StaffHoursRow[] {
  const listed = staff
    .filter(isListed)
    .filter(({ member }) => matchesStaffSearch(member, search))
    .sort((a, b) => b.hours.workedMinutes - a.hours.workedMinutes || compareByName(a.member, b.member));
  const shown = search.trim() ? listed.slice(0, STAFF_SEARCH_LIMIT) : listed;
  return shown.map(toRow);
}

function toRow({ member, hours }: StaffHours): StaffHoursRow {
  const formatted = formatHours(hours.workedMinutes);
  return {
    employee_id: member.id,
    name: fullNameOf(member),
    username: member.username,
    total_minutes_absolute: hours.workedMinutes,
    formatted_hours: formatted,
    formatted_time: formatted,
    gross_minutes: hours.grossMinutes,
    worked_minutes: hours.workedMinutes,
    break_minutes: hours.breakMinutes,
    overtime_minutes: hours.overtimeMinutes,
    days_worked: hours.daysWorked,
    break_assumed_days: hours.days.filter((day) => day.breakAssumed).length,
    open_sessions: hours.openSessions,
    in_progress: hours.inProgress,
    deleted: member.deleted,
  };
}

/** Who an export lists and in what order: everyone listed, alphabetically (payroll reads it by name). */
export function exportRows(staff: readonly StaffHours[]) {
  return staff
    .filter(isListed)
    .sort((a, b) => compareByName(a.member, b.member))
    .map(({ member, hours }) => ({
      employee: { name: fullNameOf(member), username: member.username },
      hours,
    }));
}
