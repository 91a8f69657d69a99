import { writeFile } from "node:fs/promises";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { expect, it } from "vitest";
import { drawRotaSheet, rotaSheet } from "../../worker/services/rota-sheet";

// The rota's wall sheet read back with a real PDF reader (PDF.js): its size and the text staff read on it.

type Item = { text: string; x: number; y: number };

async function readPdf(bytes: Uint8Array) {
  const pdf = await getDocument({ data: bytes.slice(), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const page = await pdf.getPage(1);
    const [, , width, height] = page.view;
    const content = await page.getTextContent();
    const items: Item[] = content.items.flatMap((item) =>
      "str" in item && item.str.trim()
        ? [{ text: item.str, x: item.transform[4], y: item.transform[5] }]
        : [],
    );
    return { pages: pdf.numPages, width, height, items };
  } finally {
    await pdf.destroy();
  }
}

const at = (iso: string) => Date.parse(iso);

it("lays the week out on one landscape A4 page: staff as rows, days as columns, open shifts last", async () => {
  const sheet = rotaSheet({
    locationName: "Hollybush Café",
    week: "2027-10-25",
    timeZone: "Europe/London",
    publishedAt: at("2027-10-22T16:00:00Z"),
    names: new Map([
      ["jane", "Jane Smith"],
      ["lukasz", "Łukasz Wiśniewski"],
    ]),
    shifts: [
      // Monday 25/10 is BST: 08:00Z is 09:00 on the wall.
      {
        id: "1",
        employeeId: "lukasz",
        start: at("2027-10-25T08:00:00Z"),
        end: at("2027-10-25T16:00:00Z"),
        breakMinutes: 30,
        role: "Barista",
        notes: null,
      },
      // Sunday 31/10, after the clocks went back: 09:00Z is 09:00.
      {
        id: "2",
        employeeId: "jane",
        start: at("2027-10-31T09:00:00Z"),
        end: at("2027-10-31T13:00:00Z"),
        breakMinutes: 0,
        role: null,
        notes: null,
      },
      {
        id: "3",
        employeeId: null,
        start: at("2027-10-27T11:00:00Z"),
        end: at("2027-10-27T15:00:00Z"),
        breakMinutes: 0,
        role: "Kitchen",
        notes: null,
      },
    ],
  });
  const bytes = await drawRotaSheet(sheet);
  await writeFile("/tmp/rota-sheet.pdf", bytes);
  const pdf = await readPdf(bytes);
  expect(pdf.pages).toBe(1);
  expect([Math.round(pdf.width as number), Math.round(pdf.height as number)]).toEqual([842, 595]);

  const texts = pdf.items.map((item) => item.text);
  expect(texts).toEqual(
    expect.arrayContaining([
      "Rota: Hollybush Café",
      "Week of 25/10/2027 to 31/10/2027 · Published 22/10/2027",
      "Mon 25/10/2027",
      "Thu 28/10/2027",
      "Fri 29/10/2027",
      "Sun 31/10/2027",
      "Jane Smith",
      // The standard fonts have no Ł or ś: the evidence pack's WinAnsi fallback spells them plainly.
      "Lukasz Wisniewski",
      "Open shifts",
      "09:00–17:00",
      "Barista",
      "30 min break",
      "09:00–13:00",
      "12:00–16:00",
      "Kitchen",
    ]),
  );
  const find = (text: string) => pdf.items.find((item) => item.text === text) as Item;
  // Rows by name, open shifts last; each shift in its day's column.
  expect(find("Jane Smith").y).toBeGreaterThan(find("Lukasz Wisniewski").y);
  expect(find("Lukasz Wisniewski").y).toBeGreaterThan(find("Open shifts").y);
  expect(find("09:00–17:00").y).toBeCloseTo(find("Lukasz Wisniewski").y, 0);
  expect(find("09:00–13:00").x).toBeCloseTo(find("Sun 31/10/2027").x, 0);
  expect(find("12:00–16:00").x).toBeCloseTo(find("Wed 27/10/2027").x, 0);
});

it("says Draft for a week never published, and that it has no shifts", async () => {
  const sheet = rotaSheet({
    locationName: "Camden",
    week: "2027-03-01",
    timeZone: "Europe/London",
    publishedAt: null,
    names: new Map(),
    shifts: [],
  });
  const texts = (await readPdf(await drawRotaSheet(sheet))).items.map((item) => item.text);
  expect(texts).toContain("Week of 01/03/2027 to 07/03/2027 · Draft");
  expect(texts).toContain("No shifts this week.");
});
