import { describe, expect, it } from "vitest";
import { instantOfWallTime, rotaChanges, type StoredShift, shiftMovedToWeek } from "../../worker/domain/rota";
import { rotaTotals } from "../../worker/domain/rota-totals";

const LONDON = "Europe/London";
const at = (iso: string) => Date.parse(iso);

describe("a local wall-clock time in a zone", () => {
  it("is found on either side of a clock change", () => {
    expect(instantOfWallTime(at("2027-07-01T09:00:00Z"), LONDON)).toBe(at("2027-07-01T08:00:00Z"));
    expect(instantOfWallTime(at("2027-12-01T09:00:00Z"), LONDON)).toBe(at("2027-12-01T09:00:00Z"));
  });

  it("moves a time the clocks skip on by the hour skipped, and takes the first of a repeated one", () => {
    // 01:30 on 28/03/2027 does not exist in London (01:00 GMT becomes 02:00 BST): it is read as 02:30 BST.
    expect(instantOfWallTime(at("2027-03-28T01:30:00Z"), LONDON)).toBe(at("2027-03-28T01:30:00Z"));
    // 01:30 on 31/10/2027 happens twice: first in BST (00:30Z), then in GMT (01:30Z).
    expect(instantOfWallTime(at("2027-10-31T01:30:00Z"), LONDON)).toBe(at("2027-10-31T00:30:00Z"));
  });

  it("keeps a shift's weekday and local times when it moves to another week", () => {
    const moved = shiftMovedToWeek(
      { start: at("2027-10-25T08:00:00Z"), end: at("2027-10-25T16:00:00Z") },
      "2027-10-25",
      "2027-11-01",
      LONDON,
    );
    expect(moved).toEqual({ start: at("2027-11-01T09:00:00Z"), end: at("2027-11-01T17:00:00Z") });
  });
});

const stored = (fields: Partial<StoredShift> & { id: string }): StoredShift => ({
  employeeId: "jane",
  start: at("2027-03-01T09:00:00Z"),
  end: at("2027-03-01T17:00:00Z"),
  breakMinutes: 30,
  role: null,
  notes: null,
  week: "2027-03-01",
  published: null,
  deleted: false,
  ...fields,
});

describe("who is told when a week is published", () => {
  it("tells the one who lost a shift what they no longer have", () => {
    const { id: _id, week: _w, published: _p, deleted: _d, ...asShown } = stored({ id: "a" });
    const given = stored({ id: "a", employeeId: "ravi", published: asShown });
    const unchanged = stored({ id: "b", employeeId: "sam", published: { ...asShown, employeeId: "sam" } });
    const changes = rotaChanges([given, unchanged], false);
    expect(changes.map((c) => c.employeeId)).toEqual(["jane", "ravi"]);
    expect(changes[0]).toMatchObject({ shifts: [], cancelled: [{ id: "a", employeeId: "jane" }] });
    expect(changes[1]).toMatchObject({ shifts: [{ id: "a", employeeId: "ravi" }], cancelled: [] });
  });
});

describe("the week's planned figures", () => {
  it("rounds each day's cost to the penny and adds the days up for the week", () => {
    // 7 paid minutes at £10.01 an hour is 116.78p: 117p each day.
    const shift = (id: string, day: string) =>
      stored({ id, start: at(`${day}T09:00:00Z`), end: at(`${day}T09:07:00Z`), breakMinutes: 0 });
    const totals = rotaTotals({
      week: "2027-03-01",
      timeZone: LONDON,
      shifts: [shift("a", "2027-03-01"), shift("b", "2027-03-02")],
      hourlyRatePence: new Map([["jane", 1001]]),
      actual: new Map(),
    });
    expect(totals.days.slice(0, 2).map((d) => d.planned_cost_pence)).toEqual([117, 117]);
    expect(totals.week).toEqual({
      planned_minutes: 14,
      planned_cost_pence: 234,
      actual_minutes: null,
      actual_cost_pence: null,
    });
  });
});
