import {
  PAGE_LIMIT_DEFAULT,
  RANGE_BACKWARDS,
  RANGE_DAYS_MAX,
  RANGE_TOO_LONG,
} from "../../contracts/public-api";
import type { PageAsk } from "../../db/public-api";
import { addDays, safeTimeZone, startOfLocalDay } from "../../domain/local-time";
import { decodeCursor } from "../../domain/pages";
import { dayNumberOf } from "../../domain/time-zone";
import { badRequest } from "../../lib/errors";

// Reading a list's query string (docs/public-api.md, "Pages"): the cursor, the page size, the dates.

export const CURSOR_INVALID = "The cursor is not valid: pass next_cursor from the previous page";

export function pageAsk(query: {
  cursor?: string;
  limit?: number;
  updated_since?: number;
  location_id?: string;
}): PageAsk {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (query.cursor !== undefined && after === null) throw badRequest(CURSOR_INVALID);
  return {
    after,
    limit: query.limit ?? PAGE_LIMIT_DEFAULT,
    updatedSince: query.updated_since,
    locationId: query.location_id,
  };
}

/** [start, end) of the local dates from and to, both included, in the location's zone. */
export function rangeBounds(query: { from: string; to: string }, timeZone: string) {
  const days = dayNumberOf(query.to) - dayNumberOf(query.from) + 1;
  if (days < 1) throw badRequest(RANGE_BACKWARDS);
  if (days > RANGE_DAYS_MAX) throw badRequest(RANGE_TOO_LONG);
  const zone = safeTimeZone(timeZone);
  return { start: startOfLocalDay(query.from, zone), end: startOfLocalDay(addDays(query.to, 1), zone) };
}
