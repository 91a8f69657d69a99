import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { beforeAll, describe, expect, it } from "vitest";
import type { EvidencePack } from "../../worker/contracts/compliance";
import { renderEvidencePdf } from "../../worker/services/evidence-pdf";
import { evidencePack, LONG_DETAIL } from "./fixtures/evidence-pack";

// The evidence pack's PDF, read back with a real PDF reader (PDF.js, run in this process without a worker):
// the text an inspector would see and select, page by page.

const A4_WIDTH = 595.28;
const FOOTER = "Clocked · Hollybush Café, Hebden Bridge";

/** A piece of text as PDF.js places it: x and y of its baseline's start, in points from the bottom left. */
type Item = { text: string; x: number; y: number; width: number };
type Pdf = { info: Record<string, unknown>; pages: Item[][] };

async function readPdf(bytes: Uint8Array): Promise<Pdf> {
  // PDF.js takes the buffer over; the caller keeps theirs.
  const pdf = await getDocument({ data: bytes.slice(), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const { info } = await pdf.getMetadata();
    const pages: Item[][] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(
        content.items.flatMap((item) =>
          "str" in item && item.str.trim()
            ? [{ text: item.str, x: item.transform[4], y: item.transform[5], width: item.width }]
            : [],
        ),
      );
    }
    return { info: info as Record<string, unknown>, pages };
  } finally {
    await pdf.destroy();
  }
}

/** A page's lines, top to bottom: the pieces sharing a baseline, left to right, joined by a space. */
function linesOf(items: Item[]): string[] {
  const rows = new Map<number, Item[]>();
  for (const item of items) {
    const y = Math.round(item.y * 10) / 10;
    rows.set(y, [...(rows.get(y) ?? []), item]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, row]) =>
      row
        .sort((a, b) => a.x - b.x)
        .map((item) => item.text.trim())
        .join(" ")
        .replace(/\s+/g, " "),
    );
}

describe("the evidence pack PDF", () => {
  let bytes: Uint8Array;
  let pdf: Pdf;
  let pages: string[][];
  const allLines = () => pages.flat();

  beforeAll(async () => {
    bytes = await renderEvidencePdf(evidencePack);
    pdf = await readPdf(bytes);
    pages = pdf.pages.map(linesOf);
  });

  it("is a PDF whose title names the location and range", () => {
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    expect(pdf.info.Title).toBe(
      "Working time evidence pack: Hollybush Café, Hebden Bridge, 02/03/2026 to 31/05/2026",
    );
  });

  it("opens with the title, business, location, range, time zone and a summary", () => {
    expect(pages[0]?.slice(0, 7)).toEqual([
      "Working time evidence pack",
      "Hollybush Coffee Ltd",
      "Hollybush Café, Hebden Bridge",
      "From 02/03/2026 to 31/05/2026",
      "Time zone: Europe/London (all times are local)",
      "Generated at 01/06/2026 09:12",
      "Summary",
    ]);
    expect(pages[0]).toContain("Zoë Ashworth HB-0042 72 2");
    expect(pages[0]).toContain("Maisie O’Connor None 26 1");
    expect(pages[0]).toContain("3 employees, 137 shifts and 3 breaches in this range.");
  });

  it("gives each employee a section, spelling names the standard fonts cannot as near as they can", () => {
    const lines = allLines();
    // Zoë's ë is in WinAnsi; Łukasz Wiśniewski's Ł and ś are not.
    for (const name of ["Zoë Ashworth", "Lukasz Wisniewski", "Maisie O’Connor"]) {
      expect(lines.filter((line) => line === name)).toHaveLength(1);
    }
    expect(lines).toContain("Payroll ID: HB-0057");
    expect(lines).toContain("Opted out 01/02/2026");
    expect(lines).toContain("Young worker (under 18) until 14/03/2027");
    expect(lines.filter((line) => line === "No opt-out")).toHaveLength(2);
    expect(lines).toContain("No breaches in this range.");
  });

  it("writes each shift as one row, with its breaks, hours, rest and source", () => {
    const lines = allLines();
    expect(lines).toContain("13/03/2026 14:00 23:00 18:00–18:30 8h 30m 20h 24m Kiosk");
    expect(lines).toContain("14/03/2026 07:00 15:00 11:00–11:20 7h 40m 8h 0m Kiosk");
    expect(lines).toContain("21/04/2026 07:00 17:30 None 10h 30m 13h 13m Kiosk");
    // A correction's reason is in its Source cell, wrapping inside the column.
    const corrected = lines.findIndex((line) =>
      line.startsWith("18/04/2026 09:00 18:00 13:00–13:30 8h 30m 138h 0m Corrected by manager."),
    );
    expect(corrected).toBeGreaterThan(-1);
    expect(lines.slice(corrected, corrected + 3).join(" ")).toContain("Reason: Stayed on for the party");
    // The first shift has no rest before it.
    expect(lines).toContain("03/03/2026 08:56 17:05 13:00–13:30 7h 39m Kiosk");
    // Every fixture row is there, on some page.
    for (const employee of evidencePack.employees) {
      for (const s of employee.shifts) {
        if (s.reason) continue;
        const row = [s.date, s.check_in, s.check_out, s.breaks, s.worked, s.rest_before, s.source];
        expect(lines).toContain(row.filter(Boolean).join(" "));
      }
    }
  });

  it("lists the weeks with their 17-week average", () => {
    const lines = allLines();
    expect(lines.filter((line) => line === "Week beginning Worked 17-week average").length).toBeGreaterThan(
      2,
    );
    expect(lines).toContain("13/04/2026 0h 0m 51h 59m");
  });

  it("wraps a long breach detail inside its column", () => {
    const lines = allLines();
    expect(lines).toContain("Date Rule Source Detail");
    const page = pdf.pages.find((items) => items.some((item) => item.text.startsWith("Worked 10h 30m from")));
    const start = page?.find((item) => item.text.startsWith("Worked 10h 30m from"));
    const column = page?.filter(
      (item) => Math.abs(item.x - (start?.x ?? 0)) < 0.5 && item.y <= (start?.y ?? 0),
    );
    const detail = (column ?? []).sort((a, b) => b.y - a.y).map((item) => item.text.trim());
    expect(detail.length).toBeGreaterThan(3);
    expect(detail.join(" ").startsWith(LONG_DETAIL)).toBe(true);
    expect(lines.some((line) => line.startsWith("21/04/2026 Rest break Working Time Regulations"))).toBe(
      true,
    );
  });

  it("keeps all text on the page", () => {
    for (const item of pdf.pages.flat()) {
      expect(item.x).toBeGreaterThanOrEqual(39);
      expect(item.x + item.width).toBeLessThanOrEqual(A4_WIDTH - 39);
    }
  });

  it("numbers every page in its footer, and repeats the table header on the next page", () => {
    const count = pages.length;
    expect(count).toBeGreaterThan(1);
    expect(pages[0]).toContain(`${FOOTER} · Page 1 of ${count}`);
    pages.forEach((lines, index) => {
      expect(lines.at(-1)).toBe(`${FOOTER} · Page ${index + 1} of ${count}`);
    });
    expect(pages[1]?.slice(0, 2)).toEqual([
      "Zoë Ashworth: shifts (continued)",
      "Date In Out Breaks Worked Rest before Source",
    ]);
  });

  it("gives the same bytes for the same pack: no dates, no producer", async () => {
    expect(pdf.info).not.toHaveProperty("CreationDate");
    expect(pdf.info).not.toHaveProperty("ModDate");
    expect(pdf.info).not.toHaveProperty("Producer");
    const again = await renderEvidencePdf(evidencePack);
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe("text the standard fonts cannot encode", () => {
  const zoe = evidencePack.employees[0];
  if (!zoe) throw new Error("the fixture has Zoë first");
  const pack: EvidencePack = {
    ...evidencePack,
    location_name: "Café 🚀 Łódź",
    employees: [
      {
        ...zoe,
        name: "Łukasz 🙂 Nowak",
        opt_out: "Opted out 01/02/2026 → withdrawn 01/06/2026",
        shifts: zoe.shifts.slice(0, 3),
        breaches: [
          {
            date: "14/03/2026",
            rule: "Daily rest",
            source: "Working Time Regulations 1998, reg 10",
            detail: "Rest 8h 0m 👍🏽 — short",
          },
        ],
      },
    ],
  };

  it("is replaced, not thrown on: a stand-in where there is one, else a question mark", async () => {
    const { pages } = await readPdf(await renderEvidencePdf(pack));
    const lines = pages.flatMap(linesOf);
    expect(lines).toContain("Lukasz ? Nowak");
    expect(lines).toContain("Opted out 01/02/2026 -> withdrawn 01/06/2026");
    expect(lines.some((line) => line.endsWith("Rest 8h 0m ? — short"))).toBe(true);
    expect(lines.at(-1)).toBe("Clocked · Café ? Lódz · Page 1 of 1");
  });
});

describe("a location that does not record breaks", () => {
  const lukasz = evidencePack.employees[1];
  if (!lukasz) throw new Error("the fixture has Łukasz second");
  const notChecked =
    "Rest break (Working Time Regulations 1998, reg 12): Not checked: breaks are not recorded here";
  const pack: EvidencePack = {
    ...evidencePack,
    not_checked: [notChecked],
    employees: [{ ...lukasz, shifts: lukasz.shifts.map((s) => ({ ...s, breaks: "Not recorded" })) }],
  };

  it("says on the first page which rule was not checked, and never that no breaches means all clear", async () => {
    const { pages } = await readPdf(await renderEvidencePdf(pack));
    const first = pages[0] ? linesOf(pages[0]) : [];
    expect(first.slice(5, 8)).toEqual([
      "Generated at 01/06/2026 09:12",
      "Rest break (Working Time Regulations 1998, reg 12): Not checked: breaks are not recorded here",
      "Summary",
    ]);
    const lines = pages.flatMap(linesOf);
    expect(lines).not.toContain("No breaches in this range.");
    expect(lines.join(" ")).toContain("No breaches in this range among the rules checked");
    expect(lines.some((line) => /^\d\d\/\d\d\/2026 \d\d:\d\d \d\d:\d\d Not recorded /.test(line))).toBe(true);
  });
});
