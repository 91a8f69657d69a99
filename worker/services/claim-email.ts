import type { PlannedShift } from "../domain/rota";
import { shiftLine } from "./rota-mail";
import type { StaffNotice } from "./staff-notify";

// What a staff member is told when their claim on an open shift is decided (docs/staff-app.md, "My shifts,
// availability and open shifts").

export function claimDecisionNotice(
  shift: PlannedShift,
  locationName: string,
  zone: string,
  approved: boolean,
): StaffNotice {
  const line = shiftLine(shift, zone);
  return approved
    ? {
        kind: "claim",
        subject: `The shift you claimed at ${locationName} is yours`,
        text: `Your claim was approved: ${line}.\n\nIt's in your shifts in the staff app now.`,
        path: "/me",
      }
    : {
        kind: "claim",
        subject: `The shift you claimed at ${locationName} went to someone else`,
        text: `Your claim on this open shift was not approved: ${line}.\n\nOther open shifts are in the staff app.`,
        path: "/me",
      };
}
