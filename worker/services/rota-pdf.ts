import type { Location } from "../contracts/locations";
import type { Db } from "../db/client";
import { locationStaff } from "../db/employees";
import { fullNameOf } from "../domain/staff-hours-rows";
import { drawRotaSheet, rotaSheet } from "./rota-sheet";
import { readRotaWeek } from "./rota-week";

/** The PDF of a location's week. */
export async function renderRotaPdf(env: Env, db: Db, location: Location, week: string): Promise<Uint8Array> {
  const [read, staff] = await Promise.all([
    readRotaWeek(env, location, week),
    locationStaff(db, location.id),
  ]);
  const names = new Map(staff.map((member) => [member.id, fullNameOf(member)]));
  const sheet = rotaSheet({
    locationName: location.name,
    week,
    timeZone: read.timeZone,
    publishedAt: read.publication?.publishedAt ?? null,
    shifts: read.planned,
    names,
  });
  return drawRotaSheet(sheet);
}
