import { describe, expect, it } from "vitest";
import { localDayBounds } from "../../worker/domain/local-time";
import type { PlannedShift } from "../../worker/domain/rota";
import {
  boundaryPassed,
  nextRotaBoundary,
  type RotaLiveInput,
  type RotaSession,
  rotaLive,
} from "../../worker/domain/rota-live";

const ZONE = "Europe/London";
const at = (iso: string) => Date.parse(iso);
const THRESHOLDS = { lateGraceMinutes: 5, noShowMinutes: 30 };

/** Jane's 09:00–17:00 on Wednesday 18/11/2026 (GMT: local time is UTC). */
const NINE_TO_FIVE: PlannedShift = {
  id: "shift-1",
  employeeId: "jane",
  start: at("2026-11-18T09:00:00Z"),
  end: at("2026-11-18T17:00:00Z"),
  breakMinutes: 30,
  role: "Barista",
  notes: null,
};

function lists(now: number, sessions: RotaSession[] = [], more: Partial<RotaLiveInput> = {}) {
  return rotaLive({
    now,
    zone: ZONE,
    today: localDayBounds(now, ZONE),
    shifts: [NINE_TO_FIVE],
    sessions,
    names: new Map([
      ["jane", "Jane Smith"],
      ["ravi", "Ravi Kumar"],
    ]),
    onLeave: new Map(),
    ...THRESHOLDS,
    ...more,
  });
}

/** Which list Jane's shift is in at `now`, and with what minutes. */
function standing(now: number, sessions: RotaSession[] = []) {
  const live = lists(now, sessions);
  const found = (Object.keys(live) as (keyof typeof live)[]).flatMap((list) =>
    live[list].map((item) => ({ list, minutes: "minutes" in item ? item.minutes : undefined })),
  );
  return found;
}

const SHIFT_ITEM = {
  id: "jane",
  name: "Jane Smith",
  shift_id: "shift-1",
  shift: "09:00–17:00",
  role: "Barista",
  start_at: "2026-11-18T09:00:00.000Z",
  end_at: "2026-11-18T17:00:00.000Z",
};

describe("the rota against the day, not yet in", () => {
  it("is nothing until 30 minutes before the start, then due soon until the grace runs out", () => {
    expect(standing(at("2026-11-18T08:29:59Z"))).toEqual([]);
    expect(lists(at("2026-11-18T08:30:00Z")).due_soon).toEqual([SHIFT_ITEM]);
    expect(standing(at("2026-11-18T09:04:59Z"))).toEqual([{ list: "due_soon", minutes: undefined }]);
  });

  it("is late from start + grace, by the minutes since the start, then a no-show at the threshold", () => {
    expect(lists(at("2026-11-18T09:05:00Z")).late).toEqual([{ ...SHIFT_ITEM, minutes: 5, arrived_at: null }]);
    expect(standing(at("2026-11-18T09:29:59Z"))).toEqual([{ list: "late", minutes: 29 }]);
    expect(lists(at("2026-11-18T09:30:00Z")).no_show).toEqual([SHIFT_ITEM]);
    expect(standing(at("2026-11-18T16:59:59Z"))).toEqual([{ list: "no_show", minutes: undefined }]);
  });

  it("drops the no-show once the shift has ended", () => {
    expect(standing(at("2026-11-18T17:00:00Z"))).toEqual([]);
  });

  it("follows the location's own grace and threshold", () => {
    const live = lists(at("2026-11-18T09:10:00Z"), [], { lateGraceMinutes: 0, noShowMinutes: 10 });
    expect(live.no_show.map((s) => s.shift_id)).toEqual(["shift-1"]);
    expect(lists(at("2026-11-18T09:00:00Z"), [], { lateGraceMinutes: 0 }).late).toHaveLength(1);
  });

  it("expects nobody on leave or sick today, and no open shift", () => {
    const now = at("2026-11-18T10:00:00Z");
    expect(standing(now).map((s) => s.list)).toEqual(["no_show"]);
    const onLeave = lists(now, [], { onLeave: new Map([["jane", "sick_leave"]]) });
    expect(Object.values(onLeave).flat()).toEqual([]);
    const open = lists(now, [], { shifts: [{ ...NINE_TO_FIVE, employeeId: null }] });
    expect(Object.values(open).flat()).toEqual([]);
  });
});

describe("the rota against the day, once in", () => {
  const IN_EARLY: RotaSession = { employeeId: "jane", checkIn: at("2026-11-18T08:50:00Z"), checkOut: null };

  it("clears due and late on a check-in at any time before the grace runs out, even early", () => {
    expect(standing(at("2026-11-18T08:55:00Z"), [IN_EARLY])).toEqual([]);
    expect(standing(at("2026-11-18T12:00:00Z"), [IN_EARLY])).toEqual([]);
    const justInTime = { ...IN_EARLY, checkIn: at("2026-11-18T09:05:00Z") };
    expect(standing(at("2026-11-18T12:00:00Z"), [justInTime])).toEqual([]);
  });

  it("keeps a late arrival in late for the day, with the minutes late and when they came", () => {
    const late = { ...IN_EARLY, checkIn: at("2026-11-18T09:12:30Z") };
    expect(lists(at("2026-11-18T09:13:00Z"), [late]).late).toEqual([
      { ...SHIFT_ITEM, minutes: 12, arrived_at: "2026-11-18T09:12:30.000Z" },
    ]);
    // In after the no-show point: no longer a no-show, late by 42 minutes.
    const veryLate = { ...IN_EARLY, checkIn: at("2026-11-18T09:42:00Z") };
    expect(standing(at("2026-11-18T18:00:00Z"), [veryLate])).toEqual([{ list: "late", minutes: 42 }]);
  });

  it("does not count a session that ended before the shift began", () => {
    const before = {
      employeeId: "jane",
      checkIn: at("2026-11-18T06:00:00Z"),
      checkOut: at("2026-11-18T08:00:00Z"),
    };
    expect(standing(at("2026-11-18T09:06:00Z"), [before])).toEqual([{ list: "late", minutes: 6 }]);
  });

  it("lists someone out more than the grace before the end, and not back, as left early", () => {
    const left = { ...IN_EARLY, checkOut: at("2026-11-18T15:20:00Z") };
    expect(lists(at("2026-11-18T15:30:00Z"), [left]).left_early).toEqual([
      { ...SHIFT_ITEM, minutes: 100, left_at: "2026-11-18T15:20:00.000Z" },
    ]);
    const back = { employeeId: "jane", checkIn: at("2026-11-18T15:40:00Z"), checkOut: null };
    expect(standing(at("2026-11-18T15:45:00Z"), [left, back])).toEqual([]);
    const withinGrace = { ...IN_EARLY, checkOut: at("2026-11-18T16:56:00Z") };
    expect(standing(at("2026-11-18T17:30:00Z"), [withinGrace])).toEqual([]);
  });

  it("lists who checked in today without a published shift, once, at their first check-in", () => {
    const ravi = [
      { employeeId: "ravi", checkIn: at("2026-11-18T10:15:00Z"), checkOut: at("2026-11-18T11:00:00Z") },
      { employeeId: "ravi", checkIn: at("2026-11-18T12:00:00Z"), checkOut: null },
      // Yesterday's session is not today's.
      { employeeId: "ravi", checkIn: at("2026-11-17T10:00:00Z"), checkOut: at("2026-11-17T12:00:00Z") },
    ];
    expect(lists(at("2026-11-18T12:30:00Z"), [IN_EARLY, ...ravi]).unscheduled).toEqual([
      { id: "ravi", name: "Ravi Kumar", time: "10:15", at: "2026-11-18T10:15:00.000Z" },
    ]);
  });

  it("lists nobody as unscheduled where nothing is published for today: a location without a rota", () => {
    const ravi = { employeeId: "ravi", checkIn: at("2026-11-18T10:15:00Z"), checkOut: null };
    expect(lists(at("2026-11-18T12:30:00Z"), [ravi], { shifts: [] })).toEqual({
      due_soon: [],
      late: [],
      no_show: [],
      unscheduled: [],
      left_early: [],
    });
  });
});

describe("the rota's boundaries, when the hub's alarm rings", () => {
  it("are each assigned shift's start − 30 min, start + grace, start + threshold and end", () => {
    const seen: string[] = [];
    let now = at("2026-11-18T00:00:00Z");
    for (let next = nextRotaBoundary([NINE_TO_FIVE], now, THRESHOLDS); next !== null; ) {
      seen.push(new Date(next).toISOString());
      now = next;
      next = nextRotaBoundary([NINE_TO_FIVE], now, THRESHOLDS);
    }
    expect(seen).toEqual([
      "2026-11-18T08:30:00.000Z",
      "2026-11-18T09:05:00.000Z",
      "2026-11-18T09:30:00.000Z",
      "2026-11-18T17:00:00.000Z",
    ]);
    expect(nextRotaBoundary([{ ...NINE_TO_FIVE, employeeId: null }], 0, THRESHOLDS)).toBeNull();
    expect(
      boundaryPassed([NINE_TO_FIVE], at("2026-11-18T09:04:00Z"), at("2026-11-18T09:05:00Z"), THRESHOLDS),
    ).toBe(true);
    expect(
      boundaryPassed([NINE_TO_FIVE], at("2026-11-18T09:05:00Z"), at("2026-11-18T09:29:00Z"), THRESHOLDS),
    ).toBe(false);
  });

  it("fall on real minutes across the October clock change, when 01:00–02:00 repeats", () => {
    // Sunday 25/10/2026, 00:30–08:30 local: 00:30 BST is 23:30 UTC the day before; 08:30 GMT is 08:30 UTC.
    const shift: PlannedShift = {
      ...NINE_TO_FIVE,
      id: "night",
      start: at("2026-10-24T23:30:00Z"),
      end: at("2026-10-25T08:30:00Z"),
    };
    const now = at("2026-10-24T23:00:00Z");
    expect(nextRotaBoundary([shift], now - 1, THRESHOLDS)).toBe(now);
    expect(nextRotaBoundary([shift], now, THRESHOLDS)).toBe(at("2026-10-24T23:35:00Z"));
    // The no-show point is the first 01:00 (BST), not the repeated one an hour later.
    expect(nextRotaBoundary([shift], at("2026-10-24T23:35:00Z"), THRESHOLDS)).toBe(
      at("2026-10-25T00:00:00Z"),
    );
    const onTheDay = (when: string) =>
      lists(at(when), [], { shifts: [shift], today: localDayBounds(at("2026-10-25T03:00:00Z"), ZONE) });
    expect(onTheDay("2026-10-24T23:34:59Z").late).toEqual([]);
    expect(onTheDay("2026-10-24T23:35:00Z").late[0]).toMatchObject({ shift: "00:30–08:30", minutes: 5 });
    expect(onTheDay("2026-10-24T23:59:59Z").no_show).toEqual([]);
    expect(onTheDay("2026-10-25T00:00:00Z").no_show.map((s) => s.shift_id)).toEqual(["night"]);
  });
});
