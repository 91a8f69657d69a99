import type { TimesheetEmployee, TimesheetEntry } from "@contracts/timesheets";
import type { LocalDate } from "@domain/time-zone";
import { useRef, useState } from "react";

/** The timesheet's open dialog: an entry to correct, or a day to add a missing shift to. */
export type EntryDialogState =
  | { kind: "edit"; entry: TimesheetEntry; name: string; locked: boolean }
  | { kind: "add"; employee: TimesheetEmployee; date: LocalDate }
  | null;

/** Opens and closes the timesheet's dialogs; the button that opened one takes the focus back when it closes. */
export function useEntryDialog() {
  const [dialog, setDialog] = useState<EntryDialogState>(null);
  // The opener stays through a refetch, so it is kept, not looked up again.
  const opener = useRef<HTMLElement | null>(null);
  const open = (next: EntryDialogState) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog(next);
  };
  const close = () => {
    setDialog(null);
    requestAnimationFrame(() => {
      if (opener.current?.isConnected) opener.current.focus();
    });
  };
  return { dialog, open, close };
}
