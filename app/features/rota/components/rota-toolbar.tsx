import type { RotaWeekResponse } from "@contracts/rota";
import { formatDateAt } from "@domain/time-zone";
import { detailOr } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { downloadRotaPdf } from "../api";
import { actualText, plannedText } from "../figures";
import { printRota } from "../print";
import type { useWeekActions } from "../use-week-actions";

type Props = {
  locationId: string;
  week: string;
  timeZone: string;
  rota: RotaWeekResponse | undefined;
  canEdit: boolean;
  actions: ReturnType<typeof useWeekActions>;
  /** The focus goes back to the button that opened a dialog. */
  remember: () => void;
  onTemplates: () => void;
  /** An employee's name as the grid shows it, for one the answer names without it. */
  nameOf: (employeeId: string) => string;
};

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;

/** The week's state and figures, and its tools: Templates, Copy last week, Clear week, Print, PDF, Publish. */
export function RotaToolbar({
  locationId,
  week,
  timeZone,
  rota,
  canEdit,
  actions,
  remember,
  onTemplates,
  nameOf,
}: Props) {
  const shifts = rota?.shifts ?? [];
  const unpublished = shifts.filter((shift) => !shift.published).length;
  const actual = rota ? actualText(rota.totals.week) : null;
  const open = (kind: "copy" | "clear") => {
    remember();
    actions.setDialog({ kind });
  };
  const status = [
    rota?.published_at
      ? `Published ${formatDateAt(Date.parse(rota.published_at), timeZone)}`
      : "Not published yet",
    unpublished > 0 ? `${plural(unpublished, "shift")} not yet published` : null,
    rota ? `Planned ${plannedText(rota.totals.week)}` : null,
    actual === null ? null : `Actual ${actual}`,
  ];
  return (
    <>
      <div className="rota__bar">
        <p className="muted small rota__status">{status.filter(Boolean).join(" · ")}</p>
        <div className="rota__tools">
          {canEdit && (
            <>
              <button type="button" className="button button--ghost button--small" onClick={onTemplates}>
                Templates
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={actions.busy}
                onClick={() => open("copy")}
              >
                Copy last week
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={actions.busy || unpublished === 0}
                onClick={() => open("clear")}
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
            onClick={() =>
              downloadRotaPdf(locationId, week).catch((error: unknown) =>
                toast.error(detailOr(error, "The PDF could not be downloaded.")),
              )
            }
          >
            PDF
          </button>
          {canEdit && (
            <button
              type="button"
              className="button button--small"
              disabled={actions.busy || shifts.length === 0}
              onClick={() => {
                remember();
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
            <strong>
              {actions.untold.map((person) => person.name || nameOf(person.employee_id)).join(", ")}
            </strong>
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
    </>
  );
}
