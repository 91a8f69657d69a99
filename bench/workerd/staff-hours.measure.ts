import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { createManager } from "../../tests/support/api";
import { download, get } from "../../tests/support/hours";
import { addLocation, hubStub } from "../../tests/support/kiosk";
import { staffHoursCsv } from "../../worker/domain/csv";
import { computeStaffHours } from "../../worker/domain/hours";
import type { AttendanceSession } from "../../worker/domain/hub-exchange";
import { resolvePeriod } from "../../worker/domain/periods";
import { exportRows } from "../../worker/domain/staff-hours-rows";
import { PERIOD_QUERIES, SESSION_LOOKBACK_MS } from "../../worker/durable/session-rows";
import { newId } from "../../worker/lib/crypto";

// A Business location at its limit, 150 staff, with a year of weekday shifts (about 39,000 sessions),
// then: the hours engine alone, the Staff Hours call, the CSV export, and what the hub's SQLite reads for a
// month.

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
  const sessions: AttendanceSession[] = [];
  for (let day = 0; day < DAYS; day++) {
    if (day % 7 >= 5) continue; // weekdays
    for (const e of employees) {
      const start = FIRST_DAY + day * DAY + 8 * 3_600_000 + ((e.n * 7) % 60) * 60_000;
      const end = start + (7 + (e.n % 4)) * 3_600_000;
      sessions.push({
        id: newId(),
        employeeId: e.id,
        checkIn: start,
        checkOut: end,
        closedBy: "kiosk",
        createdAt: start,
      });
    }
  }
  await hubStub(locationId).changed("employees");
  for (let i = 0; i < sessions.length; i += 2_000) {
    await hubStub(locationId).importSessions(sessions.slice(i, i + 2_000));
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

    const lookback = month.start - SESSION_LOOKBACK_MS;
    const read = await runInDurableObject(hubStub(locationId), (_, state) =>
      [
        state.storage.sql.exec(PERIOD_QUERIES.longOrOpen, lookback, month.start),
        state.storage.sql.exec(PERIOD_QUERIES.recent, lookback, month.end, month.start),
      ].map((cursor) => ({ returned: cursor.toArray().length, read: cursor.rowsRead })),
    );
    figures.month_sessions_returned = read.reduce((sum, q) => sum + q.returned, 0);
    figures.month_hub_rows_read = read.reduce((sum, q) => sum + q.read, 0);

    const loaded = await hubStub(locationId).sessions({ start: month.start, end: month.end });
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
