import type { Location } from "@contracts/locations";
import type { RotaShift } from "@contracts/rota";
import { formatDate, type LocalDate } from "@domain/time-zone";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { WeekNav } from "../../../components/week-nav";
import { useCan } from "../../../lib/permissions";
import { mondayOf, todayIn, useFocusRescue, weekDates } from "../../timesheets";
import { employeesQuery, rotaWeekQuery } from "../api";
import { cellsOf, leaveOf, nameOf, rotaRows, warningsByShift } from "../rows";
import { useNarrow } from "../use-narrow";
import { useShiftMove } from "../use-shift-move";
import { useWeekActions } from "../use-week-actions";
import { ClaimsPanel } from "./claims-panel";
import { RotaDayList } from "./rota-day-list";
import { RotaGrid } from "./rota-grid";
import { RotaToolbar } from "./rota-toolbar";
import { ShiftDialog } from "./shift-dialog";
import { TemplatesDialog } from "./templates-dialog";
import { WarningsList } from "./warnings-list";
import { WeekDialogs } from "./week-dialogs";
import "../rota.css";

type Open =
  | { kind: "shift"; shift: RotaShift | null; employeeId: string | null; date: LocalDate }
  | { kind: "templates" }
  | null;

/** The Rota tab: a location's week of planned shifts, its figures and warnings, and the tools to plan it. */
export function RotaTab({ location }: { location: Location }) {
  const timeZone = location.timezone;
  const today = todayIn(timeZone);
  const thisMonday = mondayOf(today);
  const [week, setWeek] = useState(thisMonday);
  const can = useCan();
  const canEdit = can("rota:edit");
  const narrow = useNarrow();
  const rota = useQuery(rotaWeekQuery(location.id, week));
  const staff = useQuery(employeesQuery(location.id));
  const employees = staff.data?.employees ?? [];
  const shifts = rota.data?.shifts ?? [];
  const warnings = rota.data?.warnings ?? [];
  const dates = useMemo(() => weekDates(week), [week]);
  const rows = useMemo(() => rotaRows(employees, shifts), [employees, shifts]);
  const shiftsIn = useMemo(() => cellsOf(shifts, timeZone), [shifts, timeZone]);
  const warningsOf = useMemo(() => warningsByShift(warnings), [warnings]);
  const leaveOn = useMemo(() => leaveOf(rota.data?.leave ?? []), [rota.data]);
  const move = useShiftMove({ locationId: location.id, timeZone, rows, dates, shifts });
  const [open, setOpen] = useState<Open>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = useFocusRescue(heading, rota.data);
  const actions = useWeekActions(location.id, week, () => focus.check(true));

  function show(next: Open) {
    focus.remember();
    setOpen(next);
  }
  function close() {
    setOpen(null);
    focus.check(true);
  }
  const openShift = (shift: RotaShift) =>
    show({ kind: "shift", shift, employeeId: shift.employee_id, date: week });
  const addShift = (employeeId: string | null, date: LocalDate) =>
    show({ kind: "shift", shift: null, employeeId, date });

  return (
    <div className="rota">
      <div className="rota__bar">
        <h2 ref={heading} tabIndex={-1} className="rota__title">
          Rota: week of {formatDate(week)}
        </h2>
        <div className="rota__weeks">
          <WeekNav
            monday={week}
            thisMonday={thisMonday}
            future
            onChange={(monday) => {
              setWeek(monday);
              actions.dismissUntold();
              move.cancel();
            }}
          />
        </div>
      </div>
      <RotaToolbar
        locationId={location.id}
        week={week}
        timeZone={timeZone}
        rota={rota.data}
        canEdit={canEdit}
        actions={actions}
        remember={focus.remember}
        onTemplates={() => show({ kind: "templates" })}
        nameOf={(employeeId) => nameOf(rows, employeeId)}
      />
      {canEdit && !narrow && (
        <p className="muted small rota__hint">
          Drag a shift to another day or person to move it; hold Alt (Option on a Mac) as you drop to copy it.
          With the keyboard: focus a shift, press M to move or C to copy, the arrow keys to choose, Enter to
          drop.
        </p>
      )}
      {canEdit && <ClaimsPanel locationId={location.id} timeZone={timeZone} />}
      <p className="visually-hidden" aria-live="polite">
        {move.announcement}
      </p>
      {rota.isPending || staff.isPending ? (
        <p className="muted tab-panel__loading">Loading…</p>
      ) : rota.isError || staff.isError ? (
        <p className="notice notice--error">Could not load the rota. Please try again.</p>
      ) : (
        <div className="rota-print">
          <h2 className="rota-print__title">
            {location.name}: rota for the week of {formatDate(week)}
          </h2>
          {narrow ? (
            <RotaDayList
              rows={rows}
              dates={dates}
              today={today}
              timeZone={timeZone}
              totals={rota.data.totals}
              shifts={shifts}
              leaveOn={leaveOn}
              warningsOf={warningsOf}
              canEdit={canEdit}
              onOpen={canEdit ? openShift : undefined}
              onAdd={addShift}
            />
          ) : (
            <RotaGrid
              rows={rows}
              dates={dates}
              today={today}
              timeZone={timeZone}
              totals={rota.data.totals}
              shiftsIn={shiftsIn}
              leaveOn={leaveOn}
              warningsOf={warningsOf}
              canEdit={canEdit}
              move={move}
              onOpen={canEdit ? openShift : undefined}
              onAdd={addShift}
            />
          )}
        </div>
      )}
      {warnings.length > 0 && (
        <section className="rota__warnings" aria-labelledby="rota-warnings-heading">
          <h3 id="rota-warnings-heading">Working-time warnings ({warnings.length})</h3>
          <WarningsList warnings={warnings} />
        </section>
      )}
      {open?.kind === "shift" && (
        <ShiftDialog
          locationId={location.id}
          timeZone={timeZone}
          rows={rows}
          shift={open.shift}
          employeeId={open.employeeId}
          date={open.date}
          onClose={close}
        />
      )}
      {open?.kind === "templates" && <TemplatesDialog locationId={location.id} onClose={close} />}
      <WeekDialogs
        week={week}
        unpublished={shifts.filter((shift) => !shift.published).length}
        actions={actions}
      />
    </div>
  );
}
