// npm run bench:hours — a Business location with 150 staff and 12 months of punches (~73,000 sessions):
// the hours engine alone (in Node), the Staff Hours call and the all-employees CSV for a month (built app
// in workerd). Baseline in the same run: the Staff Hours call for a location with no sessions.
// (bench:hours:workerd measures the same engine, call and CSV from inside workerd, with D1 rows read.)
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { runnerImport } from "vite";
import type * as Hours from "../worker/domain/hours.ts";
import type * as Periods from "../worker/domain/periods.ts";
import { addLocation, backfillHubs, businessManager } from "./lib/accounts.ts";
import { startBuiltApp } from "./lib/server.ts";
import { median, ms, percentile, printTable, ratio, timeRounds, verdict } from "./lib/stats.ts";

const STAFF = 150;
const DAYS = 365;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

const now = Date.now();
const today = Math.floor(now / DAY) * DAY;
const lastMonth = new Date(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() - 1, 1));
const periodKey = `month_${lastMonth.getUTCFullYear()}_${lastMonth.getUTCMonth() + 1}`;

const app = await startBuiltApp();
try {
  const manager = await businessManager(app.url);
  const locationId = await addLocation(manager, "Benchmark Warehouse");
  const emptyLocationId = await addLocation(manager, "Empty Location");

  // Every day a shift for everyone, and on every third day a second, evening shift.
  const employees = Array.from({ length: STAFF }, (_, n) => ({ id: randomUUID(), n }));
  const sessions: Hours.HoursSession[] = [];
  for (let day = DAYS; day >= 1; day--) {
    for (const { id, n } of employees) {
      const start = today - day * DAY + 7 * HOUR + ((n * 7) % 60) * 60_000;
      sessions.push({
        id: randomUUID(),
        employeeId: id,
        checkIn: start,
        checkOut: start + (5 + (n % 4)) * HOUR,
      });
      if ((day + n) % 3 === 0) {
        const evening = start + 10 * HOUR;
        sessions.push({ id: randomUUID(), employeeId: id, checkIn: evening, checkOut: evening + 3 * HOUR });
      }
    }
  }
  console.log(`seeding ${STAFF} employees and ${sessions.length} sessions with wrangler d1 execute --file…`);
  const employeeRows = employees.map(
    ({ id, n }) =>
      `('${id}', '${locationId}', 'First${n}', 'Last${n}', 'user${n}', 'x', 1, 'active', ${today - DAYS * DAY})`,
  );
  const statements = [
    `INSERT INTO employees (id, location_id, first_name, last_name, username, pin_hash, active, current_status, created_at) VALUES ${employeeRows.join(",")};`,
  ];
  for (let i = 0; i < sessions.length; i += 500) {
    const rows = sessions
      .slice(i, i + 500)
      .map(
        (s) =>
          `('${s.id}', '${locationId}', '${s.employeeId}', ${s.checkIn}, ${s.checkOut}, 'kiosk', ${s.checkIn})`,
      );
    statements.push(
      `INSERT INTO attendance_sessions (id, location_id, employee_id, check_in_at, check_out_at, closed_by, created_at) VALUES ${rows.join(",")};`,
    );
  }
  for (let i = 0; i < statements.length; i += 40) {
    const file = join(app.persistDir, `seed-${i}.sql`);
    writeFileSync(file, statements.slice(i, i + 40).join("\n"));
    app.d1.execute(["--file", file]);
  }
  // The sessions went into D1's attendance_sessions; the hub is the system of record, so move them there.
  const moved = await backfillHubs(app.url);
  if (moved.sessions_copied !== sessions.length) {
    throw new Error(`backfill copied ${moved.sessions_copied} of ${sessions.length} sessions`);
  }

  // The engine alone, in Node, on the month's sessions (what the Staff Hours call computes).
  const hours = (await runnerImport<typeof Hours>("./worker/domain/hours.ts", { configFile: false })).module;
  const periods = (await runnerImport<typeof Periods>("./worker/domain/periods.ts", { configFile: false }))
    .module;
  const period = periods.resolvePeriod(periodKey, "Europe/London", now);
  if (!period) throw new Error(`No period ${periodKey}`);
  const monthSessions = sessions.filter((s) => s.checkIn < period.end && (s.checkOut ?? now) > period.start);
  const engine = () =>
    hours.computeStaffHours({
      sessions: monthSessions,
      employees: employees.map(({ id, n }) => ({ id, name: `First${n} Last${n}` })),
      settings: { timeZone: "Europe/London", breakDeductionEnabled: true },
      period,
      now,
    });
  engine();
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const kept = engine();
  const heapDeltaMB = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  if (kept.length !== STAFF) throw new Error("engine returned the wrong number of employees");
  const engineTimes = await timeRounds(ROUNDS, engine);

  // The two calls, over HTTP, with the empty location's Staff Hours as the baseline.
  const get = (path: string) => async () => {
    const response = await fetch(`${app.url}/api${path}`, {
      headers: { Authorization: `Bearer ${manager.token}` },
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${body}`);
    return body;
  };
  const baselineCall = get(`/manager/staff-hours/${emptyLocationId}?period=${periodKey}`);
  const staffHoursCall = get(`/manager/staff-hours/${locationId}?period=${periodKey}`);
  const csvCall = get(`/manager/staff-hours/${locationId}/all-employees-csv?period=${periodKey}`);
  const memoryBefore = app.workerdMemory();
  const csv = await csvCall();
  await staffHoursCall();
  await baselineCall();
  const calls = { baseline: [] as number[], staffHours: [] as number[], csv: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    calls.baseline.push(...(await timeRounds(1, baselineCall)));
    calls.staffHours.push(...(await timeRounds(1, staffHoursCall)));
    calls.csv.push(...(await timeRounds(1, csvCall)));
  }
  const memoryAfter = app.workerdMemory();

  const base = percentile(calls.baseline, 95);
  const row = (name: string, times: number[], withRatio = true) => [
    name,
    ms(median(times)),
    ms(percentile(times, 95)),
    withRatio ? ratio(percentile(times, 95), base) : "",
  ];
  printTable(
    `Hours at scale: ${STAFF} staff, ${sessions.length} sessions over ${DAYS} days, ${periodKey} (${monthSessions.length} sessions), ${ROUNDS} rounds`,
    ["measure", "median", "p95", "p95 vs baseline"],
    [
      row("hours engine alone (Node, month)", engineTimes, false),
      row("baseline: Staff Hours, empty location", calls.baseline),
      row("GET staff-hours?period=month", calls.staffHours),
      row("GET all-employees-csv?period=month", calls.csv),
    ],
  );
  console.log(
    `\nengine heap delta (Node, one month): ${heapDeltaMB.toFixed(1)} MB${gc ? "" : " (without --expose-gc: rough)"}; ` +
      `CSV ${(csv.length / 1024).toFixed(0)} KiB; workerd process RSS ${memoryBefore?.rssMB.toFixed(0) ?? "?"} → ${memoryAfter?.rssMB.toFixed(0) ?? "?"} MB, ` +
      `peak ${memoryAfter?.peakMB.toFixed(0) ?? "?"} MB (the whole local runtime, not one isolate)`,
  );
  const engineMedian = median(engineTimes);
  const callsMet = percentile(calls.staffHours, 95) <= 300 && percentile(calls.csv, 95) <= 300;
  console.log(
    `hours: engine median ${ms(engineMedian)} (≤ 100 ms: ${verdict(engineMedian <= 100)}); staff-hours p95 ${ms(percentile(calls.staffHours, 95))}, ` +
      `CSV p95 ${ms(percentile(calls.csv, 95))} (≤ 300 ms: ${verdict(callsMet)}); engine heap +${heapDeltaMB.toFixed(1)} MB of 128 MB`,
  );
} finally {
  await app.stop();
}
