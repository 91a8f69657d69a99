import type { KioskAction } from "@contracts/kiosk";
import type { StaffClockState } from "@contracts/staff-phone";
import { useState } from "react";
import { ApiFailure, data, staffApi } from "../api";
import { useLoad } from "../use-load";
import { readPosition } from "./position";

// The Clock card at the top of My shifts (docs/staff-app.md, "Clocking in from the phone"): shown only where
// the location lets staff clock from their phones; one big button for what comes next.

type Next = { action: KioskAction; label: string };

function nextActions(clock: StaffClockState): Next[] {
  const { state } = clock;
  if (state.status === "out") return [{ action: "check_in", label: "Clock in" }];
  if (state.status === "on_break") return [{ action: "break_end", label: "End break" }];
  const out: Next = { action: "check_out", label: "Clock out" };
  return clock.record_breaks ? [{ action: "break_start", label: "Start break" }, out] : [out];
}

/** In the location's zone, as the kiosk says it. */
const timeOf = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone });

function statusText(clock: StaffClockState, timeZone: string) {
  const { state } = clock;
  if (state.status === "in") return `Clocked in since ${timeOf(state.since, timeZone)}`;
  if (state.status === "on_break") return `On a break since ${timeOf(state.since, timeZone)}`;
  return "You're clocked out.";
}

export function ClockCard({ timeZone }: { timeZone: string }) {
  const { loaded, reload } = useLoad(() => data(staffApi().me.clock.$get()));
  const [busy, setBusy] = useState<KioskAction | null>(null);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  if (loaded.state !== "ready" || !loaded.value.enabled) return null;
  const clock = loaded.value;

  async function press(action: KioskAction, confirmLeave = false) {
    setBusy(action);
    setSaid(null);
    try {
      const position = await readPosition();
      const answer = await data(
        staffApi().me.clock.$post(
          { json: { action, ...position, ...(confirmLeave ? { confirm_leave: true } : {}) } },
          { headers: { "Idempotency-Key": crypto.randomUUID() } },
        ),
      );
      setSaid({ ok: true, text: answer.message });
      reload();
    } catch (error) {
      // A day of leave: asked as the kiosk asks, then clocked in anyway if they say so.
      if (
        error instanceof ApiFailure &&
        error.status === 409 &&
        !confirmLeave &&
        window.confirm(error.message)
      ) {
        await press(action, true);
        return;
      }
      setSaid({ ok: false, text: error instanceof Error ? error.message : "Something went wrong." });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="staff-card staff-clock" aria-labelledby="staff-clock-title">
      <h2 id="staff-clock-title">Clock</h2>
      <p className="staff-clock__status">{statusText(clock, timeZone)}</p>
      <div className="staff-clock__actions">
        {nextActions(clock).map((next, index) => (
          <button
            key={next.action}
            type="button"
            className={index === 0 ? "staff-button staff-clock__button" : "staff-button staff-button--quiet"}
            disabled={busy !== null}
            onClick={() => void press(next.action)}
          >
            {busy === next.action ? "Finding where you are…" : next.label}
          </button>
        ))}
      </div>
      <p role="status" className={said?.ok === false ? "staff-problem" : "staff-clock__said"}>
        {said?.text ?? ""}
      </p>
      <p className="staff-clock__small">
        Your phone's position is checked against {clock.location.name} ({clock.location.radius_metres} m) and
        kept with this punch only.
      </p>
    </section>
  );
}
