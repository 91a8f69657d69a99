import type { PayDay, PayElement } from "./pay-elements";

// Xero Payroll UK's rules (docs/xero.md), pure: which Xero employee to suggest for a Clocked employee, and
// the timesheet lines an approved period's pay days become.

export type XeroPerson = {
  employeeID: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  employeeNumber: string | null;
};
export type ClockedPerson = {
  firstName: string;
  lastName: string;
  payrollId: string | null;
  dateOfBirth: string | null;
};
export type Suggestion = { employeeID: string; by: "payroll_id" | "name_and_birth" };

const folded = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").trim().toLowerCase();
const dateOnly = (value: string | null) => value?.slice(0, 10) ?? null;

/**
 * The Xero employee to suggest: the one whose works number is the employee's payroll ID, else the only one
 * with the same first and last name and date of birth. Never a guess between two.
 */
export function suggestXeroEmployee(
  person: ClockedPerson,
  candidates: readonly XeroPerson[],
): Suggestion | null {
  const payrollId = person.payrollId?.trim();
  if (payrollId) {
    const numbered = candidates.filter((c) => c.employeeNumber?.trim() === payrollId);
    if (numbered.length === 1 && numbered[0]) return { employeeID: numbered[0].employeeID, by: "payroll_id" };
  }
  if (!person.dateOfBirth) return null;
  const same = candidates.filter(
    (c) =>
      folded(c.firstName) === folded(person.firstName) &&
      folded(c.lastName) === folded(person.lastName) &&
      dateOnly(c.dateOfBirth) === person.dateOfBirth,
  );
  return same.length === 1 && same[0] ? { employeeID: same[0].employeeID, by: "name_and_birth" } : null;
}

/** The pay elements sent to Xero: paid time only (unpaid break is not a line). */
export const SENT_ELEMENTS = ["basic", "overtime", "premium"] as const satisfies readonly PayElement[];

export type TimesheetLine = { date: string; earningsRateID: string; numberOfUnits: number };

/**
 * One line per day and earnings rate with hours as a number (two places), or the pay elements that have
 * time but no earnings rate yet.
 */
export function timesheetLines(
  days: readonly PayDay[],
  rates: ReadonlyMap<string, string>,
): { lines: TimesheetLine[]; unmapped: PayElement[] } {
  const lines: TimesheetLine[] = [];
  const unmapped = new Set<PayElement>();
  for (const day of days) {
    const byRate = new Map<string, number>();
    for (const element of SENT_ELEMENTS) {
      if (day[element] <= 0) continue;
      const rate = rates.get(element);
      if (!rate) unmapped.add(element);
      else byRate.set(rate, (byRate.get(rate) ?? 0) + day[element]);
    }
    for (const [earningsRateID, minutes] of byRate) {
      lines.push({ date: day.date, earningsRateID, numberOfUnits: Math.round((minutes / 60) * 100) / 100 });
    }
  }
  return { lines, unmapped: [...unmapped] };
}
