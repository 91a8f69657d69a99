import { describe, expect, it } from "vitest";
import { shiftImports } from "../../worker/db/schema";
import { weekBounds } from "../../worker/domain/rota";
import { db, hubStub, JANE, shopWith } from "../support/kiosk";

const HOUR = 3_600_000;
const ZONE = "Europe/London";

describe("shifts written outside the dashboard (the demo's seed)", () => {
  it("join the location's rota once, published as they were, and leave D1", async () => {
    const { locationId, employees } = await shopWith([JANE]);
    const jane = employees[0]?.id ?? "";
    // Monday 23/11/2026, 09:00 and 17:00 London (GMT).
    const start = Date.UTC(2026, 10, 23, 9);
    await db()
      .insert(shiftImports)
      .values([
        {
          id: "import-1",
          locationId,
          employeeId: jane,
          startAt: start,
          endAt: start + 8 * HOUR,
          breakMinutes: 30,
          role: "Barista",
          publishedBy: "demo-manager",
          publishedByName: "Demo Manager",
        },
        {
          id: "import-2",
          locationId,
          employeeId: null,
          startAt: start + 24 * HOUR,
          endAt: start + 30 * HOUR,
          breakMinutes: 0,
        },
      ]);
    const hub = hubStub(locationId);
    await hub.backfill();
    await hub.backfill();

    const week = await hub.rotaWeek("2026-11-23", weekBounds("2026-11-23", ZONE));
    expect(week.publication).toMatchObject({ publishedBy: "demo-manager", publishedByName: "Demo Manager" });
    expect(week.shifts.map((s) => [s.id, s.employeeId, s.role, s.week, s.published !== null])).toEqual([
      ["import-1", jane, "Barista", "2026-11-23", true],
      ["import-2", null, null, "2026-11-23", false],
    ]);
    // Only the published shift counts as planned outside the rota tab.
    const planned = await hub.plannedShifts({ start, end: start + 48 * HOUR });
    expect(planned.map((s) => [s.id, s.start, s.end, s.breakMinutes])).toEqual([
      ["import-1", start, start + 8 * HOUR, 30],
    ]);
    expect(await db().select().from(shiftImports)).toEqual([]);
  });
});
