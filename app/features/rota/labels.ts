import type { RotaShift } from "@contracts/rota";
import { dayAndMonth } from "../timesheets";
import type { ShiftTimes } from "./shift-time";

// What a shift's card says: its badge, and its name for a screen reader.

/** "Changed since publishing", "Draft", or nothing for a shift staff have as it stands. */
export function shiftBadge(shift: Pick<RotaShift, "published" | "changed_since_publish">): string | null {
  if (shift.changed_since_publish) return "Changed since publishing";
  return shift.published ? null : "Draft";
}

/** "Sam Patel, Tuesday 09:00 to 17:00, Barista". */
export function cardLabel(name: string, times: ShiftTimes, role: string | null): string {
  const weekday = dayAndMonth(times.date).split(" ")[0];
  return [name, `${weekday} ${times.start} to ${times.end}`, role].filter(Boolean).join(", ");
}
