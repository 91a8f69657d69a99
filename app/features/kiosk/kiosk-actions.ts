import type { KioskAction } from "@contracts/kiosk";

// The kiosk's first step. The action names are typed against the contract, not imported from it: the
// contract's values come with zod, which the kiosk page does without.

export const ACTION_LABEL: Record<KioskAction, string> = {
  check_in: "Check In",
  check_out: "Check Out",
  break_start: "Start Break",
  break_end: "End Break",
};

const SPEC_ACTIONS = ["check_in", "check_out"] as const satisfies readonly KioskAction[];
const WITH_BREAKS = [...SPEC_ACTIONS, "break_start", "break_end"] as const satisfies readonly KioskAction[];

/** Clock in and clock out, and the break buttons too at a location whose staff clock their breaks. */
export const kioskActions = (recordBreaks: boolean): readonly KioskAction[] =>
  recordBreaks ? WITH_BREAKS : SPEC_ACTIONS;
