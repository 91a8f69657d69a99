import type { HolidayBalance } from "@contracts/compliance";
import { formatDate } from "@domain/time-zone";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { RetryNotice } from "../../../components/retry-notice";
import { HOLIDAY_FAILED, holidayBalancesQuery } from "../api";
import { hoursFigure, rangeText } from "../format";

/**
 * Holiday for irregular-hours and part-year workers: 12.07% of the hours worked in each ended pay period,
 * less what they took, over the leave year (1 April to 31 March). Each worker's pay periods open beneath
 * their row.
 */
export function HolidayBalances({ locationId }: { locationId: string }) {
  const headingId = useId();
  const query = useQuery(holidayBalancesQuery(locationId));
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (employeeId: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(employeeId)) next.add(employeeId);
      return next;
    });
  const data = query.data;

  return (
    <section className="card holiday-balances" aria-labelledby={headingId}>
      <h2 id={headingId}>Holiday for irregular hours</h2>
      {data && (
        <p className="muted card__subtitle">
          {data.leave_year_start && data.leave_year_end
            ? `Leave year ${rangeText(data.leave_year_start, data.leave_year_end)}, in hours`
            : "Each worker's leave year runs from their start date; in hours"}
        </p>
      )}
      {query.isError ? (
        <RetryNotice message={HOLIDAY_FAILED} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <p className="muted">Loading holiday balances…</p>
      ) : data.employees.length === 0 ? (
        <p className="muted">
          Nobody here accrues holiday at 12.07%. Mark irregular-hours and part-year workers in their pay terms
          (Employees tab, Pay); in Northern Ireland they have 5.6 weeks of their average week instead, shown
          in the Employees tab.
        </p>
      ) : (
        <div className="table-wrap compliance-table-wrap">
          <table className="table table--compact holiday-balances__table">
            <caption className="visually-hidden">Holiday balances in hours, this leave year</caption>
            <thead>
              <tr>
                <th scope="col">Employee</th>
                <th scope="col" className="numeric">
                  Accrued
                </th>
                <th scope="col" className="numeric">
                  Taken
                </th>
                <th scope="col" className="numeric">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {data.employees.map((employee) => (
                <BalanceRow
                  key={employee.employee_id}
                  employee={employee}
                  expanded={open.has(employee.employee_id)}
                  onToggle={() => toggle(employee.employee_id)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="muted small">
        Holiday accrues when a pay period ends, at 12.07% of the hours worked in it.
      </p>
    </section>
  );
}

type RowProps = { employee: HolidayBalance; expanded: boolean; onToggle: () => void };

function BalanceRow({ employee, expanded, onToggle }: RowProps) {
  const detailId = useId();
  return (
    <>
      <tr>
        <th scope="row">
          {employee.name}
          {employee.periods.length > 0 && (
            <button
              type="button"
              className="link-button holiday-balances__toggle"
              aria-expanded={expanded}
              aria-controls={detailId}
              onClick={onToggle}
            >
              {expanded ? "Hide" : "Show"} pay periods
              <span className="visually-hidden"> for {employee.name}</span>
            </button>
          )}
        </th>
        <td className="numeric">{hoursFigure(employee.accrued_hours)}</td>
        <td className="numeric">{hoursFigure(employee.taken_hours)}</td>
        <td className="numeric">
          <strong>{hoursFigure(employee.balance_hours)}</strong>
        </td>
      </tr>
      <tr id={detailId} hidden={!expanded} className="holiday-balances__detail">
        <td colSpan={4}>
          <table className="table table--compact">
            <caption className="visually-hidden">{employee.name}'s pay periods, in hours</caption>
            <thead>
              <tr>
                <th scope="col">Pay period</th>
                <th scope="col" className="numeric">
                  Worked
                </th>
                <th scope="col" className="numeric">
                  Accrued
                </th>
                <th scope="col" className="numeric">
                  Taken
                </th>
                <th scope="col" className="numeric">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {employee.periods.map((period) => (
                <tr key={period.key}>
                  <th scope="row">
                    {/* Wraps after the dash, never inside a date. */}
                    <span className="nowrap">{formatDate(period.start_date)} –</span>{" "}
                    <span className="nowrap">{formatDate(period.end_date)}</span>
                  </th>
                  <td className="numeric">{hoursFigure(period.worked_hours)}</td>
                  <td className="numeric">{hoursFigure(period.accrued_hours)}</td>
                  <td className="numeric">{hoursFigure(period.taken_hours)}</td>
                  <td className="numeric">{hoursFigure(period.balance_hours)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </td>
      </tr>
    </>
  );
}
