import { describe, expect, it } from "vitest";
import type { PlannedShift } from "../../worker/domain/rota";
import {
  matchShifts,
  paidToRota,
  planAgainstActual,
  type WorkedEntry,
} from "../../worker/domain/rota-variance";

// Which entry worked which published shift, by how much it differed, who never came, and the time a rota pays.

const at = (iso: string) => Date.parse(iso);
const LONDON = "Europe/London";
const NOW = at("2026-11-27T12:00:00Z");
const context = { now: NOW, timeZone: LONDON };

const shift = (id: string, start: string, end: string, employeeId: string | null = "jane"): PlannedShift => ({
  id,
  employeeId,
  start: at(start),
  end: at(end),
  breakMinutes: 30,
  role: null,
  notes: null,
});
const entry = (id: string, checkIn: string, checkOut: string | null, employeeId = "jane"): WorkedEntry => ({
  id,
  employeeId,
  checkIn: at(checkIn),
  checkOut: checkOut === null ? null : at(checkOut),
});

const nineToFive = shift("s1", "2026-11-23T09:00:00Z", "2026-11-23T17:00:00Z");

describe("the variance of an entry from its shift", () => {
  it("is nothing at all for an entry exactly on time", () => {
    const e = entry("e1", "2026-11-23T09:00:00Z", "2026-11-23T17:00:00Z");
    const { planned, variance, noShows } = planAgainstActual([e], [nineToFive], context);
    expect(planned.get("e1")?.id).toBe("s1");
    expect(variance.get("e1")).toEqual({
      unplanned: false,
      lateMinutes: 0,
      startedEarlyMinutes: 0,
      leftEarlyMinutes: 0,
      overMinutes: 0,
    });
    expect(noShows).toEqual([]);
  });

  it("is one minute late for a check-in in the minute after the start, and not late within the start's minute", () => {
    const late = entry("e1", "2026-11-23T09:01:00Z", "2026-11-23T17:00:00Z");
    expect(planAgainstActual([late], [nineToFive], context).variance.get("e1")?.lateMinutes).toBe(1);
    const onTime = entry("e2", "2026-11-23T09:00:59Z", "2026-11-23T17:00:00Z");
    expect(planAgainstActual([onTime], [nineToFive], context).variance.get("e2")?.lateMinutes).toBe(0);
  });

  it("says started early, left early and over by the minutes either side of the shift", () => {
    const early = entry("e1", "2026-11-23T08:45:00Z", "2026-11-23T16:30:00Z");
    expect(planAgainstActual([early], [nineToFive], context).variance.get("e1")).toMatchObject({
      startedEarlyMinutes: 15,
      leftEarlyMinutes: 30,
      overMinutes: 0,
    });
    const over = entry("e2", "2026-11-23T09:00:00Z", "2026-11-23T17:20:00Z");
    expect(planAgainstActual([over], [nineToFive], context).variance.get("e2")).toMatchObject({
      leftEarlyMinutes: 0,
      overMinutes: 20,
    });
  });

  it("matches an overnight shift across midnight to the entry that worked it", () => {
    const night = shift("n1", "2026-11-23T22:00:00Z", "2026-11-24T06:00:00Z");
    const e = entry("e1", "2026-11-23T22:07:00Z", "2026-11-24T06:00:00Z");
    const result = planAgainstActual([e], [night], context);
    expect(result.planned.get("e1")?.id).toBe("n1");
    expect(result.variance.get("e1")?.lateMinutes).toBe(7);
  });

  it("matches two shifts in a day each to its own entry, and the one nobody worked is a no-show", () => {
    const morning = shift("am", "2026-11-23T07:00:00Z", "2026-11-23T11:00:00Z");
    const evening = shift("pm", "2026-11-23T17:00:00Z", "2026-11-23T21:00:00Z");
    const e = entry("e1", "2026-11-23T17:05:00Z", "2026-11-23T21:00:00Z");
    const result = planAgainstActual([e], [morning, evening], context);
    expect(result.planned.get("e1")?.id).toBe("pm");
    expect(result.noShows.map((s) => s.id)).toEqual(["am"]);
  });

  it("gives a shift worked in two entries (out for lunch and back) to both: late on the first, early on the last", () => {
    const morning = entry("e1", "2026-11-23T09:07:00Z", "2026-11-23T13:00:00Z");
    const afternoon = entry("e2", "2026-11-23T13:30:00Z", "2026-11-23T16:50:00Z");
    const matched = matchShifts([afternoon, morning], [nineToFive], NOW);
    expect([matched.get("e1")?.id, matched.get("e2")?.id]).toEqual(["s1", "s1"]);
    const result = planAgainstActual([afternoon, morning], [nineToFive], context);
    expect(result.variance.get("e1")).toEqual({
      unplanned: false,
      lateMinutes: 7,
      startedEarlyMinutes: 0,
      leftEarlyMinutes: 0,
      overMinutes: 0,
    });
    expect(result.variance.get("e2")).toEqual({
      unplanned: false,
      lateMinutes: 0,
      startedEarlyMinutes: 0,
      leftEarlyMinutes: 10,
      overMinutes: 0,
    });
    expect(result.noShows).toEqual([]);
  });

  it("on equal overlaps takes the shift whose start is nearer the check-in", () => {
    const a = shift("a", "2026-11-23T09:00:00Z", "2026-11-23T10:00:00Z");
    const b = shift("b", "2026-11-23T10:00:00Z", "2026-11-23T12:00:00Z");
    // 40 minutes of each; in 20 minutes after a's start, 40 before b's.
    const e = entry("e1", "2026-11-23T09:20:00Z", "2026-11-23T10:40:00Z");
    expect(matchShifts([e], [b, a], NOW).get("e1")?.id).toBe("a");
    const later = entry("e2", "2026-11-23T09:40:00Z", "2026-11-23T10:20:00Z");
    expect(matchShifts([later], [a, b], NOW).get("e2")?.id).toBe("b");
  });

  it("counts a late arrival in real minutes across the October clock change", () => {
    // 25 October 2026: 01:00 BST becomes 01:00 GMT again. A shift from 00:30 BST (23:30Z) to 08:00 GMT.
    const night = shift("oct", "2026-10-24T23:30:00Z", "2026-10-25T08:00:00Z");
    const e = entry("e1", "2026-10-25T01:10:00Z", "2026-10-25T08:00:00Z");
    const result = planAgainstActual([e], [night], context);
    // 01:10 GMT is 100 minutes after 00:30 BST though the wall clock moved 40.
    expect(result.variance.get("e1")?.lateMinutes).toBe(100);
  });

  it("is unplanned in a week on the rota, and nothing at all in a week without one", () => {
    const other = entry("e1", "2026-11-24T09:00:00Z", "2026-11-24T17:00:00Z");
    expect(planAgainstActual([other], [nineToFive], context).variance.get("e1")?.unplanned).toBe(true);
    const noRota = entry("e2", "2026-11-17T09:00:00Z", "2026-11-17T17:00:00Z");
    expect(planAgainstActual([noRota], [nineToFive], context).variance.has("e2")).toBe(false);
    expect(planAgainstActual([noRota], [], context).variance.size).toBe(0);
  });

  it("is not a no-show before the shift is over, nor for an open shift", () => {
    const later = shift("later", "2026-11-27T11:00:00Z", "2026-11-27T19:00:00Z");
    const open = shift("open", "2026-11-23T09:00:00Z", "2026-11-23T17:00:00Z", null);
    expect(planAgainstActual([], [later, open], context).noShows).toEqual([]);
  });
});

describe("pay to the rota", () => {
  const session = (checkIn: string, checkOut: string | null) => ({
    id: "e1",
    employeeId: "jane",
    checkIn: at(checkIn),
    checkOut: checkOut === null ? null : at(checkOut),
  });

  it("pays from the shift's start to its end when the entry runs either side", () => {
    const [paid] = paidToRota(
      [session("2026-11-23T08:40:00Z", "2026-11-23T17:25:00Z")],
      [nineToFive],
      new Set(),
      NOW,
    );
    expect(paid).toMatchObject({ checkIn: nineToFive.start, checkOut: nineToFive.end });
  });

  it("pays to the check-out when a manager approved the overtime", () => {
    const [paid] = paidToRota(
      [session("2026-11-23T08:40:00Z", "2026-11-23T17:25:00Z")],
      [nineToFive],
      new Set(["e1"]),
      NOW,
    );
    expect(paid).toMatchObject({ checkIn: nineToFive.start, checkOut: at("2026-11-23T17:25:00Z") });
  });

  it("pays a late arrival and an early leaver as recorded, and an entry with no shift as recorded", () => {
    const late = session("2026-11-23T09:12:00Z", "2026-11-23T16:50:00Z");
    expect(paidToRota([late], [nineToFive], new Set(), NOW)[0]).toBe(late);
    const other = session("2026-11-24T09:00:00Z", "2026-11-24T18:00:00Z");
    expect(paidToRota([other], [nineToFive], new Set(), NOW)[0]).toBe(other);
  });

  it("keeps breaks to the paid time and leaves an open entry open", () => {
    const withBreak = {
      ...session("2026-11-23T08:30:00Z", "2026-11-23T17:30:00Z"),
      breaks: [
        { start: at("2026-11-23T08:35:00Z"), end: at("2026-11-23T08:50:00Z") },
        { start: at("2026-11-23T12:00:00Z"), end: at("2026-11-23T12:30:00Z") },
      ],
    };
    const [paid] = paidToRota([withBreak], [nineToFive], new Set(), NOW);
    expect(paid?.breaks).toEqual([{ start: at("2026-11-23T12:00:00Z"), end: at("2026-11-23T12:30:00Z") }]);
    const [open] = paidToRota(
      [session("2026-11-23T08:30:00Z", null)],
      [nineToFive],
      new Set(),
      at("2026-11-23T12:00:00Z"),
    );
    expect(open).toMatchObject({ checkIn: nineToFive.start, checkOut: null });
  });
});
