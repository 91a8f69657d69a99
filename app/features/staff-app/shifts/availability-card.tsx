import type { UnavailableTime } from "@contracts/staff-shifts";
import { useEffect, useState } from "react";
import { ApiFailure, data, staffApi } from "../api";
import { useLoad } from "../use-load";
import "./shifts.css";

// "When I can't work" on More (docs/staff-app.md, "My shifts, availability and open shifts"): the times each
// week I cannot work, edited as a list and saved at once; the rota warns my manager about a shift in one.

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const MAX_ROWS = 21;

type Row = { key: number; weekday: number; allDay: boolean; from: string; to: string; note: string };

const clock = (minute: number | null, fallback: string) =>
  minute === null
    ? fallback
    : `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
const minuteOf = (time: string) => {
  const [h, m] = time.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

let nextKey = 0;
const rowOf = (t: UnavailableTime): Row => ({
  key: nextKey++,
  weekday: t.weekday,
  allDay: t.from_minute === null,
  from: clock(t.from_minute, "09:00"),
  to: clock(t.to_minute, "17:00"),
  note: t.note ?? "",
});

export function AvailabilityCard() {
  const { loaded } = useLoad(() => data(staffApi().me.availability.$get()));
  const [rows, setRows] = useState<Row[] | null>(null);
  const [state, setState] = useState<"idle" | "saving" | "saved" | { problem: string }>("idle");
  useEffect(() => {
    if (loaded.state === "ready") setRows(loaded.value.unavailable.map(rowOf));
  }, [loaded]);

  const change = (key: number, patch: Partial<Row>) => {
    setRows((all) => all?.map((r) => (r.key === key ? { ...r, ...patch } : r)) ?? null);
    setState("idle");
  };
  const save = async () => {
    if (!rows) return;
    setState("saving");
    try {
      const saved = await data(
        staffApi().me.availability.$put({
          json: {
            unavailable: rows.map((r) => ({
              weekday: r.weekday,
              from_minute: r.allDay ? null : minuteOf(r.from),
              // 00:00 as an end is the end of the day.
              to_minute: r.allDay ? null : minuteOf(r.to) || 24 * 60,
              note: r.note.trim() || null,
            })),
          },
        }),
      );
      setRows(saved.unavailable.map(rowOf));
      setState("saved");
    } catch (error) {
      setState({ problem: error instanceof ApiFailure ? error.message : "Your times could not be saved." });
    }
  };

  return (
    <div className="staff-card">
      <h2>When I can't work</h2>
      <p className="muted">
        The times each week you can't work. Your manager sees a warning if a shift is planned in one.
      </p>
      {loaded.state === "failed" && (
        <p className="staff-problem" role="alert">
          {loaded.message}
        </p>
      )}
      {rows?.length === 0 && <p>You haven't listed any times.</p>}
      {rows?.map((row, index) => (
        <fieldset key={row.key} className="staff-availability__row">
          <legend className="visually-hidden">Time {index + 1}</legend>
          <div className="staff-availability__field">
            <label htmlFor={`unavailable-day-${row.key}`}>Day</label>
            <select
              id={`unavailable-day-${row.key}`}
              value={row.weekday}
              onChange={(e) => change(row.key, { weekday: Number(e.target.value) })}
            >
              {WEEKDAYS.map((day, i) => (
                <option key={day} value={i + 1}>
                  {day}
                </option>
              ))}
            </select>
          </div>
          <label className="staff-availability__check">
            <input
              type="checkbox"
              checked={row.allDay}
              onChange={(e) => change(row.key, { allDay: e.target.checked })}
            />
            All day
          </label>
          {!row.allDay && (
            <div className="staff-availability__times">
              <label>
                From
                <input
                  type="time"
                  value={row.from}
                  onChange={(e) => change(row.key, { from: e.target.value })}
                />
              </label>
              <label>
                To
                <input type="time" value={row.to} onChange={(e) => change(row.key, { to: e.target.value })} />
              </label>
            </div>
          )}
          <label>
            Note (optional)
            <input
              value={row.note}
              maxLength={140}
              onChange={(e) => change(row.key, { note: e.target.value })}
            />
          </label>
          <button
            type="button"
            className="staff-button staff-button--quiet"
            onClick={() => {
              setRows((all) => all?.filter((r) => r.key !== row.key) ?? null);
              setState("idle");
            }}
          >
            Remove
          </button>
        </fieldset>
      ))}
      {rows && (
        <div className="staff-availability__actions">
          {rows.length < MAX_ROWS && (
            <button
              type="button"
              className="staff-button staff-button--quiet"
              onClick={() =>
                setRows([...rows, rowOf({ weekday: 1, from_minute: null, to_minute: null, note: null })])
              }
            >
              Add a time
            </button>
          )}
          <button type="button" className="staff-button" onClick={save} disabled={state === "saving"}>
            {state === "saving" ? "Saving…" : "Save"}
          </button>
        </div>
      )}
      {state === "saved" && <p role="status">Saved.</p>}
      {typeof state === "object" && (
        <p className="staff-problem" role="alert">
          {state.problem}
        </p>
      )}
    </div>
  );
}
