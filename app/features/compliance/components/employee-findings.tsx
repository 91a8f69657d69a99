import {
  type ComplianceBreach,
  type ComplianceEmployee,
  RULE_NAMES,
  RULE_SOURCES,
} from "@contracts/compliance";
import { useId } from "react";
import { breachDate, shiftRow } from "../format";
import { AverageChart } from "./average-chart";
import { NotChecked } from "./not-checked";
import { TrafficLight } from "./traffic-light";

type Props = { employee: ComplianceEmployee; timeZone: string };

/**
 * One employee's week: their light, the breaches this week and earlier in the reference period (each with
 * its rule, where the rule comes from, what happened, how to put it right, and the shifts that show it), and
 * their 17-week average.
 */
export function EmployeeFindings({ employee, timeZone }: Props) {
  const headingId = useId();
  const thisWeek = employee.breaches.filter((breach) => breach.this_week);
  const earlier = employee.breaches.filter((breach) => !breach.this_week);
  // A rule not checked is said for the days it applied to: "All clear" would claim what nobody checked.
  const unchecked = employee.not_checked.filter((rule) => rule.dates.length > 0);
  return (
    <article
      className={`compliance-employee compliance-employee--${employee.light}`}
      aria-labelledby={headingId}
    >
      <header className="compliance-employee__header">
        <h3 id={headingId}>{employee.name}</h3>
        <TrafficLight light={employee.light} partlyChecked={unchecked.length > 0} />
        {employee.young_worker && <span className="tag">Young worker (under 18)</span>}
      </header>
      <NotChecked rules={unchecked} />
      {employee.breaches.length === 0 ? (
        <p className="muted compliance-employee__clear">
          {unchecked.length > 0
            ? "No breaches found in the reference period among the rules checked."
            : "No breaches in the reference period."}
        </p>
      ) : (
        <>
          <BreachList title="This week" breaches={thisWeek} employee={employee} timeZone={timeZone} />
          {/* Earlier breaches fold away behind their count while there are some this week to see to. */}
          <BreachList
            title="Earlier in the reference period"
            breaches={earlier}
            employee={employee}
            timeZone={timeZone}
            folded={thisWeek.length > 0}
          />
        </>
      )}
      <AverageChart average={employee.average} name={employee.name} />
    </article>
  );
}

type ListProps = {
  title: string;
  breaches: ComplianceBreach[];
  employee: ComplianceEmployee;
  timeZone: string;
};

function BreachList({
  title,
  breaches,
  employee,
  timeZone,
  folded = false,
}: ListProps & { folded?: boolean }) {
  const headingId = useId();
  if (breaches.length === 0) return null;
  const heading = (
    <h4 id={headingId}>
      {title}: {breaches.length} {breaches.length === 1 ? "breach" : "breaches"}
    </h4>
  );
  const list = (
    <ol className="breaches__list">
      {breaches.map((breach) => (
        <li key={`${breach.rule}-${breach.date}-${breach.shift_ids.join("-")}`} className="breach">
          <Breach breach={breach} employee={employee} timeZone={timeZone} />
        </li>
      ))}
    </ol>
  );
  return (
    <section className="breaches" aria-labelledby={headingId}>
      {folded ? (
        <details className="breaches__fold">
          <summary>{heading}</summary>
          {list}
        </details>
      ) : (
        <>
          {heading}
          {list}
        </>
      )}
    </section>
  );
}

function Breach({
  breach,
  employee,
  timeZone,
}: Omit<ListProps, "title" | "breaches"> & { breach: ComplianceBreach }) {
  const shifts = breach.shift_ids.flatMap((id) => {
    const shift = employee.shifts.find((s) => s.id === id);
    return shift ? [shiftRow(shift, timeZone)] : [];
  });
  const when = breachDate(breach.rule, breach.date);
  const captionId = useId();
  return (
    <>
      <p className="breach__title">
        <strong>{RULE_NAMES[breach.rule]}</strong> <span className="breach__date">{when}</span>
      </p>
      <p className="breach__source">{RULE_SOURCES[breach.rule]}</p>
      <p className="breach__detail">{breach.detail}</p>
      <p className="breach__fix">
        <strong>How to fix it:</strong> {breach.fix}
      </p>
      {shifts.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the table scrolls sideways, so the keyboard must reach it
        <section className="table-wrap compliance-table-wrap" aria-labelledby={captionId} tabIndex={0}>
          <table className="table table--compact breach__evidence">
            <caption id={captionId}>
              Evidence: {shifts.length === 1 ? "the shift" : `the ${shifts.length} shifts`} behind this breach
              <span className="visually-hidden">
                {" "}
                ({RULE_NAMES[breach.rule]}, {when}, {employee.name})
              </span>
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">In</th>
                <th scope="col">Out</th>
                <th scope="col">Breaks</th>
                <th scope="col">Worked</th>
              </tr>
            </thead>
            <tbody>
              {shifts.map((shift) => (
                // data-label: on a phone each shift is a line, and each figure says what it is.
                <tr key={shift.id}>
                  <td>{shift.date}</td>
                  <td data-label="In">{shift.checkIn}</td>
                  <td data-label="Out">{shift.checkOut}</td>
                  <td data-label="Breaks">{shift.breaks}</td>
                  <td data-label="Worked">{shift.worked}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}
