import type { StaffQuery } from "../../domain/staff-queries";
import type { HubCore } from "../hub-core";
import { ENTRY_NOT_FOUND, type Manager } from "../hub-entries";

export const QUERY_NOT_FOUND = "Query not found";
export const QUERY_OPEN_ON_ENTRY = "You already have a query open about this entry.";
export const QUERY_OPEN_ON_DAY = "You already have a query open about this day.";
export const QUERY_ANSWERED = "This query has already been answered.";

export type QueryResult =
  | { ok: true; query: StaffQuery }
  | { ok: false; refusal: "not_found" | "conflict"; detail: string };

/** Staff queries about their hours (docs/staff-app.md): raised from the staff app, answered by a manager. */
export class QueryRoom {
  constructor(private readonly hub: HubCore) {}

  /** A query about one of the employee's own entries, or a day; another employee's entry is not found. */
  async raise(
    employeeId: string,
    about: { entryId: string } | { day: string },
    note: string,
  ): Promise<QueryResult> {
    const { hub } = this;
    await hub.site();
    if ("entryId" in about) {
      const entry = hub.entries.entry(about.entryId);
      if (!entry || entry.employeeId !== employeeId) {
        return { ok: false, refusal: "not_found", detail: ENTRY_NOT_FOUND };
      }
    }
    const query = hub.queries.raise(
      {
        employeeId,
        entryId: "entryId" in about ? about.entryId : null,
        day: "day" in about ? about.day : null,
        note,
      },
      Date.now(),
    );
    if (!query) {
      const detail = "entryId" in about ? QUERY_OPEN_ON_ENTRY : QUERY_OPEN_ON_DAY;
      return { ok: false, refusal: "conflict", detail };
    }
    hub.waitUntil(hub.live.pushLiveStatus());
    return { ok: true, query };
  }

  async mine(employeeId: string): Promise<StaffQuery[]> {
    await this.hub.site();
    return this.hub.queries.of(employeeId);
  }

  /** The queries about these entries or days (the timesheet). */
  async about(entryIds: string[], firstDay: string, lastDay: string): Promise<StaffQuery[]> {
    await this.hub.site();
    return this.hub.queries.about(entryIds, firstDay, lastDay);
  }

  /** A manager's answer: audited through the outbox before this answers, or by the alarm should D1 fail. */
  async answer(id: string, answer: string, by: Manager): Promise<QueryResult> {
    const { hub } = this;
    await hub.site();
    const result = hub.queries.answer(id, answer, by, Date.now());
    if (result === null) return { ok: false, refusal: "not_found", detail: QUERY_NOT_FOUND };
    if (result === "answered") return { ok: false, refusal: "conflict", detail: QUERY_ANSWERED };
    await hub.afterAudited();
    return { ok: true, query: result };
  }
}
