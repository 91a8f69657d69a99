// Cursor pages (docs/public-api.md, "Pages"): every list is ordered by the record's id, which never changes, and
// a cursor is the last id a page held. A row written while a client pages through is either after the cursor
// (and on a later page) or before it (and picked up by the next `updated_since` sync); no row that was there is
// skipped or repeated.

export type Paged<T> = { data: T[]; next_cursor: string | null };

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

export function encodeCursor(id: string): string {
  let binary = "";
  for (const byte of encoder.encode(`after:${id}`)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The id a cursor stands for, or null when it is not one of ours. */
export function decodeCursor(cursor: string): string | null {
  try {
    const binary = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
    const text = decoder.decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    const id = /^after:([A-Za-z0-9_-]{1,64})$/.exec(text)?.[1];
    return id ?? null;
  } catch {
    return null;
  }
}

/**
 * One page of rows: those after `after` in id order, at most `limit`, and the cursor for the next page when
 * there are more. `rows` may hold more than a page (a hub's list) or exactly `limit + 1` (a D1 read).
 */
export function pageOf<T extends { id: string }>(
  rows: readonly T[],
  after: string | null,
  limit: number,
): Paged<T> {
  const sorted = rows
    .filter((row) => after === null || row.id > after)
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  const data = sorted.slice(0, limit);
  const last = data.at(-1);
  return { data, next_cursor: sorted.length > limit && last ? encodeCursor(last.id) : null };
}
