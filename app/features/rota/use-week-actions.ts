import type { PublishResponse, RotaWarning } from "@contracts/rota";
import { addDays, formatDate, type LocalDate } from "@domain/time-zone";
import { useState } from "react";
import { ApiFailure, detailOr } from "../../lib/api";
import { toast } from "../../lib/toast";
import { rotaCalls, useRotaChange } from "./api";

// The toolbar's week-wide actions: copy last week, clear the week's drafts, and publish, which the API refuses
// with 409 and the week's warnings until the manager acknowledges them ("Publish anyway").

export type WeekDialog =
  | { kind: "copy" }
  | { kind: "clear" }
  | { kind: "warnings"; detail: string; warnings: RotaWarning[] }
  | null;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The warnings a 409 from publish carries, or null for any other failure. */
function refusedWarnings(error: unknown): { detail: string; warnings: RotaWarning[] } | null {
  if (!(error instanceof ApiFailure) || error.status !== 409) return null;
  const body = error.body as { warnings?: unknown } | null;
  const warnings = Array.isArray(body?.warnings) ? (body.warnings as RotaWarning[]) : [];
  return { detail: error.detail ?? "This week has working-time warnings.", warnings };
}

/** `onDone`: an action has ended and closed its dialog (the focus goes back to where it was). */
export function useWeekActions(locationId: string, week: LocalDate, onDone: () => void) {
  const [dialog, setDialog] = useState<WeekDialog>(null);
  const done = () => {
    setDialog(null);
    onDone();
  };
  /** After publishing: staff with shifts but no e-mail address, for the manager to tell. */
  const [untold, setUntold] = useState<PublishResponse["not_notified"]>([]);
  const copy = useRotaChange(locationId, () =>
    rotaCalls.copyWeek(locationId, { from_week: addDays(week, -7), to_week: week }),
  );
  const clear = useRotaChange(locationId, () => rotaCalls.clearWeek(locationId, week));
  const publish = useRotaChange(locationId, (acknowledge: boolean) =>
    rotaCalls.publish(locationId, acknowledge ? { week, acknowledge_warnings: true } : { week }),
  );

  async function copyLastWeek() {
    try {
      const { copied, skipped } = await copy.mutateAsync(undefined);
      const rest = skipped > 0 ? `; ${plural(skipped, "shift")} skipped (already there or overlapping)` : "";
      toast.success(
        `Copied ${plural(copied, "shift")} from the week of ${formatDate(addDays(week, -7))}${rest}.`,
      );
      done();
    } catch (error) {
      toast.error(detailOr(error, "Last week could not be copied."));
    }
  }

  async function clearWeek() {
    try {
      const { deleted } = await clear.mutateAsync(undefined);
      toast.success(`Deleted ${plural(deleted, "draft shift")}.`);
      done();
    } catch (error) {
      toast.error(detailOr(error, "The week could not be cleared."));
    }
  }

  async function publishWeek(acknowledge: boolean) {
    try {
      const answer = await publish.mutateAsync(acknowledge);
      done();
      setUntold(answer.not_notified);
      toast.success(`Published. ${plural(answer.notified.length, "staff member", "staff")} e-mailed.`);
    } catch (error) {
      const refused = refusedWarnings(error);
      if (refused && !acknowledge) setDialog({ kind: "warnings", ...refused });
      else toast.error(detailOr(error, "The week could not be published."));
    }
  }

  return {
    dialog,
    setDialog,
    close: done,
    untold,
    dismissUntold: () => setUntold([]),
    copyLastWeek,
    clearWeek,
    publishWeek,
    busy: copy.isPending || clear.isPending || publish.isPending,
  };
}
