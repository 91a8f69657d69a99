import { describe, expect, it } from "vitest";
import { serverMessage } from "../../worker/contracts/live";
import { readServerMessage } from "../../worker/contracts/live-message";

// The dashboard reads its socket's messages without zod (the first screen's size); it must accept exactly
// what the shared zod union accepts, and give back what zod gives back (unknown keys dropped, defaults filled).

const liveStatus = {
  kpis: { employees_checked_in: 2, total_checkins_today: 3, open_sessions: 2, on_break: 1 },
  checked_in: [
    { id: "e1", session_id: "s1", name: "Chloe Smith", time: "08:01", at: "2026-11-27T08:01:00Z" },
    {
      id: "e2",
      session_id: "s2",
      name: "Sam Patel",
      time: "26/11 21:00",
      at: "2026-11-26T21:00:00Z",
      on_leave: "sick_leave",
    },
    {
      id: "e4",
      session_id: "s4",
      name: "Ann Lee",
      time: "09:00",
      at: "2026-11-27T09:00:00Z",
      on_leave: null,
    },
  ],
  on_break: [{ id: "e1", session_id: "s1", name: "Chloe Smith", time: "11:00", at: "2026-11-27T11:00:00Z" }],
  checked_out: [{ id: "e3", name: "Jo Brown", time: "07:30", at: "2026-11-27T07:30:00Z" }],
  warnings: [
    { id: "e2", name: "Sam Patel", rule: "daily_rest", detail: "9h rest", from: "2026-11-27T06:00:00Z" },
    { id: "e7", name: "Kit Ray", rule: "young_daily_limit", detail: "8h", from: "2026-11-27T15:00:00Z" },
    { id: "e7", name: "Kit Ray", rule: "young_night_work", detail: "22:00", from: "2026-11-27T22:00:00Z" },
  ],
  offline_refused: [
    {
      id: null,
      name: "Unknown",
      action: "check_in",
      at: "2026-11-27T07:00:00Z",
      time: "27/11 07:00",
      detail: "x",
    },
  ],
  locked_out: [{ id: "e5", name: "Max Wu", until: "2026-11-27T12:00:00Z", time: "12:00" }],
  on_leave_today: [{ id: "e6", name: "Ola Nowak", status: "holiday" }],
  due_soon: [
    {
      id: "e8",
      name: "Dev Shah",
      shift_id: "r8",
      shift: "12:00–20:00",
      role: null,
      start_at: "2026-11-27T12:00:00Z",
      end_at: "2026-11-27T20:00:00Z",
    },
  ],
  late: [
    {
      id: "e1",
      name: "Chloe Smith",
      shift_id: "r1",
      shift: "07:45–15:45",
      role: "Barista",
      start_at: "2026-11-27T07:45:00Z",
      end_at: "2026-11-27T15:45:00Z",
      minutes: 16,
      arrived_at: "2026-11-27T08:01:00Z",
    },
  ],
  no_show: [
    {
      id: "e9",
      name: "Lu Chen",
      shift_id: "r9",
      shift: "09:00–17:00",
      role: "Till",
      start_at: "2026-11-27T09:00:00Z",
      end_at: "2026-11-27T17:00:00Z",
    },
  ],
  unscheduled: [{ id: "e4", name: "Ann Lee", time: "09:00", at: "2026-11-27T09:00:00Z" }],
  left_early: [
    {
      id: "e3",
      name: "Jo Brown",
      shift_id: "r3",
      shift: "06:00–10:00",
      role: null,
      start_at: "2026-11-27T06:00:00Z",
      end_at: "2026-11-27T10:00:00Z",
      minutes: 150,
      left_at: "2026-11-27T07:30:00Z",
    },
  ],
  date: "2026-11-27",
  timezone: "Europe/London",
  pin_alerts: [
    {
      kiosk: "paired",
      device_id: "d1",
      started_at: "2026-11-27T10:00:00Z",
      last_at: "2026-11-27T10:05:00Z",
      wrong_pins: 12,
      refused: 3,
      paused_until: null,
    },
  ],
};

const samples: unknown[] = [
  { type: "live_status", data: liveStatus },
  { type: "appearance", data: { button_shape: "circle", background_theme: "black", logo_url: null } },
  { type: "employees_changed" },
  { type: "devices_changed" },
  { type: "pong" },
  { type: "error", detail: "Too many requests" },
  { type: "closed", code: 4401, reason: "Signed out" },
];

/** What a field could wrongly be, or be left out as. */
const WRONG_VALUES: unknown[] = [
  undefined,
  null,
  "",
  "text",
  0,
  1.5,
  -3,
  2 ** 60,
  true,
  [],
  {},
  [{}],
  "paired",
];

type Path = (string | number)[];

/** Every place in a value, the value itself included (the empty path). */
function paths(value: unknown, at: Path = []): Path[] {
  const inner =
    typeof value === "object" && value !== null
      ? Object.entries(value).flatMap(([key, child]) =>
          paths(child, [...at, Array.isArray(value) ? Number(key) : key]),
        )
      : [];
  return [at, ...inner];
}

/** A deep copy of `value` with what is at `path` replaced (or removed, for undefined). */
function replaced(value: unknown, path: Path, by: unknown): unknown {
  if (path.length === 0) return by;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  if (by === undefined && !Array.isArray(parent)) delete parent[last];
  else parent[last] = by;
  return copy;
}

const zodReading = (message: unknown) => {
  const parsed = serverMessage.safeParse(message);
  return parsed.success ? parsed.data : null;
};

describe("the dashboard's zod-free reading of live socket messages", () => {
  it.each(samples.map((message) => [(message as { type: string }).type, message]))(
    "reads a well-formed %s message as zod does",
    (_, message) => {
      expect(readServerMessage(message)).not.toBeNull();
      expect(readServerMessage(message)).toEqual(zodReading(message));
    },
  );

  it("refuses, and accepts, exactly what zod does when any one field is wrong, missing or extra", () => {
    let compared = 0;
    for (const sample of samples) {
      for (const path of paths(sample)) {
        for (const by of WRONG_VALUES) {
          const message = replaced(sample, path, by);
          expect(readServerMessage(message), `${JSON.stringify(path)} = ${JSON.stringify(by)}`).toEqual(
            zodReading(message),
          );
          compared += 1;
        }
        const here = path.reduce<unknown>(
          (value, key) => (value as Record<string | number, unknown>)[key],
          sample,
        );
        if (typeof here === "object" && here !== null && !Array.isArray(here)) {
          const extra = replaced(sample, [...path, "extra"], "x");
          expect(readServerMessage(extra), `${JSON.stringify(path)} + extra`).toEqual(zodReading(extra));
        }
      }
    }
    // Every field of every sample was tried with every wrong value.
    expect(compared).toBeGreaterThan(1000);
  });

  it("fills the lists an older hub leaves out, as zod's defaults do", () => {
    const {
      warnings,
      offline_refused,
      locked_out,
      on_leave_today,
      due_soon,
      late,
      no_show,
      unscheduled,
      left_early,
      ...older
    } = liveStatus;
    const read = readServerMessage({ type: "live_status", data: older });
    const empty = { due_soon: [], late: [], no_show: [], unscheduled: [], left_early: [] };
    expect(read).toEqual({
      type: "live_status",
      data: { ...older, warnings: [], offline_refused: [], locked_out: [], on_leave_today: [], ...empty },
    });
    expect(read).toEqual(zodReading({ type: "live_status", data: older }));
  });

  it("refuses what is not a known message", () => {
    for (const message of [null, "pong", 7, [], { type: "drop_tables" }, { type: "constructor" }, {}])
      expect(readServerMessage(message)).toBeNull();
  });
});
