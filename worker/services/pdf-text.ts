// Text for the evidence pack's PDF (evidence-pdf.ts): lines wrapped to a width, and strings made WinAnsi,
// the only encoding the PDF standard fonts have.

/** Breaks at spaces; a word too long for a line on its own is broken between characters. */
export function wrap(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.trim().split(" ")) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (line.length > 1 && !fits(line)) {
      let cut = line.length - 1;
      while (cut > 1 && !fits(line.slice(0, cut))) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  lines.push(line);
  return lines;
}

/** Letters WinAnsi lacks that have a plain stand-in (those with accents lose the accent instead). */
const STAND_INS: Record<string, string> = {
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Ħ: "H",
  ħ: "h",
  ı: "i",
  Ŧ: "T",
  ŧ: "t",
  Ŋ: "N",
  ŋ: "n",
  "→": "->",
  "←": "<-",
  "≤": "<=",
  "≥": ">=",
  "−": "-",
  "‐": "-",
  "‑": "-",
  "‒": "–",
  "′": "'",
  "″": '"',
};
const graphemes = new Intl.Segmenter("en-GB", { granularity: "grapheme" });

/**
 * `text` in characters the standard fonts can show, one grapheme at a time: kept if WinAnsi has it ("Zoë",
 * "–"), else without its accents ("ś" to "s"), else a stand-in ("Ł" to "L", "→" to "->"), else "?" (an
 * emoji, even one made of several code points). Any whitespace becomes a plain space.
 */
export function toWinAnsi(text: string, encodable: ReadonlySet<number>): string {
  const fits = (s: string) => Array.from(s).every((c) => encodable.has(c.codePointAt(0) ?? -1));
  const plain = text
    .normalize("NFC")
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, "")
    .replace(/\s/g, " ");
  let out = "";
  for (const { segment } of graphemes.segment(plain)) {
    if (fits(segment)) out += segment;
    else {
      const bare = segment.normalize("NFD").replace(/\p{M}/gu, "");
      out += fits(bare) ? bare : (STAND_INS[bare] ?? "?");
    }
  }
  return out;
}
