import type { StaffHolidayResponse } from "@contracts/staff-leave";
import { amount, ukDate } from "./words";

// The holiday balance as big numbers, what is left first (docs/staff-app.md): the Employees tab's own figures.

export function HolidayFigures({ holiday }: { holiday: StaffHolidayResponse }) {
  const { unit } = holiday;
  const figure = (label: string, value: number | null) => (
    <div className="staff-figure">
      <dt>{label}</dt>
      <dd>{value === null ? "–" : amount(value, unit)}</dd>
    </div>
  );
  return (
    <div className="staff-card">
      <p className="staff-holiday__left-label">Left this leave year</p>
      <p className="staff-holiday__left">
        {holiday.remaining === null ? "–" : amount(holiday.remaining, unit)}
      </p>
      <p className="muted">
        {ukDate(holiday.leave_year_start)} to {ukDate(holiday.leave_year_end)}
      </p>
      {holiday.missing && <p className="muted">{holiday.missing}. Ask your manager.</p>}
      <dl className="staff-figures">
        {figure("Entitlement", holiday.entitlement)}
        {figure("Earned so far", holiday.accrued)}
        {holiday.carried_over > 0 && figure("Carried over", holiday.carried_over)}
        {figure("Taken", holiday.taken)}
        {figure("Booked", holiday.booked)}
        {figure("Waiting for a decision", holiday.pending)}
      </dl>
    </div>
  );
}
