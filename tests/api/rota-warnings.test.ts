import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findOwnedLocation } from "../../worker/db/locations";
import type { PlannedShift } from "../../worker/domain/rota";
import { rotaWarnings } from "../../worker/services/rota-checks";
import { insertSession, insertStatusPeriod } from "../support/hours";
import { db, JANE, RAVI, shopWith } from "../support/kiosk";

// The week's warnings as the publish and the week's read ask for them (docs/rota.md, "Working-time checks on
// the plan"): what was worked, read from the location's hub, with the planned week; leave from its statuses.

const WEEK = "2026-12-07";
const NOW = Date.parse("2026-12-06T23:30:00Z");
let count = 0;
const shift = (employeeId: string | null, start: string, end: string, breakMinutes = 0): PlannedShift => ({
  id: `planned-${++count}`,
  employeeId,
  start: Date.parse(start),
  end: Date.parse(end),
  breakMinutes,
  role: null,
  notes: null,
});

describe("the planned week's working-time warnings", () => {
  it("counts last night's worked shift, recorded leave, and drafts, and nothing for open shifts", async () => {
    const { manager, locationId, employees } = await shopWith([JANE, RAVI]);
    const [jane, ravi] = employees.map((e) => e.id) as [string, string];
    const location = await findOwnedLocation(db(), manager.id, locationId);
    if (!location) throw new Error("no location");
    await insertSession(locationId, jane, "2026-12-06T15:00:00Z", "2026-12-06T23:00:00Z");
    await insertStatusPeriod(ravi, "sick_leave", "2026-12-09", "2026-12-09");
    const janeMonday = shift(jane, "2026-12-07T07:00:00Z", "2026-12-07T12:00:00Z");
    const janeTuesday = shift(jane, "2026-12-08T09:00:00Z", "2026-12-08T15:01:00Z");
    const raviWednesday = shift(ravi, "2026-12-09T09:00:00Z", "2026-12-09T13:00:00Z");
    const raviThursday = shift(ravi, "2026-12-10T09:00:00Z", "2026-12-10T13:00:00Z");
    const open = shift(null, "2026-12-07T06:00:00Z", "2026-12-07T21:00:00Z");
    const warnings = await rotaWarnings(
      env,
      db(),
      location,
      WEEK,
      [janeMonday, janeTuesday, raviWednesday, raviThursday, open],
      NOW,
    );
    expect(warnings.map((w) => [w.rule, w.shift_id, w.employee_id])).toEqual([
      ["daily_rest", janeMonday.id, jane],
      ["rest_break", janeTuesday.id, jane],
      ["on_leave", raviWednesday.id, ravi],
    ]);
    expect(warnings[0]?.detail).toBe(
      "Only 8 hours' rest between Sun 23:00 and Mon 07:00; 11 hours are needed.",
    );
    expect(warnings[2]?.detail).toBe("Ravi Kumar is on sick leave on Wednesday 09/12/2026.");
  });

  it("has nothing to say about a week of open shifts only", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const location = await findOwnedLocation(db(), manager.id, locationId);
    if (!location) throw new Error("no location");
    const open = shift(null, "2026-12-07T06:00:00Z", "2026-12-07T21:00:00Z");
    expect(await rotaWarnings(env, db(), location, WEEK, [open], NOW)).toEqual([]);
  });
});
