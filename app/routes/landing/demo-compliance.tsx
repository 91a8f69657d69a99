import { addDays } from "@domain/time-zone";
import { useId } from "react";
// The Compliance tab's own pieces, each from its file: the tab's index (with its queries) stays out of the demo.
import { EmployeeFindings } from "../../features/compliance/components/employee-findings";
import { TrafficLight } from "../../features/compliance/components/traffic-light";
import { LIGHT_ORDER, rangeText } from "../../features/compliance/format";
import { DEMO_COMPLIANCE } from "./sample-compliance";
import { DEMO_LOCATION } from "./sample-data";
import "../../features/compliance/compliance.css";

/**
 * The dashboard's working-time week on sample data, read-only: the location's light, then each employee's
 * findings and 17-week average, as the Compliance tab shows them (week navigation and downloads left out).
 */
export function DemoCompliance() {
  const headingId = useId();
  const report = DEMO_COMPLIANCE;
  const employees = [...report.employees].sort(
    (a, b) => LIGHT_ORDER[a.light] - LIGHT_ORDER[b.light] || a.name.localeCompare(b.name, "en-GB"),
  );
  return (
    <div className="compliance">
      <section className="card compliance-week" aria-labelledby={headingId}>
        <div className="card__header">
          <div>
            <h2 id={headingId}>Working time at {DEMO_LOCATION.name}</h2>
            <p className="muted card__subtitle">
              This week: {rangeText(report.week_start, addDays(report.week_start, 6))}
            </p>
          </div>
        </div>
        <p className="compliance-week__light">
          <span className="compliance-week__light-label">This location:</span>{" "}
          <TrafficLight light={report.light} />
        </p>
        <div className="compliance-week__employees">
          {employees.map((employee) => (
            <EmployeeFindings
              key={employee.employee_id}
              employee={employee}
              timeZone={DEMO_LOCATION.timezone}
            />
          ))}
        </div>
        <p className="muted small compliance-week__legend">
          Checked against the Working Time Regulations 1998 from the clock data: rest breaks, daily and weekly
          rest, the 48-hour average week and young workers' limits, with the National Minimum Wage.
        </p>
      </section>
    </div>
  );
}
