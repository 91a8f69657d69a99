import type { Location } from "../contracts/locations";
import type { RotaWarning } from "../contracts/rota";
import type { Db } from "../db/client";
import type { PlannedShift } from "../domain/rota";

/**
 * The working-time warnings of a planned week (docs/rota.md, "Working-time checks on the plan"): the
 * Compliance tab's rules on the week's planned shifts (drafts included) together with the hours already
 * worked, and leave or sickness on a planned day. Open shifts are nobody's and raise none.
 */
export async function rotaWarnings(
  _env: Env,
  _db: Db,
  _location: Location,
  _week: string,
  _shifts: readonly PlannedShift[],
  _now: number,
): Promise<RotaWarning[]> {
  return [];
}
