// What no text the product stores may contain (names, notes, labels, e-mail addresses, passwords,
// questions to the assistants):
// - lone surrogates: not text at all; D1 keeps U+FFFD instead, so what was saved is not what was sent;
// - control characters (NUL, escape…): nothing typed needs one, though a question to an assistant may
//   have line breaks and tabs;
// - bidirectional overrides and isolates: they reorder what the kiosk, the dashboard and CSVs show;
// - invisible spaces (zero-width space, word joiner, BOM): they let "Ja\u200Bne" pass for "Jane".
// Joiners (U+200C, U+200D) are allowed: emoji sequences and several scripts need them.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSAFE_CHARACTER = /[\p{Cc}\u200B\u2060\uFEFF\u202A-\u202E\u2066-\u2069]/u;

export const hasUnsafeCharacters = (text: string) => LONE_SURROGATE.test(text) || UNSAFE_CHARACTER.test(text);

export const isSafeText = (text: string) => !hasUnsafeCharacters(text);

/** For text of several lines (a question to an assistant): tabs and line breaks are allowed. */
export const isSafeParagraph = (text: string) => isSafeText(text.replace(/[\t\n\r]/g, ""));

export const unsafeTextMessage = (label: string) => `${label} contains characters that can't be used`;
