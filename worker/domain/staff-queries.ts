import type { TimesheetQuery } from "../contracts/timesheets";
import type { LocalDate } from "./time-zone";

// Staff queries about their hours (docs/staff-app.md, "My hours, queries and my data"): "Something's wrong"
// on an entry, or "I worked but there's no entry" on a day. Pure: the hub stores them (durable/hub-queries.ts).

export type StaffQuery = {
  id: string;
  employeeId: string;
  /** The entry it is about, or null for a day without one. */
  entryId: string | null;
  /** The location's local date it is about, for a day without an entry; null for an entry. */
  day: LocalDate | null;
  note: string;
  createdAt: number;
  answer: string | null;
  answeredBy: { id: string; name: string } | null;
  answeredAt: number | null;
  /** Ticked as reviewed by a manager approving the period, without an answer. */
  reviewedAt: number | null;
};

/** Waiting for the manager: neither answered nor ticked as reviewed. An exception on the timesheet. */
export const isOpen = (query: Pick<StaffQuery, "answeredAt" | "reviewedAt">) =>
  query.answeredAt === null && query.reviewedAt === null;

/** How many days back a staff member may raise a query about a day, besides the current pay period. */
export const QUERY_LOOKBACK_DAYS = 62;

const iso = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString());

/** A query as the timesheet and the staff app show it. */
export const queryView = (query: StaffQuery): TimesheetQuery => ({
  id: query.id,
  employee_id: query.employeeId,
  entry_id: query.entryId,
  date: query.day,
  note: query.note,
  created_at: new Date(query.createdAt).toISOString(),
  answer: query.answer,
  answered_by: query.answeredBy?.name ?? null,
  answered_at: iso(query.answeredAt),
  reviewed: query.reviewedAt !== null,
  open: isOpen(query),
});
