import { describe, expect, it } from "vitest";
import { hasUnsafeCharacters, isSafeParagraph } from "../../worker/contracts/text";

describe("text the product stores", () => {
  it.each([
    ["a lone high surrogate", "Ja\uD800ne"],
    ["a lone low surrogate", "\uDC00Jane"],
    ["NUL", "Jane\u0000"],
    ["escape", "\u001B[31mJane"],
    ["a new line", "Jane\nSmith"],
    ["a C1 control", "Jane\u0085"],
    ["a right-to-left override", "Jane\u202Egnp.exe"],
    ["a bidi isolate", "\u2066Jane\u2069"],
    ["a zero-width space", "Ja\u200Bne"],
    ["a word joiner", "Ja\u2060ne"],
    ["a byte-order mark", "\uFEFFJane"],
  ])("refuses %s", (_, text) => {
    expect(hasUnsafeCharacters(text)).toBe(true);
  });

  it.each([
    ["accents", "Zoë Brontë"],
    ["Arabic", "جين سميث"],
    ["Welsh", "Siôn Llŷr"],
    ["an emoji with joiners and a skin tone", "Jane 👩🏽‍🍳"],
    ["a zero-width non-joiner (Persian)", "می‌خواهم"],
    ["a surrogate pair", "𝒥ane"],
    ["apostrophes and hyphens", "Siobhán O'Neill-Smith"],
  ])("accepts %s", (_, text) => {
    expect(hasUnsafeCharacters(text)).toBe(false);
  });

  it("allows line breaks and tabs in a question of several lines, and nothing else of the above", () => {
    expect(isSafeParagraph("Who is in?\nAnd who\tleft early?\r\n")).toBe(true);
    expect(isSafeParagraph("Who is in?\u0000")).toBe(false);
    expect(isSafeParagraph("Who is \u202Ein?")).toBe(false);
    expect(isSafeParagraph("\uD800")).toBe(false);
  });
});
