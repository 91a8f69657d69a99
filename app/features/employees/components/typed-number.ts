/** A number typed in a field: "" is none (null); "£12.50" and "1,000" are read as numbers; else NaN. */
export function numberOrNull(text: string): number | null {
  const plain = text.trim().replace(/^£\s*/, "").replace(/,/g, "");
  return plain === "" ? null : Number(plain);
}
