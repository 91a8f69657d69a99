import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { createManager } from "../../tests/support/api";
import { download, get } from "../../tests/support/hours";
import { addLocation, db } from "../../tests/support/kiosk";
import { overlappingSessionQueries } from "../../worker/db/staff-hours";
import { staffHoursCsv } from "../../worker/domain/csv";
import { computeStaffHours } from "../../worker/domain/hours";
import { resolvePeriod } from "../../worker/domain/periods";
import { exportRows } from "../../worker/domain/staff-hours-rows";
import { newId } from "../../worker/lib/crypto";

// A Business location at its limit, 150 staff, with a year of weekday shifts (about 39,000 sessions),
// then: the hours engine alone, the Staff Hours call, the CSV export, and what D1 reads for a month.

const STAFF = 150;
const FIRST_DAY = Date.parse("2025-11-03T00:00:00Z"); // a Monday
const DAYS = 364;
const DAY = 86_400_000;

async function seed() {
  const manager = await createManager({ plan: "business" });
  const locationId = await addLocation(manager, "Benchmark Warehouse");
  const employees = Array.from({ length: STAFF }, (_, i) => ({ id: newId(), n: i }));
  const rows = employees.map(
    (e) =>
      `('${e.id}', '${locationId}', 'First${e.n}', 'Last${e.n}', 'user${e.n}', 'x', 1, 'active', ${FIRST_DAY})`,
  );
  await env.DB.prepare(
    `INSERT INTO employees (id, location_id, first_name, last_name, username, pin_hash, active, current_status, created_at) VALUES ${rows.join(",")}`,
  ).run();
  const sessions: string[] = [];
  for (let day = 0; day < DAYS; day++) {
    if (day % 7 >= 5) continue; // weekdays
    for (const e of employees) {
      const start = FIRST_DAY + day * DAY + 8 * 3_600_000 + ((e.n * 7) % 60) * 60_000;
      const end = start + (7 + (e.n % 4)) * 3_600_000;
      sessions.push(`('${newId()}', '${locationId}', '${e.id}', ${start}, ${end}, 'kiosk', ${start})`);
    }
  }
  for (let i = 0; i < sessions.length; i += 500) {
    await env.DB.prepare(
      `INSERT INTO attendance_sessions (id, location_id, employee_id, check_in_at, check_out_at, closed_by, created_at) VALUES ${sessions.slice(i, i + 500).join(",")}`,
    ).run();
  }
  return { manager, locationId, sessions: sessions.length };
}

const timed = async <T>(run: () => Promise<T> | T) => {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
};

const median = async (times: number, run: () => Promise<unknown> | unknown) => {
  const all: number[] = [];
  for (let i = 0; i < times; i++) all.push((await timed(run)).ms);
  all.sort((a, b) => a - b);
  return all[Math.floor(all.length / 2)]?.toFixed(1);
};

describe("staff hours at scale", () => {
  it("prints the figures", async () => {
    const { manager, locationId, sessions } = await seed();
    const now = Date.parse("2026-11-20T12:00:00Z");
    const month = resolvePeriod("month_2026_10", "Europe/London", now);
    if (!month) throw new Error("no period");
    const figures: Record<string, string | number | undefined> = {
      staff: STAFF,
      sessions_in_table: sessions,
    };

    let rowsRead = 0;
    let rowsReturned = 0;
    for (const query of overlappingSessionQueries(db(), locationId, month)) {
      const { sql, params } = query.toSQL();
      const result = await env.DB.prepare(sql)
        .bind(...params)
        .all();
      rowsRead += result.meta.rows_read;
      rowsReturned += result.results.length;
    }
    figures.month_sessions_returned = rowsReturned;
    figures.month_d1_rows_read = rowsRead;

    const loaded = (
      await Promise.all(
        overlappingSessionQueries(db(), locationId, month).map(async (q) => (await q).map((s) => s)),
      )
    ).flat();
    const employees = [...new Set(loaded.map((s) => s.employeeId))].map((id) => ({ id, name: id }));
    const engine = () =>
      computeStaffHours({
        sessions: loaded,
        employees,
        settings: { timeZone: "Europe/London", breakDeductionEnabled: true },
        period: month,
        now,
      });
    figures.engine_month_ms_median = await median(20, engine);

    figures.api_month_ms_median = await median(10, () =>
      get(manager, `/api/manager/staff-hours/${locationId}?period=month_2026_10`),
    );
    figures.api_week_ms_median = await median(10, () =>
      get(manager, `/api/manager/staff-hours/${locationId}`),
    );
    figures.api_search_ms_median = await median(10, () =>
      get(manager, `/api/manager/staff-hours/${locationId}?period=month_2026_10&search=last1`),
    );
    const csv = await timed(() =>
      download(manager, `/api/manager/staff-hours/${locationId}/all-employees-csv?period=month_2026_10`),
    );
    figures.csv_month_ms = csv.ms.toFixed(1);
    figures.csv_month_bytes = csv.result.bytes.byteLength;
    figures.csv_month_rows = csv.result.text.split("\r\n").length - 1;
    figures.csv_build_only_ms_median = await median(10, () =>
      staffHoursCsv({
        staff: exportRows(
          engine().map((hours, i) => ({
            member: {
              id: employees[i]?.id ?? "",
              firstName: "A",
              lastName: "B",
              username: "u",
              deleted: false,
            },
            hours,
          })),
        ),
        timeZone: "Europe/London",
      }),
    );
    console.log(`staff hours at scale:\n${JSON.stringify(figures, null, 2)}`);
  });
});
