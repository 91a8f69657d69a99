import { useState } from "react";
import { detailOr } from "../../lib/api";
import { toast } from "../../lib/toast";

// What the timesheet's entry dialogs share (./components/entry-dialog.tsx, ./components/add-entry-dialog.tsx).

const SAVE_FAILED = "Could not save the entry. Please try again.";

export type EntryDialogProps = {
  locationId: string;
  timeZone: string;
  /** The employee's name, for the title. */
  name: string;
  /** After a correction is recorded: what else shows these hours is stale. */
  onChanged?: () => void;
  onClose: () => void;
};

export /** The first problem a request schema finds, in the product's words. */
function problemOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? SAVE_FAILED);
}

export /** Runs a correction: on success toasts and closes; on failure shows the server's detail and stays open. */
function useRun(onClose: () => void) {
  const [error, setError] = useState<string | null>(null);
  async function run<Input>(
    mutation: { mutateAsync: (input: Input) => Promise<unknown> },
    input: Input,
    success: string,
  ) {
    setError(null);
    try {
      await mutation.mutateAsync(input);
    } catch (failure) {
      setError(detailOr(failure, SAVE_FAILED));
      return;
    }
    toast.success(success);
    onClose();
  }
  return { error, setError, run };
}
