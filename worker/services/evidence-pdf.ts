import {
  PageSizes,
  PDFDocument,
  type PDFFont,
  type PDFPage,
  type RGB,
  rgb,
  StandardFonts,
} from "@pdfme/pdf-lib";
import type { EvidenceEmployee, EvidencePack } from "../contracts/compliance";
import { toWinAnsi, wrap } from "./pdf-text";

// The evidence pack as a PDF an inspector can be given: A4 portrait, real (selectable) text in Helvetica and
// Helvetica-Bold, two of the 14 standard fonts, so nothing is embedded. Those fonts encode WinAnsi only, so
// every string is made WinAnsi first (`toWinAnsi`). The same pack always gives the same bytes: no dates or
// producer in the metadata, and the library's resource names come from a seeded generator.
// docs/evidence-pack.md has the layout.

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 40;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Content stops here; the footer sits below it. */
const CONTENT_BOTTOM = 56;
const LINE_SPACING = 1.3;
const CELL_PADDING_X = 4;
const CELL_PADDING_Y = 2.5;
/** An employee starts on a new page unless their heading and the start of their shifts fit on this one. */
const EMPLOYEE_START_HEIGHT = 130;

const INK = rgb(0.1, 0.11, 0.13);
const MUTED = rgb(0.36, 0.38, 0.42);
const RULE = rgb(0.8, 0.82, 0.85);
const HEADER_FILL = rgb(0.9, 0.92, 0.95);
const STRIPE_FILL = rgb(0.965, 0.97, 0.98);

type Style = { font: PDFFont; size: number; color: RGB };
type Styles = ReturnType<typeof stylesOf>;
type Column = { header: string; width: number; align?: "right" };
type Table = {
  title: string;
  /** Above the repeated header when the table goes on to a new page. */
  continued: string;
  columns: Column[];
  rows: string[][];
  /** Instead of the table when there are no rows. */
  empty: string;
};
type Row = { cells: { column: Column; lines: string[] }[]; height: number; style: Style };

// Widths in points; each table's add up to at most CONTENT_WIDTH (515).
const SUMMARY_COLUMNS: Column[] = [
  { header: "Employee", width: 235 },
  { header: "Payroll ID", width: 120 },
  { header: "Shifts", width: 80, align: "right" },
  { header: "Breaches", width: 80, align: "right" },
];
const SHIFT_COLUMNS: Column[] = [
  { header: "Date", width: 60 },
  { header: "In", width: 40 },
  { header: "Out", width: 40 },
  { header: "Breaks", width: 140 },
  { header: "Worked", width: 56 },
  { header: "Rest before", width: 62 },
  { header: "Source", width: 117 },
];
const WEEK_COLUMNS: Column[] = [
  { header: "Week beginning", width: 100 },
  { header: "Worked", width: 80 },
  // Wide enough for a new starter's note: "(over the 26 days since they started, 28/10/2026 to 22/11/2026)".
  { header: "17-week average", width: 335 },
];
const BREACH_COLUMNS: Column[] = [
  { header: "Date", width: 60 },
  { header: "Rule", width: 128 },
  { header: "Source", width: 112 },
  { header: "Detail", width: 215 },
];

export async function renderEvidencePdf(pack: EvidencePack): Promise<Uint8Array> {
  // No creation or modification date, producer or creator: the output depends on the pack alone.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Working time evidence pack: ${pack.location_name}, ${pack.from} to ${pack.to}`);
  const writer = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  writer.cover(pack);
  for (const employee of pack.employees) writer.employee(employee, pack.not_checked.length > 0);
  writer.footers(`Clocked · ${pack.location_name}`);
  return doc.save();
}

/** Lays the pack out top to bottom, starting a page whenever the next piece does not fit. */
class Writer {
  private page!: PDFPage;
  private y = 0;
  private readonly encodable: ReadonlySet<number>;
  private readonly styles: Styles;

  constructor(
    private readonly doc: PDFDocument,
    regular: PDFFont,
    bold: PDFFont,
  ) {
    this.encodable = new Set(regular.getCharacterSet());
    this.styles = stylesOf(regular, bold);
    this.newPage();
  }

  cover(pack: EvidencePack): void {
    const { styles } = this;
    const shifts = pack.employees.reduce((sum, e) => sum + e.shifts.length, 0);
    const breaches = pack.employees.reduce((sum, e) => sum + e.breaches.length, 0);
    this.text("Working time evidence pack", styles.title);
    this.gap(6);
    this.text(pack.business_name, styles.business);
    this.text(pack.location_name, styles.body);
    this.gap(6);
    this.text(`From ${pack.from} to ${pack.to}`, styles.body);
    this.text(`Time zone: ${pack.time_zone} (all times are local)`, styles.body);
    this.text(`Generated at ${pack.generated_at}`, styles.body);
    // What could not be checked is said once, up front: a clear page later must not read as "all clear".
    for (const line of pack.not_checked) this.text(line, styles.body);
    this.gap(10);
    this.table({
      title: "Summary",
      continued: "Summary (continued)",
      columns: SUMMARY_COLUMNS,
      rows: pack.employees.map((e) => [
        e.name,
        e.payroll_id || "None",
        String(e.shifts.length),
        String(e.breaches.length),
      ]),
      empty: "No employees worked in this range.",
    });
    this.text(
      `${count(pack.employees.length, "employee", "employees")}, ${count(shifts, "shift", "shifts")} ` +
        `and ${count(breaches, "breach", "breaches")} in this range.`,
      styles.body,
    );
  }

  employee(employee: EvidenceEmployee, partlyChecked: boolean): void {
    const { styles } = this;
    const name = employee.name;
    this.gap(14);
    if (!this.room(EMPLOYEE_START_HEIGHT)) {
      this.page.drawLine({
        start: { x: MARGIN, y: this.y },
        end: { x: MARGIN + CONTENT_WIDTH, y: this.y },
        thickness: 1,
        color: INK,
      });
      this.gap(8);
    }
    this.text(name, styles.heading);
    this.text(`Payroll ID: ${employee.payroll_id || "None"}`, styles.body);
    if (employee.young_worker) this.text(employee.young_worker, styles.body);
    this.text(employee.opt_out, styles.body);
    this.gap(8);
    this.table({
      title: "Shifts",
      continued: `${name}: shifts (continued)`,
      columns: SHIFT_COLUMNS,
      rows: employee.shifts.map((s) => [
        s.date,
        s.check_in,
        s.check_out,
        s.breaks,
        s.worked,
        s.rest_before,
        s.reason ? `${s.source}. Reason: ${s.reason}` : s.source,
      ]),
      empty: "No shifts in this range.",
    });
    this.table({
      title: "Weekly hours",
      continued: `${name}: weekly hours (continued)`,
      columns: WEEK_COLUMNS,
      rows: employee.weeks.map((w) => [w.week_start, w.worked, w.average]),
      empty: "No weeks in this range.",
    });
    this.table({
      title: "Breaches",
      continued: `${name}: breaches (continued)`,
      columns: BREACH_COLUMNS,
      rows: employee.breaches.map((b) => [b.date, b.rule, b.source, b.detail]),
      empty: partlyChecked
        ? "No breaches in this range among the rules checked (see the first page for those not checked)."
        : "No breaches in this range.",
    });
  }

  /** "<label> · Page N of M" at the foot of every page, once the page count is known. */
  footers(label: string): void {
    const pages = this.doc.getPages();
    const style = this.styles.footer;
    pages.forEach((page, index) => {
      const text = this.fit(`${label} · Page ${index + 1} of ${pages.length}`);
      const width = style.font.widthOfTextAtSize(text, style.size);
      page.drawLine({
        start: { x: MARGIN, y: CONTENT_BOTTOM - 14 },
        end: { x: MARGIN + CONTENT_WIDTH, y: CONTENT_BOTTOM - 14 },
        thickness: 0.5,
        color: RULE,
      });
      this.show(page, text, (PAGE_WIDTH - width) / 2, CONTENT_BOTTOM - 30, style);
    });
  }

  /** A titled table whose header row is repeated on each page it reaches; cells wrap to their column. */
  private table({ title, continued, columns, rows, empty }: Table): void {
    const { styles } = this;
    const header = this.row(
      columns,
      columns.map((c) => c.header),
      styles.headerCell,
    );
    const body = rows.map((values) => this.row(columns, values, styles.cell));
    const first = body[0];
    // The title stays with the header and the first row (or with the "no rows" line).
    this.room(
      lineHeight(styles.subheading) + (first ? header.height + first.height : lineHeight(styles.body)),
    );
    this.text(title, styles.subheading);
    this.gap(2);
    if (!first) this.text(empty, styles.body);
    else {
      this.drawRow(header, HEADER_FILL);
      body.forEach((row, index) => {
        if (this.room(row.height)) {
          this.text(continued, styles.note);
          this.gap(2);
          this.drawRow(header, HEADER_FILL);
        }
        this.drawRow(row, index % 2 === 1 ? STRIPE_FILL : undefined);
      });
    }
    this.gap(12);
  }

  private row(columns: Column[], values: string[], style: Style): Row {
    const cells = columns.map((column, index) => ({
      column,
      lines: this.lines(values[index] ?? "", style, column.width - 2 * CELL_PADDING_X),
    }));
    const lineCount = Math.max(...cells.map((cell) => cell.lines.length));
    return { cells, height: 2 * CELL_PADDING_Y + lineCount * lineHeight(style), style };
  }

  private drawRow({ cells, height, style }: Row, fill: RGB | undefined): void {
    const top = this.y;
    const width = cells.reduce((sum, cell) => sum + cell.column.width, 0);
    if (fill) this.page.drawRectangle({ x: MARGIN, y: top - height, width, height, color: fill });
    this.page.drawLine({
      start: { x: MARGIN, y: top - height },
      end: { x: MARGIN + width, y: top - height },
      thickness: 0.5,
      color: RULE,
    });
    let x = MARGIN;
    for (const { column, lines } of cells) {
      lines.forEach((line, index) => {
        const indent =
          column.align === "right"
            ? column.width - CELL_PADDING_X - style.font.widthOfTextAtSize(line, style.size)
            : CELL_PADDING_X;
        this.show(this.page, line, x + indent, baseline(top - CELL_PADDING_Y, index, style), style);
      });
      x += column.width;
    }
    this.y = top - height;
  }

  /** A paragraph across the page, wrapped, and split across pages if it must be. */
  private text(text: string, style: Style): void {
    for (const line of this.lines(text, style, CONTENT_WIDTH)) {
      this.room(lineHeight(style));
      this.show(this.page, line, MARGIN, baseline(this.y, 0, style), style);
      this.y -= lineHeight(style);
    }
  }

  private gap(points: number): void {
    this.y -= points;
  }

  /** Starts a new page unless `height` more points fit on this one; says whether it did. */
  private room(height: number): boolean {
    if (this.y - height >= CONTENT_BOTTOM) return false;
    this.newPage();
    return true;
  }

  private newPage(): void {
    this.page = this.doc.addPage(PageSizes.A4);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** `text` made WinAnsi and broken into lines of at most `width` points. */
  private lines(text: string, style: Style, width: number): string[] {
    return wrap(this.fit(text), (line) => style.font.widthOfTextAtSize(line, style.size) <= width);
  }

  private fit(text: string): string {
    return toWinAnsi(text, this.encodable);
  }

  private show(page: PDFPage, text: string, x: number, y: number, { font, size, color }: Style): void {
    page.drawText(text, { x, y, font, size, color });
  }
}

function stylesOf(regular: PDFFont, bold: PDFFont) {
  return {
    title: { font: bold, size: 20, color: INK },
    business: { font: bold, size: 12, color: INK },
    heading: { font: bold, size: 14, color: INK },
    subheading: { font: bold, size: 10.5, color: INK },
    body: { font: regular, size: 10, color: INK },
    note: { font: regular, size: 8.5, color: MUTED },
    headerCell: { font: bold, size: 8.5, color: INK },
    cell: { font: regular, size: 8.5, color: INK },
    footer: { font: regular, size: 8, color: MUTED },
  } satisfies Record<string, Style>;
}

function lineHeight(style: Style): number {
  return style.size * LINE_SPACING;
}

/** The baseline of line `index` of a block whose top is `top`: each line's text sits in the middle of its line. */
function baseline(top: number, index: number, style: Style): number {
  return top - (index + 0.5) * lineHeight(style) - 0.32 * style.size;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
