import type { EntryVersion, PhonePunch } from "@contracts/timesheets";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { RetryNotice } from "../../../components/retry-notice";
import { entryHistoryQuery } from "../api";
import { stampOf, timeOf } from "../time";

const ACTIONS: Record<EntryVersion["action"], string> = {
  recorded: "Recorded at the kiosk",
  added: "Added",
  edited: "Edited",
  voided: "Voided",
};

/** "20/11/2026 09:00 – 20/11/2026 17:00 · Breaks 12:00–12:30". */
function timesText(version: EntryVersion, timeZone: string) {
  const out = version.check_out_at ? stampOf(version.check_out_at, timeZone) : "no check-out";
  const breaks = version.breaks
    .map((b) => `${timeOf(b.start_at, timeZone)}–${b.end_at ? timeOf(b.end_at, timeZone) : "…"}`)
    .join(", ");
  return `${stampOf(version.check_in_at, timeZone)} – ${out}${breaks ? ` · Breaks ${breaks}` : ""}`;
}

const PHONE_ACTIONS: Record<PhonePunch["action"], string> = {
  check_in: "Clocked in",
  check_out: "Clocked out",
  break_start: "Started a break",
  break_end: "Ended a break",
};

/** "Clocked in by phone, 40 m from the site (±12 m)". */
export const phonePunchText = (punch: PhonePunch) =>
  `${PHONE_ACTIONS[punch.action]} by phone, ${punch.distance_metres.toLocaleString("en-GB")} m from the site (±${punch.accuracy_metres.toLocaleString("en-GB")} m)`;

/** Who made a version: the manager, or the kiosk (or the hub, closing a forgotten clock-out). */
const whoOf = (version: EntryVersion) => version.by ?? "Clocked";

/** Every version of an entry, oldest first: what was recorded, then each correction with its reason. */
export function EntryHistory({
  locationId,
  entryId,
  timeZone,
}: {
  locationId: string;
  entryId: string;
  timeZone: string;
}) {
  const headingId = useId();
  const query = useQuery(entryHistoryQuery(locationId, entryId));
  const history = query.data?.history ?? [];
  const phonePunches = query.data?.phone_punches ?? [];
  return (
    <section className="entry-history" aria-labelledby={headingId} aria-busy={query.isFetching}>
      <h3 id={headingId}>History</h3>
      {query.isError ? (
        <RetryNotice message="Could not load the history." onRetry={() => void query.refetch()} />
      ) : history.length === 0 ? (
        <p className="muted small">{query.isPending ? "Loading history…" : "No history yet."}</p>
      ) : (
        <ol className="entry-history__list">
          {history.map((version) => (
            <li key={version.version} className="entry-history__item">
              <p className="entry-history__what">
                <strong>{ACTIONS[version.action]}</strong>
                {version.action === "recorded" ? "" : ` by ${whoOf(version)}`}
                <span className="muted"> · {stampOf(version.at, timeZone)}</span>
              </p>
              <p className={version.voided ? "entry-history__times entry--void" : "entry-history__times"}>
                {timesText(version, timeZone)}
                {version.voided && <span className="visually-hidden"> (void)</span>}
              </p>
              {version.reason && <p className="entry-history__reason">Reason: {version.reason}</p>}
            </li>
          ))}
        </ol>
      )}
      {phonePunches.length > 0 && (
        <ul className="entry-history__list">
          {phonePunches.map((punch) => (
            <li key={`${punch.action}-${punch.at}`} className="entry-history__item">
              {phonePunchText(punch)} <span className="muted">· {stampOf(punch.at, timeZone)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
