import type { EmployeeHours, SessionOrigin } from "./hours";
import { formatDate, formatTimeAt, type LocalDate } from "./time-zone";

// CSV for spreadsheets (RFC 4180): CRLF line endings, a field is quoted when it holds a comma, a
// quote, CR or LF, and quotes inside are doubled. The file starts with a UTF-8 byte order mark so
// Excel reads "Zoë" as Zoë rather than guessing a Windows code page.
//
// Formula injection: a spreadsheet runs a cell that starts with = + - @ (or a tab or CR in front of
// one) as a formula, so an employee named =HYPERLINK(...) could attack the manager who opens the
// export. Every plain string cell is treated as untrusted and such text gets a leading apostrophe,
// which spreadsheets show as text. Values this code formats itself (dates, times, durations, numbers,
// headings) are wrapped with `ours()` or passed as numbers and written untouched, so our own
// negative figures are never mangled. Forgetting `ours()` is the safe mistake.

const BOM = "\uFEFF";
const CRLF = "\r\n";
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A cell whose text this code produced; written as is, without the formula guard. */
export class OwnCell {
  constructor(readonly text: string) {}
}

export const ours = (text: string) => new OwnCell(text);

/** A plain string is untrusted text (guarded); a number or `ours()` is our own value (written as is). */
export type CsvCell = string | number | OwnCell;

/** `bom: false` for files a program imports that would read the mark as part of the first field. */
export function writeCsv(rows: readonly (readonly CsvCell[])[], options: { bom?: boolean } = {}): string {
  return (options.bom === false ? "" : BOM) + rows.map((row) => `${writeRow(row)}${CRLF}`).join("");
}

function writeRow(row: readonly CsvCell[]): string {
  // A lone empty field would be an empty line, which reads back as nothing; quoting keeps it a field.
  if (row.length === 1 && textOf(row[0]) === "") return '""';
  return row.map((cell) => quote(textOf(cell))).join(",");
}

function textOf(cell: CsvCell | undefined): string {
  if (cell === undefined) return "";
  if (cell instanceof OwnCell) return cell.text;
  if (typeof cell === "number") {
    if (!Number.isFinite(cell)) throw new RangeError(`Not a finite number for a CSV cell: ${cell}`);
    return String(cell);
  }
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

const quote = (text: string) => (NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** Reads RFC 4180 text (CRLF or LF, optional BOM) back into rows of strings. */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let rowStarted = false;
  let index = 0;
  const endField = () => {
    row.push(field);
    field = "";
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
    rowStarted = false;
  };
  while (index < source.length) {
    const char = source[index];
    const atLineBreak = char === "\n" || (char === "\r" && source[index + 1] === "\n");
    if (!atLineBreak) rowStarted = true;
    if (char === '"' && field === "") {
      const close = readQuoted(source, index + 1);
      field = close.text;
      index = close.next;
    } else if (char === ",") {
      endField();
      index++;
    } else if (char === "\r" && source[index + 1] === "\n") {
      endRow();
      index += 2;
    } else if (char === "\n") {
      endRow();
      index++;
    } else {
      field += char;
      index++;
    }
  }
  // The last record may or may not end with a line break (RFC 4180 §2.2).
  if (rowStarted) endRow();
  return rows;
}

function readQuoted(source: string, from: number): { text: string; next: number } {
  let text = "";
  let index = from;
  while (index < source.length) {
    const quoteAt = source.indexOf('"', index);
    if (quoteAt === -1) break;
    text += source.slice(index, quoteAt);
    if (source[quoteAt + 1] !== '"') return { text, next: quoteAt + 1 };
    text += '"';
    index = quoteAt + 2;
  }
  throw new SyntaxError("CSV field opened with a quote is never closed");
}

/** "7:30": hours and minutes for payroll spreadsheets. */
export function formatHoursMinutes(minutes: number): string {
  const whole = Math.trunc(minutes);
  const absolute = Math.abs(whole);
  return `${whole < 0 ? "-" : ""}${Math.floor(absolute / 60)}:${String(absolute % 60).padStart(2, "0")}`;
}

export type StaffHoursCsvInput = {
  staff: readonly { employee: { name: string; username: string }; hours: EmployeeHours }[];
  /** The location's zone, for the In and Out clock times. */
  timeZone: string;
  /**
   * Planned and actual minutes by employee id (docs/rota.md, "Reports"); null or absent: the location had no
   * published rota in the period, and the three columns are blank.
   */
  plan?: ReadonlyMap<string, { plannedMinutes: number; workedMinutes: number }> | null;
};

/**
 * The original columns, then what a payroll clerk should know about a row: Notes ("Break assumed"), and
 * Changes, when its time was not simply punched at the kiosk ("Auto-closed", "Added by manager",
 * "Corrected"). Last, always present so a reader can count on them, the rota's: Planned, Actual (as worked,
 * before pay to the rota) and Variance (actual less planned, signed), on the total rows only, blank where the
 * period had no published rota.
 */
const HEADINGS = [
  "Date",
  "Employee",
  "Username",
  "In",
  "Out",
  "Worked",
  "Break",
  "Overtime",
  "Notes",
  "Changes",
  "Planned",
  "Actual",
  "Variance",
];
export const BREAK_ASSUMED_NOTE = "Break assumed";
export const CHANGE_NOTES = { autoClosed: "Auto-closed", added: "Added by manager", corrected: "Corrected" };

const changesOf = (origin: SessionOrigin | undefined) =>
  origin
    ? (Object.keys(CHANGE_NOTES) as (keyof typeof CHANGE_NOTES)[])
        .filter((key) => origin[key])
        .map((key) => CHANGE_NOTES[key])
        .join("; ")
    : "";

/**
 * The Hours export: one row per session piece (a session over midnight is two rows, one per day),
 * a total row after each employee (everyone listed, even with no time) and a grand total.
 */
/** "+1:30", "-0:45", "0:00": actual less planned. */
export const formatVariance = (minutes: number) => `${minutes > 0 ? "+" : ""}${formatHoursMinutes(minutes)}`;

export function staffHoursCsv({ staff, timeZone, plan }: StaffHoursCsvInput): string {
  const rows: CsvCell[][] = [HEADINGS.map(ours)];
  const durations = (t: { workedMinutes: number; breakMinutes: number; overtimeMinutes: number }) =>
    [t.workedMinutes, t.breakMinutes, t.overtimeMinutes].map((m) => ours(formatHoursMinutes(m)));
  const grand = { workedMinutes: 0, breakMinutes: 0, overtimeMinutes: 0 };
  const planned = { plannedMinutes: 0, workedMinutes: 0 };
  const againstPlan = (figures: { plannedMinutes: number; workedMinutes: number } | undefined) =>
    plan && figures
      ? [
          ours(formatHoursMinutes(figures.plannedMinutes)),
          ours(formatHoursMinutes(figures.workedMinutes)),
          ours(formatVariance(figures.workedMinutes - figures.plannedMinutes)),
        ]
      : ["", "", ""];
  for (const { employee, hours } of staff) {
    for (const piece of hours.pieces) {
      rows.push([
        ours(formatDate(piece.date)),
        employee.name,
        employee.username,
        ours(formatTimeAt(piece.start, timeZone)),
        ours(piece.inProgress ? "In progress" : formatTimeAt(piece.end, timeZone)),
        ...durations(piece),
        ours(piece.breakAssumed ? BREAK_ASSUMED_NOTE : ""),
        ours(changesOf(piece.origin)),
        "",
        "",
        "",
      ]);
    }
    const mine = plan ? (plan.get(hours.employeeId) ?? { plannedMinutes: 0, workedMinutes: 0 }) : undefined;
    if (mine) {
      planned.plannedMinutes += mine.plannedMinutes;
      planned.workedMinutes += mine.workedMinutes;
    }
    rows.push([
      ours("Total"),
      employee.name,
      employee.username,
      "",
      "",
      ...durations(hours),
      "",
      "",
      ...againstPlan(mine),
    ]);
    grand.workedMinutes += hours.workedMinutes;
    grand.breakMinutes += hours.breakMinutes;
    grand.overtimeMinutes += hours.overtimeMinutes;
  }
  rows.push([ours("Grand total"), "", "", "", "", ...durations(grand), "", "", ...againstPlan(planned)]);
  return writeCsv(rows);
}

/**
 * A download name that is safe in any browser and file system: ASCII letters, digits, '-' and '_'.
 * `clocked-camden-high-street-month_2026_3-2026-11-20.csv`; with an employee, their name follows the
 * location's.
 */
export function csvFilename(
  locationName: string,
  periodKey: string,
  today: LocalDate,
  employeeName?: string,
): string {
  const parts = ["clocked", slug(locationName) || "location"];
  if (employeeName !== undefined) parts.push(slug(employeeName) || "employee");
  parts.push(periodKey.replace(/[^A-Za-z0-9_]/g, "") || "period", today.replace(/[^0-9-]/g, ""));
  return `${parts.join("-")}.csv`;
}

function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}
