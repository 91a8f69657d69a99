import type { TimesheetEntry } from "@contracts/timesheets";
import { addDays, formatDate, type LocalDate } from "@domain/time-zone";
import { wallParts, zonedInstant } from "./time";

// The entry dialogs' form: wall dates and times in the location's zone, as the inputs hold them, and the
// request they make. Only what the manager changed is sent: what the kiosk recorded has seconds, which a
// time input cannot show, and re-sending a shown value would move it.

export type BreakRow = { key: number; start: string; end: string };

export type EntryForm = {
  inDate: string;
  inTime: string;
  outDate: string;
  outTime: string;
  breaks: BreakRow[];
};

let nextKey = 0;
/** A break row; the key keeps each row's inputs its own when one above it is removed. */
export const breakRow = (start = "", end = ""): BreakRow => ({ key: nextKey++, start, end });

/** The form of an entry as it stands. */
export function formOfEntry(entry: TimesheetEntry, timeZone: string): EntryForm {
  const checkIn = wallParts(entry.check_in_at, timeZone);
  const checkOut = entry.check_out_at ? wallParts(entry.check_out_at, timeZone) : null;
  return {
    inDate: checkIn.date,
    inTime: checkIn.time,
    outDate: checkOut?.date ?? "",
    outTime: checkOut?.time ?? "",
    breaks: entry.breaks.map((b) =>
      breakRow(wallParts(b.start_at, timeZone).time, b.end_at ? wallParts(b.end_at, timeZone).time : ""),
    ),
  };
}

/** The form of a new entry on a day: the day's date, the times to fill in. */
export const formOfDay = (date: LocalDate): EntryForm => ({
  inDate: date,
  inTime: "",
  outDate: date,
  outTime: "",
  breaks: [],
});

const breaksText = (form: EntryForm) => JSON.stringify(form.breaks.map((b) => [b.start, b.end]));

/** What differs between the form as it opened and as it is now. */
export function changesOf(before: EntryForm, after: EntryForm) {
  return {
    checkIn: before.inDate !== after.inDate || before.inTime !== after.inTime,
    checkOut: before.outDate !== after.outDate || before.outTime !== after.outTime,
    breaks: breaksText(before) !== breaksText(after),
  };
}

type Instants = {
  checkIn: string;
  /** null: left open (an entry still in progress). */
  checkOut: string | null;
  breaks: { start_at: string; end_at: string }[];
};

const iso = (instant: number) => new Date(instant).toISOString();

/** One wall date and time as an instant, or why it cannot be one. */
function instantOf(date: string, time: string, what: string, timeZone: string): number | string {
  if (!date || !time) return `Give the ${what} date and time.`;
  const instant = zonedInstant(date, time, timeZone);
  if (instant === null) {
    return `${time} on ${formatDate(date)} does not exist: the clocks went forward. Choose another ${what} time.`;
  }
  return instant;
}

/**
 * The form's times as instants, or a problem in the product's words. A break is on the first day its start
 * time comes at or after the check-in (a night shift's break after midnight is on the next day), and ends
 * at the first time after its start.
 */
export function instantsOf(
  form: EntryForm,
  timeZone: string,
  options: { checkOutRequired: boolean },
): Instants | string {
  const checkIn = instantOf(form.inDate, form.inTime, "check-in", timeZone);
  if (typeof checkIn === "string") return checkIn;
  let checkOut: number | null = null;
  if (form.outDate || form.outTime || options.checkOutRequired) {
    const out = instantOf(form.outDate, form.outTime, "check-out", timeZone);
    if (typeof out === "string") return out;
    checkOut = out;
  }
  const breaks: Instants["breaks"] = [];
  for (const [index, row] of form.breaks.entries()) {
    const number = index + 1;
    if (!row.start || !row.end) return `Give break ${number} a start and an end time.`;
    const start = onOrAfter(form.inDate, row.start, checkIn, timeZone);
    if (start === null) return `Break ${number}'s start does not exist that day: the clocks went forward.`;
    const end = onOrAfter(form.inDate, row.end, start + 1, timeZone);
    if (end === null) return `Break ${number}'s end does not exist that day: the clocks went forward.`;
    breaks.push({ start_at: iso(start), end_at: iso(end) });
  }
  return { checkIn: iso(checkIn), checkOut: checkOut === null ? null : iso(checkOut), breaks };
}

/** The first instant at or after `from` with this wall time, looking from `date` on (two days at most). */
function onOrAfter(date: string, time: string, from: number, timeZone: string): number | null {
  for (let days = 0; days < 3; days++) {
    const instant = zonedInstant(addDays(date, days), time, timeZone);
    if (instant !== null && instant >= from) return instant;
  }
  return null;
}
