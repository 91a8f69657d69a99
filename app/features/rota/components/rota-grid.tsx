import type { RotaShift, RotaTotals, RotaWarning } from "@contracts/rota";
import type { LocalDate } from "@domain/time-zone";
import { dayHeading, dayName } from "../../timesheets";
import { actualText, plannedText } from "../figures";
import type { RotaRow } from "../rows";
import type { useShiftMove } from "../use-shift-move";
import { ShiftCard } from "./shift-card";

type Props = {
  rows: RotaRow[];
  dates: LocalDate[];
  today: LocalDate;
  timeZone: string;
  totals: RotaTotals;
  shiftsIn: (employeeId: string | null, date: LocalDate) => RotaShift[];
  /** The label of someone's leave on a day ("Holiday"), if they are on leave. */
  leaveOn: (employeeId: string | null, date: LocalDate) => string | undefined;
  warningsOf: (shiftId: string) => RotaWarning[];
  canEdit: boolean;
  move: ReturnType<typeof useShiftMove>;
  /** Opens a shift to edit; absent for those who only read the rota. */
  onOpen?: (shift: RotaShift) => void;
  onAdd: (employeeId: string | null, date: LocalDate) => void;
};

/** The week as a table: a row per employee (open shifts first), a column per day, the day's figures on top. */
export function RotaGrid({
  rows,
  dates,
  today,
  timeZone,
  totals,
  shiftsIn,
  leaveOn,
  warningsOf,
  canEdit,
  move,
  onOpen,
  onAdd,
}: Props) {
  return (
    <div className="rota-wrap">
      <table className="rota-grid">
        <caption className="visually-hidden">Rota for the week of {dayName(dates[0] ?? today)}</caption>
        <thead>
          <tr>
            <th scope="col" className="rota-grid__corner">
              Employee
            </th>
            {dates.map((date) => (
              <th
                key={date}
                scope="col"
                className={date === today ? "rota-grid__day rota-grid__day--today" : "rota-grid__day"}
              >
                <span aria-hidden="true">{dayHeading(date)}</span>
                <span className="visually-hidden">{dayName(date)}</span>
              </th>
            ))}
          </tr>
          <tr className="rota-grid__figures">
            <th scope="row">
              Planned
              {totals.days.some((day) => day.actual_minutes !== null) && (
                <span className="rota-grid__actual-label">Actual</span>
              )}
            </th>
            {dates.map((date) => {
              const day = totals.days.find((figures) => figures.date === date);
              const actual = day ? actualText(day) : null;
              return (
                <td key={date}>
                  {day && day.planned_minutes > 0 ? plannedText(day) : ""}
                  {actual !== null && <span className="rota-grid__actual">{actual}</span>}
                </td>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr
              key={row.employeeId ?? "open"}
              className={row.employeeId === null ? "rota-grid__open" : undefined}
            >
              <th scope="row" className="rota-grid__name">
                {row.name}
                {row.archived && <span className="muted small"> (archived)</span>}
              </th>
              {dates.map((date, dayIndex) => {
                const shifts = shiftsIn(row.employeeId, date);
                const target = move.isTarget(rowIndex, dayIndex);
                const leave = leaveOn(row.employeeId, date);
                return (
                  <td
                    key={date}
                    className={target ? "rota-grid__cell rota-grid__cell--target" : "rota-grid__cell"}
                    {...(canEdit ? move.dropTarget({ employeeId: row.employeeId, date }) : {})}
                  >
                    {leave && <span className="rota-leave">{leave}</span>}
                    {shifts.map((shift) => (
                      <ShiftCard
                        key={shift.id}
                        shift={shift}
                        name={row.employeeId === null ? "Open shift" : row.name}
                        timeZone={timeZone}
                        warnings={warningsOf(shift.id)}
                        movable={canEdit}
                        picked={move.picked?.shift.id === shift.id}
                        onOpen={onOpen && (() => onOpen(shift))}
                        onKeyDown={canEdit ? (event) => move.keyDown(shift, event) : undefined}
                        onBlur={move.picked?.shift.id === shift.id ? move.cancel : undefined}
                      />
                    ))}
                    {canEdit && !row.archived && (
                      <button
                        type="button"
                        className="rota-grid__add"
                        aria-label={`Add shift: ${row.employeeId === null ? "open shift" : row.name}, ${dayName(date)}`}
                        onClick={() => onAdd(row.employeeId, date)}
                      >
                        <span aria-hidden="true">+</span>
                      </button>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
