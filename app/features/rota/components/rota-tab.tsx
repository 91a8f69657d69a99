import type { Location } from "@contracts/locations";
import type { RotaShift } from "@contracts/rota";
import { addDays, formatDate, formatDateAt, type LocalDate } from "@domain/time-zone";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { WeekNav } from "../../../components/week-nav";
import { useCan } from "../../../lib/permissions";
import { mondayOf, todayIn, useFocusRescue, weekDates } from "../../timesheets";
import { downloadRotaPdf, employeesQuery, rotaWeekQuery } from "../api";
import { actualText, plannedText } from "../figures";
import { printRota } from "../print";
import { cellsOf, rotaRows, warningsByShift } from "../rows";
import { useNarrow } from "../use-narrow";
import { useShiftMove } from "../use-shift-move";
import { useWeekActions } from "../use-week-actions";
import { ConfirmDialog } from "./confirm-dialog";
import { RotaDayList } from "./rota-day-list";
import { RotaGrid } from "./rota-grid";
import { ShiftDialog } from "./shift-dialog";
import { TemplatesDialog } from "./templates-dialog";
import { WarningsList } from "./warnings-list";
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
  const move = useShiftMove({ locationId: location.id, timeZone, rows, dates, shifts });
  const actions = useWeekActions(location.id, week);
  const [open, setOpen] = useState<Open>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = useFocusRescue(heading, rota.data);

  function show(next: Open) {
    focus.remember();
    setOpen(next);
  }
  function close() {
    setOpen(null);
    focus.check(true);
  }
  const closeWeekDialog = () => {
    actions.setDialog(null);
    focus.check(false);
  };
  const openShift = (shift: RotaShift) =>
    show({ kind: "shift", shift, employeeId: shift.employee_id, date: week });
  const addShift = (employeeId: string | null, date: LocalDate) =>
    show({ kind: "shift", shift: null, employeeId, date });

  const published = rota.data?.published_at;
  const drafts = shifts.filter((shift) => !shift.published).length;
  return (
    <div className="rota">
      <div className="rota__bar">
        <h2 ref={heading} tabIndex={-1} className="rota__title">
          Rota: week of {formatDate(week)}
        </h2>
        <div className="rota__weeks">
          <WeekNav monday={week} thisMonday={thisMonday} future onChange={setWeek} />
        </div>
      </div>
      <div className="rota__bar">
        <p className="muted small rota__status">
          {published ? `Published ${formatDateAt(Date.parse(published), timeZone)}` : "Not published yet"}
          {drafts > 0 && ` · ${drafts} ${drafts === 1 ? "shift" : "shifts"} not yet published`}
          {rota.data && ` · Planned ${plannedText(rota.data.totals.week)}`}
          {rota.data &&
            actualText(rota.data.totals.week) !== null &&
            ` · Actual ${actualText(rota.data.totals.week)}`}
        </p>
        <div className="rota__tools">
          {canEdit && (
            <>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => show({ kind: "templates" })}
              >
                Templates
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={actions.busy}
                onClick={() => {
                  focus.remember();
                  actions.setDialog({ kind: "copy" });
                }}
              >
                Copy last week
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={actions.busy || drafts === 0}
                onClick={() => {
                  focus.remember();
                  actions.setDialog({ kind: "clear" });
                }}
              >
                Clear week
              </button>
            </>
          )}
          <button type="button" className="button button--ghost button--small" onClick={printRota}>
            Print
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => void downloadRotaPdf(location.id, week)}
          >
            PDF
          </button>
          {canEdit && (
            <button
              type="button"
              className="button button--small"
              disabled={actions.busy || shifts.length === 0}
              onClick={() => {
                focus.remember();
                void actions.publishWeek(false);
              }}
            >
              Publish
            </button>
          )}
        </div>
      </div>
      {actions.untold.length > 0 && (
        <div className="notice notice--warning rota__untold" role="status">
          <p>
            These staff have no e-mail address: tell them their shifts yourself.{" "}
            <strong>{actions.untold.map((person) => person.name).join(", ")}</strong>
          </p>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={actions.dismissUntold}
          >
            Dismiss
          </button>
        </div>
      )}
      {canEdit && !narrow && (
        <p className="muted small rota__hint">
          Drag a shift to another day or person to move it; hold Alt (Option on a Mac) as you drop to copy it.
          With the keyboard: focus a shift, press M to move or C to copy, the arrow keys to choose, Enter to
          drop.
        </p>
      )}
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
              warningsOf={warningsOf}
              canEdit={canEdit}
              onOpen={openShift}
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
              warningsOf={warningsOf}
              canEdit={canEdit}
              move={move}
              onOpen={openShift}
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
      {actions.dialog?.kind === "copy" && (
        <ConfirmDialog
          title="Copy last week"
          confirmLabel="Copy last week"
          busy={actions.busy}
          onConfirm={() => void actions.copyLastWeek()}
          onClose={closeWeekDialog}
        >
          <p>
            Copy the shifts of the week of {formatDate(addDays(week, -7))} into this week as drafts? Shifts
            that would overlap one already here are skipped.
          </p>
        </ConfirmDialog>
      )}
      {actions.dialog?.kind === "clear" && (
        <ConfirmDialog
          title="Clear week"
          confirmLabel="Delete drafts"
          busy={actions.busy}
          onConfirm={() => void actions.clearWeek()}
          onClose={closeWeekDialog}
        >
          <p>
            Delete this week's {drafts} draft {drafts === 1 ? "shift" : "shifts"}? Published shifts stay until
            you delete each one.
          </p>
        </ConfirmDialog>
      )}
      {actions.dialog?.kind === "warnings" && (
        <ConfirmDialog
          title="Publish with working-time warnings?"
          confirmLabel="Publish anyway"
          busy={actions.busy}
          onConfirm={() => void actions.publishWeek(true)}
          onClose={closeWeekDialog}
        >
          <p>{actions.dialog.detail}</p>
          <WarningsList warnings={actions.dialog.warnings} />
        </ConfirmDialog>
      )}
    </div>
  );
}
