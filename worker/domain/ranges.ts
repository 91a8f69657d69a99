import type { LocalDate } from "./time-zone";

// The two kinds of range the Worker speaks of: instants and local dates. Every module names them so.

/** A half-open range of instants, [start, end): epoch milliseconds, UTC. */
export type TimeRange = { start: number; end: number };

/** A TimeRange whose end may not have come yet: a shift, break or entry still open has `end` null. */
export type OpenTimeRange = { start: number; end: number | null };

/** Local dates in a location's zone, both days included (YYYY-MM-DD). */
export type DateRange = { startDate: LocalDate; endDate: LocalDate };
