import type { TimesheetEntry } from "@contracts/timesheets";
import { timesheetChanges, useTimesheetChange } from "../api";
import { paidText, plannedText, runsOver } from "../rota";
import { stampOf } from "../time";
import { useRun } from "../use-entry-correction";
import { ErrorAlert } from "./entry-fields";

/**
 * The rota on an entry (docs/rota.md): its planned shift and the variance, the pay rule where pay to the rota
 * applies, and, when it ran past its shift, the manager's approval of the overtime. Nothing without a rota.
 */
export function EntryPlan({
  entry,
  locationId,
  timeZone,
  mayApprove,
  onChanged,
  onClose,
}: {
  entry: TimesheetEntry;
  locationId: string;
  timeZone: string;
  /** May correct timesheets, and the entry is neither void nor locked. */
  mayApprove: boolean;
  onChanged?: () => void;
  onClose: () => void;
}) {
  const { error, run } = useRun(onClose);
  const overtime = useTimesheetChange(
    locationId,
    (approved: boolean) => timesheetChanges.overtime(locationId, entry.id, approved),
    onChanged,
  );
  const plan = plannedText(entry, timeZone);
  if (!plan) return null;
  const paid = paidText(entry, timeZone);
  const approval = entry.overtime_approved;
  return (
    <div className="entry-dialog__plan">
      <p>
        <strong>{plan}</strong>
      </p>
      {paid && <p className="notice">{paid}: the recorded times stay as they are.</p>}
      {approval && (
        <p>
          Overtime approved by {approval.by}, {stampOf(approval.at, timeZone)}: paid to the check-out.
        </p>
      )}
      {runsOver(entry) && mayApprove && (
        <div>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={overtime.isPending}
            onClick={() =>
              void run(
                overtime,
                !approval,
                approval ? "Overtime approval withdrawn" : "Overtime approved: paid to the check-out",
              )
            }
          >
            {approval ? "Withdraw overtime approval" : "Approve overtime"}
          </button>
        </div>
      )}
      <ErrorAlert message={error} />
    </div>
  );
}
