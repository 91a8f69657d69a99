import type { Db } from "../db/client";
import { safeTimeZone } from "../domain/local-time";
import type { TimeRange } from "../domain/ranges";
import { type PlanFigures, planFigures } from "../domain/rota-figures";
import { fullNameOf } from "../domain/staff-hours-rows";
import { hubFor } from "../durable/client";
import { staffHoursOf } from "./staff-hours";

/**
 * Planned against actual at a location for a period, per employee (docs/rota.md, "Reports"), or null when it
 * had no published shift in it. The published shifts and the entries come from the location's hub; the time
 * worked is the hours engine's, as worked (pay to the rota left out).
 */
export async function planAgainstWorked(
  env: Env,
  db: Db,
  location: { id: string; timezone: string },
  bounds: TimeRange,
  now: number,
): Promise<Map<string, PlanFigures & { name: string }> | null> {
  const hub = hubFor(env, location.id);
  const period = { start: bounds.start, end: bounds.end };
  const [rota, sessions] = await Promise.all([hub.rotaAgainst(period), hub.sessions(period)]);
  const context = { now, timeZone: safeTimeZone(location.timezone), period };
  if (!planFigures([], rota.shifts, new Map(), context)) return null;
  const staff = await staffHoursOf(env, db, location, bounds, now, sessions, { asWorked: true });
  const worked = new Map(staff.map(({ member, hours }) => [member.id, hours.workedMinutes]));
  const names = new Map(staff.map(({ member }) => [member.id, fullNameOf(member)]));
  const figures = planFigures(sessions, rota.shifts, worked, context) ?? new Map();
  return new Map(
    [...figures].map(([id, mine]) => [id, { ...mine, name: names.get(id) ?? "A former employee" }]),
  );
}
