import { describe, expect, it } from "vitest";
import { type CsvCell, ours, parseCsv, writeCsv } from "../../worker/domain/csv";

const BOM = "\uFEFF";
/** The text of one written row, without the BOM and the closing CRLF. */
const line = (...cells: CsvCell[]) => writeCsv([cells]).slice(BOM.length, -2);

describe("writing CSV", () => {
  it("starts with a byte order mark and ends every record with CRLF", () => {
    expect(
      writeCsv([
        ["a", "b"],
        ["c", "d"],
      ]),
    ).toBe(`${BOM}a,b\r\nc,d\r\n`);
    expect(writeCsv([])).toBe(BOM);
  });

  it("quotes fields holding a comma, a quote, CR or LF, and doubles the quotes", () => {
    expect(line("Smith, Jo")).toBe('"Smith, Jo"');
    expect(line('Jo "JJ" Smith')).toBe('"Jo ""JJ"" Smith"');
    expect(line("two\nlines")).toBe('"two\nlines"');
    expect(line("carriage\rreturn")).toBe('"carriage\rreturn"');
    expect(line("windows\r\nline")).toBe('"windows\r\nline"');
  });

  it("leaves every other text as it is", () => {
    expect(line("O'Brien", " spaced ", "Zoë", "😀", "a=b", "x-1", "50%")).toBe(
      "O'Brien, spaced ,Zoë,😀,a=b,x-1,50%",
    );
  });

  it("keeps a lone empty field a field, so it reads back", () => {
    expect(line("")).toBe('""');
    expect(line("", "x", "")).toBe(",x,");
  });
});

describe("formula injection", () => {
  it("puts an apostrophe before names a spreadsheet would run as formulas", () => {
    expect(line('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(line("+1")).toBe("'+1");
    expect(line("-2")).toBe("'-2");
    expect(line("@SUM(1)")).toBe("'@SUM(1)");
    expect(line("\t=1+1")).toBe("'\t=1+1");
    expect(line("\r=1+1")).toBe(`"'\r=1+1"`);
    expect(line("=1+1\nsecond")).toBe(`"'=1+1\nsecond"`);
  });

  it("writes our own numbers and formatted values untouched, negative ones included", () => {
    expect(line(-2, 3.5, 0, ours("-1:30"), ours("+44 20 7946 0000"), ours("=not a formula of theirs"))).toBe(
      "-2,3.5,0,-1:30,+44 20 7946 0000,=not a formula of theirs",
    );
  });

  it("still quotes our own values when they need it", () => {
    expect(line(ours('Total, "all"'))).toBe('"Total, ""all"""');
  });

  it("refuses numbers a spreadsheet could not read", () => {
    expect(() => writeCsv([[Number.NaN]])).toThrow(RangeError);
    expect(() => writeCsv([[Number.POSITIVE_INFINITY]])).toThrow(RangeError);
  });
});

describe("reading CSV", () => {
  it("reads back what was written, quotes, commas and line breaks included", () => {
    const rows = [
      ["Date", "Employee", "Note"],
      ["20/11/2026", 'Jo "JJ" Smith, Jr', "two\r\nlines"],
      ["", "", ""],
      [""],
      ["café", "😀", "'quoted' text", '"', '""', ","],
    ];
    expect(parseCsv(writeCsv(rows.map((row) => row.map(ours))))).toEqual(rows);
  });

  it("reads back guarded text with only the apostrophe added", () => {
    const names = ['=HYPERLINK("http://x","y")', "+1", "-2", "@SUM(1)", "Alex"];
    expect(parseCsv(writeCsv([names]))).toEqual([
      ['\'=HYPERLINK("http://x","y")', "'+1", "'-2", "'@SUM(1)", "Alex"],
    ]);
  });

  it("round-trips hundreds of random tables losslessly", () => {
    let state = 42;
    const random = () => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      return state / 2 ** 32;
    };
    const alphabet = [
      "a",
      "Z",
      " ",
      ",",
      '"',
      "\r",
      "\n",
      "\r\n",
      "'",
      "=",
      "+",
      "-",
      "@",
      "\t",
      "é",
      "😀",
      ";",
    ];
    const text = () =>
      Array.from(
        { length: Math.floor(random() * 6) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join("");
    for (let table = 0; table < 300; table++) {
      const rows = Array.from({ length: 1 + Math.floor(random() * 5) }, () =>
        Array.from({ length: 1 + Math.floor(random() * 5) }, text),
      );
      expect(parseCsv(writeCsv(rows.map((row) => row.map(ours)))), `table ${table}`).toEqual(rows);
      const guarded = rows.map((row) => row.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)));
      expect(parseCsv(writeCsv(rows)), `table ${table}`).toEqual(guarded);
    }
  });

  it("accepts LF line endings, no BOM and no final line break", () => {
    expect(parseCsv('a,b\n"c\nd",e')).toEqual([
      ["a", "b"],
      ["c\nd", "e"],
    ]);
    expect(parseCsv("")).toEqual([]);
  });

  it("refuses a quoted field that never closes", () => {
    expect(() => parseCsv('a,"never closed\r\n')).toThrow(SyntaxError);
  });
});
