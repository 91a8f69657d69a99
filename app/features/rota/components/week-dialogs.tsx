import { addDays, formatDate } from "@domain/time-zone";
import type { useWeekActions } from "../use-week-actions";
import { ConfirmDialog } from "./confirm-dialog";
import { WarningsList } from "./warnings-list";

type Props = {
  week: string;
  /** The week's shifts not yet published: what Clear week deletes. */
  unpublished: number;
  actions: ReturnType<typeof useWeekActions>;
};

/** The toolbar's confirmations: copy last week, clear the week's drafts, publish past the warnings. */
export function WeekDialogs({ week, unpublished, actions }: Props) {
  const { dialog } = actions;
  if (dialog?.kind === "copy") {
    return (
      <ConfirmDialog
        title="Copy last week"
        confirmLabel="Copy last week"
        busy={actions.busy}
        onConfirm={() => void actions.copyLastWeek()}
        onClose={actions.close}
      >
        <p>
          Copy the shifts of the week of {formatDate(addDays(week, -7))} into this week as drafts? Shifts that
          would overlap one already here are skipped.
        </p>
      </ConfirmDialog>
    );
  }
  if (dialog?.kind === "clear") {
    return (
      <ConfirmDialog
        title="Clear week"
        confirmLabel="Delete drafts"
        busy={actions.busy}
        onConfirm={() => void actions.clearWeek()}
        onClose={actions.close}
      >
        <p>
          Delete this week's draft shifts ({unpublished} not yet published)? Published shifts stay until you
          delete each one.
        </p>
      </ConfirmDialog>
    );
  }
  if (dialog?.kind === "warnings") {
    return (
      <ConfirmDialog
        title="Publish with working-time warnings?"
        confirmLabel="Publish anyway"
        busy={actions.busy}
        onConfirm={() => void actions.publishWeek(true)}
        onClose={actions.close}
      >
        <p>{dialog.detail}</p>
        <WarningsList warnings={dialog.warnings} />
      </ConfirmDialog>
    );
  }
  return null;
}
