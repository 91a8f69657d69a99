// npm run bench:live — 200 dashboards on one location: from a kiosk punch's send to the last socket
// receiving the resulting live_status (and, as before, from the punch's HTTP answer to that socket), over
// 500 punches. Baseline in the same run: the same with 1 dashboard.
// Then a day's weight: BENCH_DAY_SOCKETS dashboards (20) on a location whose day so far holds 20 kiosk
// sessions, and on one whose day holds 1,000 sessions and 200 corrections (BENCH_BUSY_SESSIONS,
// BENCH_BUSY_CORRECTIONS), BENCH_DAY_PUNCHES punches (200) each, in turn: a push must not grow with the day.
// And a rota day: the busy day's sessions and corrections with 200 staff and 200 shifts published for today
// (BENCH_ROTA_SHIFTS), punched in the same turns; then its dashboards are watched for 20 s between shift
// boundaries, when the hub must push nothing (no alarm rings for the rota between them).
import { addEmployees, addLocation, businessManager, type Manager, superAdmin } from "./lib/accounts.ts";
import { postOk } from "./lib/load.ts";
import { startBuiltApp } from "./lib/server.ts";
import { median, ms, percentile, printTable, ratio, verdict } from "./lib/stats.ts";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);
const PUNCHES = Number(process.env.BENCH_PUNCHES ?? 500);
const DAY_SOCKETS = Number(process.env.BENCH_DAY_SOCKETS ?? 20);
const DAY_PUNCHES = Number(process.env.BENCH_DAY_PUNCHES ?? 200);
const QUIET_SESSIONS = 20;
const BUSY_SESSIONS = Number(process.env.BENCH_BUSY_SESSIONS ?? 1000);
const BUSY_CORRECTIONS = Number(process.env.BENCH_BUSY_CORRECTIONS ?? 200);
/** Staff of each day's location: a busy day's sessions are theirs, ten at a time. */
const DAY_STAFF = 100;
const ROTA_SHIFTS = Number(process.env.BENCH_ROTA_SHIFTS ?? 200);
const QUIET_WATCH_MS = 20_000;
const MINUTE_MS = 60_000;

type Dashboard = { socket: WebSocket; statuses: number[] };

/** Opens `count` dashboards, each with its own ticket, and waits for each one's first live_status. */
async function openDashboards(url: string, manager: Manager, locationId: string, count: number) {
  const dashboards: Dashboard[] = [];
  for (let start = 0; start < count; start += 20) {
    const batch = Array.from({ length: Math.min(20, count - start) }, async () => {
      const { ticket } = await manager.call<{ ticket: string }>(
        "POST",
        `/manager/live-status/${locationId}/ticket`,
      );
      const socket = new WebSocket(`${url.replace("http", "ws")}/api/live/${locationId}?ticket=${ticket}`);
      const dashboard: Dashboard = { socket, statuses: [] };
      await new Promise<void>((resolve, reject) => {
        socket.addEventListener("message", (event) => {
          const text = typeof event.data === "string" ? event.data : "";
          if (text.startsWith('{"type":"live_status"')) dashboard.statuses.push(performance.now());
          if (dashboard.statuses.length === 1) resolve();
        });
        socket.addEventListener("error", () => reject(new Error("WebSocket failed to open")));
      });
      return dashboard;
    });
    dashboards.push(...(await Promise.all(batch)));
  }
  return dashboards;
}

const waitFor = async (ready: () => boolean, timeoutMs = 10_000) => {
  const deadline = performance.now() + timeoutMs;
  while (!ready()) {
    if (performance.now() > deadline) throw new Error("Timed out waiting for live_status on every socket");
    await new Promise((resolve) => setImmediate(resolve));
  }
};

/** Punches `punches` times; for each, the last socket's arrival minus the punch's send and answer times. */
async function fanOut(
  url: string,
  dashboards: Dashboard[],
  locationId: string,
  employee: { username: string; pin: string },
  punches: number,
  /** The first punch's number: even ones check in, odd ones check out. */
  first = 0,
) {
  const fromSend: number[] = [];
  const delays: number[] = [];
  const responses: number[] = [];
  for (let n = first; n < first + punches; n++) {
    const expected = dashboards.map((d) => d.statuses.length + 1);
    const sent = performance.now();
    await postOk(`${url}/api/kiosk/submit/${locationId}`, {
      username: employee.username,
      pin: employee.pin,
      action: n % 2 === 0 ? "check_in" : "check_out",
    });
    const answered = performance.now();
    responses.push(answered - sent);
    await waitFor(() => dashboards.every((d, i) => d.statuses.length >= (expected[i] ?? 0)));
    const last = Math.max(...dashboards.map((d, i) => d.statuses[(expected[i] ?? 1) - 1] ?? 0));
    fromSend.push(last - sent);
    // Negative when the push overtook the HTTP answer: it was already there.
    delays.push(last - answered);
  }
  return { fromSend, delays, responses };
}

type Employee = { id: string; username: string; pin: string };

/**
 * A location's day so far: `sessions` kiosk sessions (a check-in and a check-out each, spread over its staff)
 * and `corrections` of them, each a manager's review recorded as a new version of the entry.
 */
async function dayOf(
  url: string,
  manager: Manager,
  locationId: string,
  sessions: number,
  corrections: number,
  staffCount = DAY_STAFF,
) {
  const staff: Employee[] = await addEmployees(manager, locationId, staffCount, "D");
  const perEmployee = Math.ceil(sessions / staff.length);
  for (let start = 0; start < staff.length; start += 10) {
    await Promise.all(
      staff.slice(start, start + 10).map(async (employee, i) => {
        const own = Math.min(perEmployee, sessions - (start + i) * perEmployee);
        for (let n = 0; n < 2 * own; n++) {
          await postOk(`${url}/api/kiosk/submit/${locationId}`, {
            username: employee.username,
            pin: employee.pin,
            action: n % 2 === 0 ? "check_in" : "check_out",
          });
        }
      }),
    );
  }
  const sheet = await manager.call<{ employees: { days: { entries: { id: string }[] }[] }[] }>(
    "GET",
    `/manager/timesheets/${locationId}`,
  );
  const entries = sheet.employees.flatMap((e) => e.days.flatMap((d) => d.entries.map((entry) => entry.id)));
  const unique = [...new Set(entries)].slice(0, corrections);
  for (let start = 0; start < unique.length; start += 10) {
    await Promise.all(
      unique
        .slice(start, start + 10)
        .map((entryId) =>
          manager.call("PUT", `/manager/timesheets/${locationId}/entries/${entryId}`, { reason: "Checked" }),
        ),
    );
  }
  return { staff, sessions: new Set(entries).size, corrections: unique.length };
}

/** The London date (YYYY-MM-DD) of an instant. */
const londonDate = (at: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(at));

/** The Monday (YYYY-MM-DD) of the London week `at` falls in. */
function londonMonday(at: number) {
  const day = new Date(`${londonDate(at)}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/**
 * One shift for each of the staff today, published: starts a minute apart from three hours ago (late, no-show
 * and in lists all fill), eight hours long. One that would begin before today's local midnight starts at the
 * next whole minute instead.
 */
async function publishRota(manager: Manager, locationId: string, staff: Employee[]) {
  const now = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
  const week = londonMonday(now);
  let published = 0;
  for (let start = 0; start < Math.min(ROTA_SHIFTS, staff.length); start += 10) {
    await Promise.all(
      staff.slice(start, Math.min(start + 10, ROTA_SHIFTS)).map((employee, i) => {
        let begins = now - 3 * 60 * MINUTE_MS + (start + i) * MINUTE_MS;
        if (londonDate(begins) !== londonDate(now)) begins = now + MINUTE_MS;
        published += 1;
        return manager.call("POST", `/manager/rota/${locationId}/shifts`, {
          employee_id: employee.id,
          start_at: new Date(begins).toISOString(),
          end_at: new Date(begins + 8 * 60 * MINUTE_MS).toISOString(),
          break_minutes: 30,
          role: "Floor",
        });
      }),
    );
  }
  await manager.call("POST", `/manager/rota/${locationId}/publish`, { week, acknowledge_warnings: true });
  return published;
}

/** Live Status pushes each dashboard receives while nobody punches, in a window no shift boundary falls in. */
async function quietWatch(dashboards: Dashboard[]) {
  // Boundaries fall on whole minutes (start − 30, start + grace, start + threshold, end): start 5 s past one.
  const intoMinute = Date.now() % MINUTE_MS;
  if (intoMinute < 5_000 || intoMinute > 35_000) {
    await new Promise((resolve) => setTimeout(resolve, (MINUTE_MS - intoMinute + 5_000) % MINUTE_MS));
  }
  const before = dashboards.map((d) => d.statuses.length);
  await new Promise((resolve) => setTimeout(resolve, QUIET_WATCH_MS));
  return dashboards.reduce((pushes, d, i) => pushes + d.statuses.length - (before[i] ?? 0), 0);
}

const app = await startBuiltApp();
try {
  const manager = await businessManager(app.url);
  const locationId = await addLocation(manager, "Live Location");
  const [employee] = await addEmployees(manager, locationId, 1);
  if (!employee) throw new Error("no employee");

  const one = await openDashboards(app.url, manager, locationId, 1);
  await fanOut(app.url, one, locationId, employee, 4); // warm-up
  const single = await fanOut(app.url, one, locationId, employee, PUNCHES);
  const many = [...one, ...(await openDashboards(app.url, manager, locationId, SOCKETS - 1))];
  await fanOut(app.url, many, locationId, employee, 4); // warm-up
  const all = await fanOut(app.url, many, locationId, employee, PUNCHES);
  for (const d of many) d.socket.close();

  // Both days are set up first, then punched in turn (a check-in and its check-out at one, then the other),
  // so the noise of a shared machine falls on both alike.
  // The rota day's 200 staff at one location are over Business's 150: the super admin lifts the limit (VIP).
  const me = await manager.call<{ user: { id: string } }>("GET", "/user/me");
  await (await superAdmin(app.url))("POST", `/super-admin/users/${me.user.id}/vip`, { is_vip: true });
  const days = [];
  let rotaShifts = 0;
  for (const [name, sessions, corrections, staffCount] of [
    ["quiet day", QUIET_SESSIONS, 0, DAY_STAFF],
    ["busy day", BUSY_SESSIONS, BUSY_CORRECTIONS, DAY_STAFF],
    ["rota day", BUSY_SESSIONS, BUSY_CORRECTIONS, ROTA_SHIFTS],
  ] as const) {
    const locationId = await addLocation(manager, `Live ${name}`);
    console.log(`${name}: ${sessions} sessions and ${corrections} corrections today…`);
    const day = await dayOf(app.url, manager, locationId, sessions, corrections, staffCount);
    if (name === "rota day") rotaShifts = await publishRota(manager, locationId, day.staff);
    const dashboards = await openDashboards(app.url, manager, locationId, DAY_SOCKETS);
    const [puncher] = day.staff;
    if (!puncher) throw new Error("no staff");
    await fanOut(app.url, dashboards, locationId, puncher, 4); // warm-up
    const result = { fromSend: [] as number[], delays: [] as number[], responses: [] as number[] };
    days.push({
      name: `${name} (${day.sessions} sessions, ${day.corrections} corrections${name === "rota day" ? `, ${rotaShifts} shifts` : ""})`,
      locationId,
      dashboards,
      puncher,
      result,
    });
  }
  for (let n = 0; n < DAY_PUNCHES; n += 2) {
    for (const { dashboards, locationId, puncher, result } of days) {
      const pair = await fanOut(app.url, dashboards, locationId, puncher, 2, n);
      result.fromSend.push(...pair.fromSend);
      result.delays.push(...pair.delays);
      result.responses.push(...pair.responses);
    }
  }
  const rotaDay = days[2];
  const quietPushes = rotaDay ? await quietWatch(rotaDay.dashboards) : 0;
  for (const { dashboards } of days) for (const d of dashboards) d.socket.close();

  const rows = [
    ["1 dashboard (baseline)", single],
    [`${SOCKETS} dashboards`, all],
  ] as const;
  printTable(
    `Live status fan-out: ${PUNCHES} punches each; the last socket's live_status, timed from the punch's send and from its HTTP answer`,
    [
      "dashboards",
      "send→last p50",
      "send→last p95",
      "send→last p99",
      "answer→last p95",
      "punch p50",
      "p95 vs baseline",
    ],
    rows.map(([name, r]) => [
      name,
      ms(median(r.fromSend)),
      ms(percentile(r.fromSend, 95)),
      ms(percentile(r.fromSend, 99)),
      ms(percentile(r.delays, 95)),
      ms(median(r.responses)),
      ratio(percentile(r.fromSend, 95), percentile(single.fromSend, 95)),
    ]),
  );
  const [quiet, busy, rota] = days.map((d) => percentile(d.result.fromSend, 95));
  printTable(
    `A day's weight: ${DAY_SOCKETS} dashboards, ${DAY_PUNCHES} punches each; send → last socket`,
    ["day so far", "p50", "p95", "p99", "p95 vs quiet day"],
    days.map(({ name, result }) => [
      name,
      ms(median(result.fromSend)),
      ms(percentile(result.fromSend, 95)),
      ms(percentile(result.fromSend, 99)),
      ratio(percentile(result.fromSend, 95), quiet ?? 0),
    ]),
  );
  const p95 = percentile(all.delays, 95);
  console.log(
    `\nlive: ${SOCKETS} sockets, ${all.fromSend.length} punches: send → last socket p95 ${ms(percentile(all.fromSend, 95))} ` +
      `(median ${ms(median(all.fromSend))}; 1 socket p95 ${ms(percentile(single.fromSend, 95))}); ` +
      `answer → last socket p95 ${ms(p95)} (target ≤ 25 ms: ${verdict(p95 <= 25)}); ` +
      `busy day p95 ${ratio(busy ?? 0, quiet ?? 0)} the quiet day's (target ≤ 1.5×: ${verdict((busy ?? 0) <= 1.5 * (quiet ?? 0))}); ` +
      `rota day (${rotaShifts} shifts) p95 ${ratio(rota ?? 0, quiet ?? 0)} the quiet day's (target ≤ 1.5×: ${verdict((rota ?? 0) <= 1.5 * (quiet ?? 0))}); ` +
      `pushes in ${QUIET_WATCH_MS / 1000} s between shift boundaries: ${quietPushes} (target 0: ${verdict(quietPushes === 0)})`,
  );
} finally {
  await app.stop();
}
