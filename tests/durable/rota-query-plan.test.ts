import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ROTA_QUERIES } from "../../worker/durable/hub-rota";
import type { LocationHub } from "../../worker/durable/location-hub";
import { hubStub } from "../support/kiosk";

// Reading a week of the rota reads that week's rows only: every rota query is an index range on the shifts'
// starts, never a scan of the table (docs/rota.md, "Where it lives").

const WEEK_START = Date.parse("2027-03-01T00:00:00Z");
const WEEK_END = Date.parse("2027-03-08T00:00:00Z");

/** SQLite's plan of a query, one step a line ("SEARCH shifts USING INDEX ..."). */
function planOf(sql: SqlStorage, query: string, ...bindings: (string | number)[]): string[] {
  return sql
    .exec<{ detail: string }>(`EXPLAIN QUERY PLAN ${query}`, ...bindings)
    .toArray()
    .map((row) => row.detail);
}

describe("the rota's query plans", () => {
  it("read a week by a range of the start index, and an employee's by theirs, never a scan", async () => {
    await runInDurableObject(hubStub(crypto.randomUUID()), (_hub: LocationHub, state) => {
      const { sql } = state.storage;
      // A year of shifts, so the plans are of a table worth indexing.
      for (let day = 0; day < 365; day++) {
        const start = WEEK_START + day * 86_400_000;
        sql.exec(
          `INSERT INTO shifts (id, employee_id, start_at, end_at, break_minutes, week, updated_at, updated_by, updated_by_name)
           VALUES (?, ?, ?, ?, 0, '2027-03-01', 0, 'm', 'M')`,
          `shift-${day}`,
          `employee-${day % 7}`,
          start,
          start + 8 * 3_600_000,
        );
      }
      sql.exec("ANALYZE");
      const plans = {
        begunBetween: planOf(sql, ROTA_QUERIES.begunBetween, WEEK_START, WEEK_END),
        employeeBegunBetween: planOf(
          sql,
          ROTA_QUERIES.employeeBegunBetween,
          "employee-1",
          WEEK_START,
          WEEK_END,
        ),
        clearDrafts: planOf(sql, ROTA_QUERIES.clearDrafts, WEEK_START, WEEK_END),
        publishedFrom: planOf(sql, ROTA_QUERIES.publishedFrom, WEEK_START),
      };
      expect(plans.begunBetween.join("\n")).toMatch(
        /SEARCH shifts USING INDEX shifts_start \(start_at>\? AND start_at<\?\)/,
      );
      expect(plans.employeeBegunBetween.join("\n")).toMatch(
        /SEARCH shifts USING INDEX shifts_employee_start \(employee_id=\? AND start_at>\? AND start_at<\?\)/,
      );
      expect(plans.clearDrafts.join("\n")).toMatch(/SEARCH shifts USING INDEX shifts_start/);
      expect(plans.publishedFrom.join("\n")).toMatch(
        /SEARCH shifts USING INDEX shifts_start \(start_at>\?\)/,
      );
      for (const plan of Object.values(plans)) expect(plan.join("\n")).not.toMatch(/SCAN/);
      // The queries this test covers are all the rota has.
      expect(Object.keys(plans).sort()).toEqual(Object.keys(ROTA_QUERIES).sort());
    });
  });
});
