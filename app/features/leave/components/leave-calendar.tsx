import type { Location } from "@contracts/locations";
import { addDays, formatDate } from "@domain/time-zone";
import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { leaveCalendarQuery } from "../api";
import { STATUS_WORDS } from "../labels";

// Who is off each day of a month at the location (docs/staff-app.md): every status but active, whether asked
// for in the staff app or set on the Employees tab. A grid of days, arrow keys between them, Page Up and Page
// Down between months; the chosen day's names are spelled out below it (a phone's cells are too small).

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const MONTHS = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

const monthAfter = (month: string, step: number) => {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, m - 1 + step, 1));
  return date.toISOString().slice(0, 7);
};
const weekdayOf = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
const lastDayOf = (month: string) => addDays(`${monthAfter(month, 1)}-01`, -1);

export function LeaveCalendar({ location, today }: { location: Location; today: string }) {
  const headingId = useId();
  const [month, setMonth] = useState(today.slice(0, 7));
  const [chosen, setChosen] = useState(today);
  const calendar = useQuery(leaveCalendarQuery(location.id, month));
  const grid = useRef<HTMLTableElement>(null);
  const keyed = useRef(false);
  const days = calendar.data?.days ?? [];
  const first = `${month}-01`;
  const blanks = weekdayOf(first) - 1;
  const day = days.find((d) => d.date === chosen);

  // After a key moves the choice, focus follows it (into the next month's grid once it has loaded).
  useEffect(() => {
    if (!keyed.current) return;
    const cell = grid.current?.querySelector<HTMLElement>(`[data-date="${chosen}"]`);
    if (cell) {
      cell.focus();
      keyed.current = false;
    }
  });

  function choose(date: string, byKey: boolean) {
    keyed.current = byKey;
    setChosen(date);
    if (date.slice(0, 7) !== month) setMonth(date.slice(0, 7));
  }

  function showMonth(next: string) {
    setMonth(next);
    setChosen(next === today.slice(0, 7) ? today : `${next}-01`);
  }

  function onKey(event: KeyboardEvent) {
    const next = dayAfterKey(event.key, chosen);
    if (next === null) return;
    event.preventDefault();
    choose(next, true);
  }

  return (
    <section className="card leave-calendar" aria-labelledby={headingId}>
      <header className="leave-calendar__header">
        <h2 id={headingId}>Who is off · {MONTHS.format(new Date(`${first}T00:00:00Z`))}</h2>
        <div className="leave-calendar__nav">
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => showMonth(monthAfter(month, -1))}
          >
            Previous month
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => showMonth(today.slice(0, 7))}
          >
            This month
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => showMonth(monthAfter(month, 1))}
          >
            Next month
          </button>
        </div>
      </header>
      <p className="muted field__hint">
        Arrow keys move between days; Page Up and Page Down change the month.
      </p>
      <table
        className="leave-calendar__grid"
        aria-labelledby={headingId}
        aria-busy={calendar.isPending}
        ref={grid}
      >
        <thead>
          <tr>
            {WEEKDAYS.map((name) => (
              <th key={name} scope="col" className="leave-calendar__weekday">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(blanks, days).map((week) => (
            <tr key={week.key}>
              {week.cells.map((cell, index) =>
                cell === null ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the blanks before the 1st have no other identity
                  <td key={`blank-${index}`} />
                ) : (
                  <td key={cell.date}>
                    <button
                      type="button"
                      data-date={cell.date}
                      tabIndex={cell.date === chosen ? 0 : -1}
                      aria-pressed={cell.date === chosen}
                      aria-label={`${formatDate(cell.date)}: ${cell.off.length === 0 ? "nobody off" : cell.off.map((o) => o.name).join(", ")}`}
                      className={`leave-calendar__day${cell.date === today ? " leave-calendar__day--today" : ""}${cell.off.length > 0 ? " leave-calendar__day--off" : ""}`}
                      onClick={() => choose(cell.date, false)}
                      onKeyDown={onKey}
                    >
                      <span className="leave-calendar__number">{Number(cell.date.slice(8))}</span>
                      {cell.off.length > 0 && (
                        <span className="leave-calendar__names" aria-hidden="true">
                          <span className="leave-calendar__count">{cell.off.length}</span>
                          {cell.off.map((o) => (
                            <span key={o.employee_id} className="leave-calendar__name">
                              {o.name}
                            </span>
                          ))}
                        </span>
                      )}
                    </button>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="leave-calendar__chosen" aria-live="polite">
        <h3>{formatDate(chosen)}</h3>
        {!day || day.off.length === 0 ? (
          <p className="muted">Nobody is off.</p>
        ) : (
          <ul className="leave-card__list">
            {day.off.map((o) => (
              <li key={o.employee_id}>
                {o.name}: {STATUS_WORDS[o.status] ?? "Away"}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** The same day of the month `step` months on, or that month's last day. */
function sameDayIn(date: string, step: number) {
  const target = monthAfter(date.slice(0, 7), step);
  const last = lastDayOf(target);
  const same = `${target}-${date.slice(8)}`;
  return same > last ? last : same;
}

/** Where a key moves the chosen day: arrows by a day or a week, Home and End the week, Page Up and Down a month. */
function dayAfterKey(key: string, date: string): string | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(date, -1);
    case "ArrowRight":
      return addDays(date, 1);
    case "ArrowUp":
      return addDays(date, -7);
    case "ArrowDown":
      return addDays(date, 7);
    case "Home":
      return addDays(date, 1 - weekdayOf(date));
    case "End":
      return addDays(date, 7 - weekdayOf(date));
    case "PageUp":
      return sameDayIn(date, -1);
    case "PageDown":
      return sameDayIn(date, 1);
    default:
      return null;
  }
}

type Day = { date: string; off: { employee_id: string; name: string; status: string }[] };

/** The month's days in rows of seven, Monday first, with blanks before the 1st and after the last. */
function weeksOf(blanks: number, days: readonly Day[]) {
  const cells: (Day | null)[] = [...Array.from({ length: blanks }, () => null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push({ key: `w${i}`, cells: cells.slice(i, i + 7) });
  return weeks;
}
