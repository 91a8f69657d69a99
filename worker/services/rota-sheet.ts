import { PageSizes, PDFDocument, type PDFFont, rgb, StandardFonts } from "@pdfme/pdf-lib";
import { type PlannedShift, weekDates } from "../domain/rota";
import { formatDate, formatTimeAt, localDateOf } from "../domain/time-zone";
import { toWinAnsi, wrap } from "./pdf-text";

// The week's rota for the staff-room wall (docs/rota.md, "Planning"): one A4 landscape sheet (more only for a
// very long list), employees as rows and days as columns, open shifts last. Helvetica, one of the standard
// fonts, so nothing is embedded and every string is made WinAnsi first, as the evidence pack does.

const [A4_SHORT, A4_LONG] = PageSizes.A4;
const PAGE_WIDTH = A4_LONG;
const PAGE_HEIGHT = A4_SHORT;
const MARGIN = 30;
const NAME_WIDTH = 130;
const DAY_WIDTH = (PAGE_WIDTH - 2 * MARGIN - NAME_WIDTH) / 7;
const PAD = 4;
const SIZE = 9;
const LINE = SIZE * 1.3;
const BOTTOM = MARGIN + 14;
/** A cell line that is a shift's times (the others, its role and break, are quieter). */
const TIME_LINE = /^\d\d:\d\d–/;
const DAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

const INK = rgb(0.1, 0.11, 0.13);
const MUTED = rgb(0.36, 0.38, 0.42);
const RULE = rgb(0.75, 0.77, 0.8);
const HEADER_FILL = rgb(0.9, 0.92, 0.95);
const STRIPE_FILL = rgb(0.965, 0.97, 0.98);

/** What the sheet shows, already in the location's local time. */
export type RotaSheet = {
  title: string;
  subtitle: string;
  days: string[];
  rows: { name: string; cells: string[][] }[];
};

/** One shift in a cell: "09:00–17:00", then its role and its unpaid break beneath, each on its own line. */
function shiftLines(shift: PlannedShift, timeZone: string): string[] {
  const lines = [`${formatTimeAt(shift.start, timeZone)}–${formatTimeAt(shift.end, timeZone)}`];
  if (shift.role) lines.push(shift.role);
  if (shift.breakMinutes > 0) lines.push(`${shift.breakMinutes} min break`);
  return lines;
}

/** The sheet of a week's shifts (not deleted): everyone with a shift, by name, then the open shifts. */
export function rotaSheet(input: {
  locationName: string;
  week: string;
  timeZone: string;
  publishedAt: number | null;
  shifts: readonly PlannedShift[];
  names: ReadonlyMap<string, string>;
}): RotaSheet {
  const dates = weekDates(input.week);
  const cellsOf = (shifts: readonly PlannedShift[]) =>
    dates.map((date) =>
      shifts
        .filter((s) => localDateOf(s.start, input.timeZone) === date)
        .flatMap((s) => shiftLines(s, input.timeZone)),
    );
  const people = [...new Set(input.shifts.flatMap((s) => (s.employeeId ? [s.employeeId] : [])))]
    .map((id) => ({ id, name: input.names.get(id) ?? "Former employee" }))
    .sort((a, b) => a.name.localeCompare(b.name, "en-GB"));
  const rows = people.map(({ id, name }) => ({
    name,
    cells: cellsOf(input.shifts.filter((s) => s.employeeId === id)),
  }));
  const open = input.shifts.filter((s) => s.employeeId === null);
  if (open.length > 0) rows.push({ name: "Open shifts", cells: cellsOf(open) });
  const status =
    input.publishedAt === null
      ? "Draft"
      : `Published ${formatDate(localDateOf(input.publishedAt, input.timeZone))}`;
  return {
    title: `Rota: ${input.locationName}`,
    subtitle: `Week of ${formatDate(dates[0] as string)} to ${formatDate(dates[6] as string)} · ${status}`,
    days: dates.map((date, i) => `${DAY_NAMES[i]} ${formatDate(date)}`),
    rows,
  };
}

export async function drawRotaSheet(sheet: RotaSheet): Promise<Uint8Array> {
  // No dates or producer in the metadata: the same week gives the same bytes.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`${sheet.title}, ${sheet.subtitle}`);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const encodable = new Set(regular.getCharacterSet());
  const winAnsi = (text: string) => toWinAnsi(text, encodable);
  const linesIn = (text: string, font: PDFFont, width: number) =>
    wrap(winAnsi(text), (line) => font.widthOfTextAtSize(line, SIZE) <= width - 2 * PAD);

  let page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = 0;
  const draw = (text: string, x: number, top: number, font: PDFFont, size = SIZE, color = INK) =>
    page.drawText(text, { x, y: top - size, font, size, color });

  const header = () => {
    const height = 2 * PAD + LINE;
    page.drawRectangle({
      x: MARGIN,
      y: y - height,
      width: PAGE_WIDTH - 2 * MARGIN,
      height,
      color: HEADER_FILL,
    });
    draw("Employee", MARGIN + PAD, y - PAD, bold);
    for (const [i, day] of sheet.days.entries()) {
      draw(winAnsi(day), MARGIN + NAME_WIDTH + i * DAY_WIDTH + PAD, y - PAD, bold);
    }
    y -= height;
  };
  let tableTop = 0;
  const startPage = () => {
    y = PAGE_HEIGHT - MARGIN;
    draw(winAnsi(sheet.title), MARGIN, y, bold, 16);
    y -= 22;
    draw(winAnsi(sheet.subtitle), MARGIN, y, regular, 11, MUTED);
    y -= 22;
    tableTop = y;
    header();
  };
  /** A rule down the left of each day's column, from the header to the last row on this page. */
  const columnRules = () => {
    for (let day = 0; day < 7; day++) {
      const x = MARGIN + NAME_WIDTH + day * DAY_WIDTH - PAD / 2;
      page.drawLine({ start: { x, y: tableTop }, end: { x, y }, thickness: 0.5, color: RULE });
    }
  };
  const newPage = () => {
    columnRules();
    page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    startPage();
  };
  startPage();

  if (sheet.rows.length === 0) draw("No shifts this week.", MARGIN + PAD, y - 2 * PAD, regular);
  for (const [index, row] of sheet.rows.entries()) {
    const name = linesIn(row.name, bold, NAME_WIDTH);
    const cells = row.cells.map((lines) => lines.flatMap((line) => linesIn(line, regular, DAY_WIDTH)));
    const height = 2 * PAD + Math.max(name.length, ...cells.map((c) => c.length), 1) * LINE;
    if (y - height < BOTTOM) newPage();
    if (index % 2 === 1) {
      page.drawRectangle({
        x: MARGIN,
        y: y - height,
        width: PAGE_WIDTH - 2 * MARGIN,
        height,
        color: STRIPE_FILL,
      });
    }
    for (const [i, line] of name.entries()) draw(line, MARGIN + PAD, y - PAD - i * LINE, bold);
    for (const [day, lines] of cells.entries()) {
      const x = MARGIN + NAME_WIDTH + day * DAY_WIDTH + PAD;
      for (const [i, line] of lines.entries()) {
        draw(line, x, y - PAD - i * LINE, regular, SIZE, TIME_LINE.test(line) ? INK : MUTED);
      }
    }
    y -= height;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: PAGE_WIDTH - MARGIN, y },
      thickness: 0.5,
      color: RULE,
    });
  }
  columnRules();
  return doc.save();
}
