import type { LiveStatus } from "@contracts/live";
import { useEffect, useState } from "react";
import "../live-status.css";

// Live Status's rota lists (docs/rota.md, "Planned against actual, live"): who is a no-show, late, due soon,
// out early, or in without a shift, by today's published shifts. The hub pushes them at each shift's
// boundary; only the minutes of someone late and still not in move between pushes, so the lists render
// again each minute while anyone is.

const MINUTE_MS = 60_000;

type Rota = Pick<LiveStatus, "due_soon" | "late" | "no_show" | "unscheduled" | "left_early" | "timezone">;

const hhmm = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone }).format(new Date(iso));

/** "12 min", "1 h 40 min". */
export const minutesText = (minutes: number) =>
  minutes < 60
    ? `${minutes} min`
    : `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;

function useMinuteTick(active: boolean) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), MINUTE_MS);
    return () => clearInterval(timer);
  }, [active]);
}

type Row = { key: string; name: string; shift: string; role: string | null; detail: string };

/** On a phone a list shows this many people until "Show all" is pressed, so who is in stays on the first screen. */
const FOLDED_ROWS = 2;

function RotaList({ id, title, tone, rows }: { id: string; title: string; tone: string; rows: Row[] }) {
  const [unfolded, setUnfolded] = useState(false);
  // Calm when nothing is wrong: an empty list is not shown at all.
  if (rows.length === 0) return null;
  const folds = rows.length > FOLDED_ROWS && !unfolded;
  return (
    <section
      aria-labelledby={id}
      className={`card rota-live rota-live--${tone}${folds ? " rota-live--folded" : ""}`}
    >
      <h3 id={id}>
        {title} <span className="rota-live__count">{rows.length}</span>
      </h3>
      <ul className="person-list">
        {rows.map((row) => (
          <li key={row.key}>
            <span className="person-list__name">{row.name}</span>
            <span className="person-list__time">
              {row.shift}
              {row.role && ` · ${row.role}`}
            </span>
            <span className="rota-live__detail">{row.detail}</span>
          </li>
        ))}
      </ul>
      {/* Shown on phones only (live-status.css): wider screens list everyone. */}
      {folds && (
        <button
          type="button"
          className="button button--ghost button--small rota-live__more"
          onClick={() => setUnfolded(true)}
        >
          Show all {rows.length}
        </button>
      )}
    </section>
  );
}

/**
 * The urgent rota lists, above who is in: who should be in and is not (No-show, Late). Nothing at all on a day
 * without a published rota.
 */
export function UrgentRotaLists({ status }: { status: Rota }) {
  const zone = status.timezone;
  // A hub from before the rota sends none of these.
  const late = status.late ?? [];
  const notIn = late.some((item) => item.arrived_at === null);
  useMinuteTick(notIn);
  const now = Date.now();
  const sinceStart = (startAt: string, pushed: number) =>
    Math.max(pushed, Math.floor((now - Date.parse(startAt)) / MINUTE_MS));
  return (
    <>
      <RotaList
        id="no-show-heading"
        title="No-show"
        tone="alert"
        rows={(status.no_show ?? []).map((item) => ({
          key: item.shift_id,
          name: item.name,
          shift: item.shift,
          role: item.role,
          detail: `not in, due at ${hhmm(item.start_at, zone)}`,
        }))}
      />
      <RotaList
        id="late-heading"
        title="Late"
        tone="warning"
        rows={late.map((item) => ({
          key: item.shift_id,
          name: item.name,
          shift: item.shift,
          role: item.role,
          detail:
            item.arrived_at === null
              ? `not in, ${minutesText(sinceStart(item.start_at, item.minutes))} late`
              : `in at ${hhmm(item.arrived_at, zone)}, ${minutesText(item.minutes)} late`,
        }))}
      />
    </>
  );
}

/** The calmer rota lists, below who is in: who is due soon, who left early, who is in without a shift. */
export function CalmRotaLists({ status }: { status: Rota }) {
  const zone = status.timezone;
  return (
    <>
      <RotaList
        id="due-soon-heading"
        title="Due soon"
        tone="calm"
        rows={(status.due_soon ?? []).map((item) => ({
          key: item.shift_id,
          name: item.name,
          shift: item.shift,
          role: item.role,
          detail: `starts ${hhmm(item.start_at, zone)}`,
        }))}
      />
      <RotaList
        id="left-early-heading"
        title="Left early"
        tone="warning"
        rows={(status.left_early ?? []).map((item) => ({
          key: item.shift_id,
          name: item.name,
          shift: item.shift,
          role: item.role,
          detail: `left at ${hhmm(item.left_at, zone)}, ${minutesText(item.minutes)} early`,
        }))}
      />
      <RotaList
        id="unscheduled-heading"
        title="Unscheduled"
        tone="calm"
        rows={(status.unscheduled ?? []).map((item) => ({
          key: item.id,
          name: item.name,
          shift: "No shift today",
          role: null,
          detail: `in at ${item.time}`,
        }))}
      />
    </>
  );
}
