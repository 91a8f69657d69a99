import {
  EVIDENCE_MAX_DAYS,
  EVIDENCE_RANGE_ORDER,
  EVIDENCE_RANGE_REQUIRED,
  EVIDENCE_RANGE_TOO_LONG,
} from "@contracts/compliance";
import type { Location } from "@contracts/locations";
import { safeTimeZone } from "@domain/local-time";
import { addDays, dayNumberOf, formatDate } from "@domain/time-zone";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Field } from "../../../components/field";
import { detailOr } from "../../../lib/api";
import { complianceQuery, type EvidenceFormat, evidenceDownload } from "../api";
import { mondayOf, todayIn } from "../format";

const DOWNLOAD_FAILED = "Could not download the evidence pack. Please try again.";

/** What is wrong with a range, in the API's words; null when it can be asked for. */
function rangeProblem(from: string, to: string): string | null {
  let first: number;
  let last: number;
  try {
    first = dayNumberOf(from);
    last = dayNumberOf(to);
  } catch {
    return "Give the evidence pack's first and last day.";
  }
  if (last < first) return EVIDENCE_RANGE_ORDER;
  if (last - first + 1 > EVIDENCE_MAX_DAYS) return EVIDENCE_RANGE_TOO_LONG;
  return null;
}

/** "03/08/2026 – 24/11/2026: 114 days", or what is missing. */
function rangeSummary(from: string, to: string): string {
  try {
    const days = dayNumberOf(to) - dayNumberOf(from) + 1;
    if (days < 1) return `${formatDate(from)} – ${formatDate(to)}`;
    return `${formatDate(from)} – ${formatDate(to)}: ${days} ${days === 1 ? "day" : "days"}`;
  } catch {
    return "Choose the first and last day.";
  }
}

/**
 * The evidence pack an inspector can be given: every shift, break, rest, weekly total, 17-week average,
 * opt-out and breach of a date range, as a PDF or a CSV file. By default the last 17 weeks, this one
 * included, from the first day with a record in them: a new account's pack does not open with weeks of
 * "0h 0m" before anyone worked. The server has the last word: its refusal is shown under the buttons.
 */
export function EvidencePack({ location }: { location: Location }) {
  const headingId = useId();
  const today = todayIn(safeTimeZone(location.timezone));
  const thisMonday = mondayOf(today);
  // This week's report (the Compliance tab's first query, so no extra request) says where the records start.
  const report = useQuery(complianceQuery(location.id, thisMonday)).data;
  const firstRecord = report?.week_start === thisMonday ? report.records_from : undefined;
  const defaultFrom = firstRecord === undefined ? addDays(thisMonday, -16 * 7) : (firstRecord ?? today);
  // null: the default, until the manager picks a day.
  const [chosenFrom, setFrom] = useState<string | null>(null);
  const from = chosenFrom ?? defaultFrom;
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState<EvidenceFormat | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function download(format: EvidenceFormat) {
    if (busy) return;
    const problem = from && to ? rangeProblem(from, to) : EVIDENCE_RANGE_REQUIRED;
    setError(problem);
    if (problem) return;
    setBusy(format);
    try {
      await evidenceDownload(location.id, from, to, format);
    } catch (failure) {
      setError(detailOr(failure, DOWNLOAD_FAILED));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="card evidence-pack" aria-labelledby={headingId}>
      <h2 id={headingId}>Evidence pack</h2>
      <p className="muted card__subtitle">
        Every shift, break, rest period, weekly total, 17-week average, opt-out and breach, in the location's
        time: for an inspector, a tribunal or your own records.
      </p>
      <form
        className="evidence-pack__form"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void download("pdf");
        }}
      >
        <div className="evidence-pack__dates">
          <Field
            label="From"
            type="date"
            value={from}
            max={to || undefined}
            required
            onChange={(e) => {
              setFrom(e.target.value);
              setError(null);
            }}
          />
          <Field
            label="To"
            type="date"
            value={to}
            min={from || undefined}
            required
            onChange={(e) => {
              setTo(e.target.value);
              setError(null);
            }}
          />
        </div>
        {/* The date inputs show the browser's own format: the range in UK style, to be sure. */}
        <p className="muted small evidence-pack__range">{rangeSummary(from, to)}</p>
        <div className="evidence-pack__actions">
          {/* Not disabled while busy (it would lose the focus): a second click waits for the first. */}
          <button type="submit" className="button button--small" aria-disabled={busy !== null || undefined}>
            {busy === "pdf" ? "Downloading…" : "Download PDF"}
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            aria-disabled={busy !== null || undefined}
            onClick={() => void download("csv")}
          >
            {busy === "csv" ? "Downloading…" : "Download CSV"}
          </button>
        </div>
        {error && (
          <p className="notice notice--error evidence-pack__error" role="alert">
            {error}
          </p>
        )}
      </form>
      <p className="muted small">Up to {EVIDENCE_MAX_DAYS} days at a time.</p>
    </section>
  );
}
