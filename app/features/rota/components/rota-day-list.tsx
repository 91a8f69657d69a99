import type { RotaShift, RotaTotals, RotaWarning } from "@contracts/rota";
import type { LocalDate } from "@domain/time-zone";
import { dayAndMonth, dayName } from "../../timesheets";
import { actualText, plannedText } from "../figures";
import { nameOf, type RotaRow } from "../rows";
import { shiftTimes } from "../shift-time";
import { ShiftCard } from "./shift-card";

type Props = {
  rows: RotaRow[];
  dates: LocalDate[];
  today: LocalDate;
  timeZone: string;
  totals: RotaTotals;
  shifts: RotaShift[];
  /** The label of someone's leave on a day ("Holiday"), if they are on leave. */
  leaveOn: (employeeId: string | null, date: LocalDate) => string | undefined;
  warningsOf: (shiftId: string) => RotaWarning[];
  canEdit: boolean;
  /** Opens a shift to edit; absent for those who only read the rota. */
  onOpen?: (shift: RotaShift) => void;
  onAdd: (employeeId: string | null, date: LocalDate) => void;
};

/** The phone's rota: a section per day with its shifts in order of start, each with its name. */
export function RotaDayList({
  rows,
  dates,
  today,
  timeZone,
  totals,
  shifts,
  leaveOn,
  warningsOf,
  canEdit,
  onOpen,
  onAdd,
}: Props) {
  return (
    <div className="rota-days">
      {dates.map((date) => {
        const day = totals.days.find((figures) => figures.date === date);
        const actual = day ? actualText(day) : null;
        const away = rows.flatMap((row) => {
          const leave = leaveOn(row.employeeId, date);
          return leave ? [`${row.name}: ${leave}`] : [];
        });
        const ofDay = shifts
          .filter((shift) => shiftTimes(shift, timeZone).date === date)
          .sort((a, b) => a.start_at.localeCompare(b.start_at));
        return (
          <section key={date} className="rota-days__day" aria-label={dayAndMonth(date)}>
            <header className="rota-days__header">
              <h3>
                {dayAndMonth(date)}
                {date === today && <span className="rota-days__today"> Today</span>}
              </h3>
              <p className="muted small">
                {day && day.planned_minutes > 0 ? `Planned ${plannedText(day)}` : "Nothing planned"}
                {actual !== null && ` · Actual ${actual}`}
              </p>
            </header>
            {away.length > 0 && <p className="rota-leave">{away.join(" · ")}</p>}
            {ofDay.length > 0 && (
              <ul className="rota-days__shifts">
                {ofDay.map((shift) => {
                  const name = nameOf(rows, shift.employee_id);
                  return (
                    <li key={shift.id}>
                      <ShiftCard
                        shift={shift}
                        name={name}
                        showName
                        timeZone={timeZone}
                        warnings={warningsOf(shift.id)}
                        movable={false}
                        onOpen={onOpen && (() => onOpen(shift))}
                      />
                    </li>
                  );
                })}
              </ul>
            )}
            {canEdit && (
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={`Add shift on ${dayName(date)}`}
                onClick={() => onAdd(null, date)}
              >
                Add shift
              </button>
            )}
          </section>
        );
      })}
    </div>
  );
}
