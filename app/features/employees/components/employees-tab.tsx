import type { Location } from "@contracts/locations";
import { hasFeature } from "@domain/plans";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useCan } from "../../../lib/permissions";
import { workerHolidayQuery } from "../../compliance";
import { overtimeText, payRulesQuery } from "../../pay";
import { employeePayQuery, employeesQuery } from "../api";
import { type Filter, matchesFilter, matchesSearch } from "../filters";
import { holidayText } from "../holiday-text";
import { useBreaks } from "../use-breaks";
import { useEmployeeActions } from "../use-employee-actions";
import { AddEmployeeForm } from "./add-employee-form";
import { BreakInfo } from "./break-info";
import { BreaksDialog } from "./breaks-dialog";
import { NameDialog, PinDialog, StatusDialog } from "./employee-dialogs";
import { EmployeeFilters } from "./employee-filters";
import { EmployeeStats } from "./employee-stats";
import { EmployeeTable } from "./employee-table";
import { LeaveAnalyticsCard } from "./leave-analytics-card";
import { PayTermsDialog } from "./pay-terms-dialog";

type Props = {
  location: Location;
  plan: string;
  /** Only these employees, from a link (the payroll export's); null: everyone. */
  only?: readonly string[] | null;
  onShowAll?: () => void;
};

export function EmployeesTab({ location, plan, only = null, onShowAll }: Props) {
  const employees = useQuery(employeesQuery(location.id)).data?.employees;
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<Filter>("all");
  const { add, act, open, done, invite } = useEmployeeActions(location.id);
  // A link's list replaces the tab's cards: the focus goes to what it says.
  const linkedNotice = useRef<HTMLDivElement>(null);
  const linking = only?.join(",") ?? "";
  const ready = employees !== undefined;
  useEffect(() => {
    if (!linking || !ready) return;
    linkedNotice.current?.focus();
  }, [linking, ready]);
  const employeeBreaks = hasFeature({ plan }, "employeeBreaks");
  // Payroll reads the staff list; adding or changing someone is for the roles that may (docs/team.md).
  const can = useCan();
  const mayEdit = can("employees:edit");
  const breaks = useBreaks(location.id);
  // Pay terms: read on every plan (the payroll IDs in the rows), changed on Pro and Business.
  const payroll = hasFeature({ plan }, "payroll");
  const employeePay = useQuery(employeePayQuery(location.id)).data?.employee_pay ?? [];
  const payrollIds = new Map(
    employeePay.flatMap((terms) =>
      terms.payroll_id ? [[terms.employee_id, terms.payroll_id] as const] : [],
    ),
  );
  // What overtime pays, said as configured (the pay rules exist on the payroll plans only).
  const payRules = useQuery({ ...payRulesQuery(location.id), enabled: payroll }).data;
  const compliance = hasFeature({ plan }, "compliance");
  // Every worker's holiday for their leave year, in their row, where the plan has the working-time checks.
  const holiday = useQuery({ ...workerHolidayQuery(location.id), enabled: compliance }).data;
  const holidayNotes = new Map(
    (compliance ? (holiday?.employees ?? []) : []).map((h) => [h.employee_id, holidayText(h)] as const),
  );

  if (!employees) return <p className="muted">Loading employees…</p>;
  const breakInfo = (
    <BreakInfo
      settings={breaks.settings}
      overrides={breaks.overrides.length}
      employeeBreaks={employeeBreaks}
      overtime={payroll && payRules ? overtimeText(payRules.pay_rules) : null}
    />
  );
  // No staff yet: adding the first comes first, and the statistics of nobody wait until there is someone.
  if (employees.length === 0) {
    return (
      <div className="employees">
        {mayEdit && <AddEmployeeForm onAdd={add} />}
        {breakInfo}
      </div>
    );
  }
  const linked = only ? employees.filter((e) => only.includes(e.id)) : null;
  const shown = linked ?? employees.filter((e) => matchesFilter(e, filter) && matchesSearch(e, search));
  return (
    <div className="employees">
      {linked ? (
        // A link's employees alone, first on the tab, with the way back to everyone.
        <div className="notice employees__linked" role="status" ref={linkedNotice} tabIndex={-1}>
          <p>
            {linked.length === 0
              ? "The employees you were sent here for are not at this location."
              : `Showing ${linked.length} of ${employees.length} employees: ${linked
                  .map((e) => `${e.first_name} ${e.last_name}`)
                  .join(", ")}.`}
          </p>
          <button type="button" className="button button--ghost button--small" onClick={onShowAll}>
            Show all employees
          </button>
        </div>
      ) : (
        <>
          <EmployeeStats employees={employees} />
          {breakInfo}
          <LeaveAnalyticsCard locationId={location.id} />
          {mayEdit && <AddEmployeeForm onAdd={add} />}
          <EmployeeFilters search={search} filter={filter} onSearch={setSearch} onFilter={setFilter} />
        </>
      )}
      {mayEdit && shown.some((e) => e.active) && (
        <div className="employees__bulk">
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => invite(shown.filter((e) => e.active).slice(0, 500))}
          >
            Invite everyone listed to the staff app
          </button>
        </div>
      )}
      {shown.length === 0 ? (
        <p className="muted card">No employees match these filters.</p>
      ) : (
        <EmployeeTable
          employees={shown}
          onAction={act}
          showBreaks={employeeBreaks}
          pay={payroll ? "open" : "locked"}
          payrollIds={payrollIds}
          holidayNotes={holidayNotes}
          can={can}
        />
      )}
      {open?.action === "status" && <StatusDialog employee={open.employee} onDone={done} onClose={done} />}
      {open?.action === "name" && <NameDialog employee={open.employee} onDone={done} onClose={done} />}
      {open?.action === "breaks" && (
        <BreaksDialog
          employee={open.employee}
          locationId={location.id}
          override={breaks.overrides.find((o) => o.employee_id === open.employee.id) ?? null}
          standard={{
            breakMinutes: breaks.settings?.standard_break_minutes ?? 30,
            workHours: breaks.settings?.workday_hours ?? 8,
          }}
          onDone={done}
          onClose={done}
        />
      )}
      {open?.action === "pay" && (
        <PayTermsDialog
          employee={open.employee}
          locationId={location.id}
          terms={employeePay.find((terms) => terms.employee_id === open.employee.id) ?? null}
          onDone={done}
          onClose={done}
        />
      )}
      {open?.action === "pin" && <PinDialog employee={open.employee} onDone={done} onClose={done} />}
    </div>
  );
}
