// npm run bench:platform — the whole platform at a 09:00 rush: many locations, each with its own staff
// and a year of history, punches arriving on a steady open-loop timetable spread over every location,
// a dashboard socket open on a share of them. The same load runs, stage by stage and interleaved, against
// this checkout and against the D1-path build (BENCH_BASELINE, commit ecacb23 by default: the last build
// whose punches went through D1), each served by wrangler dev from its own `vite build`. Requests go to
// each build's Worker workerd directly, not through wrangler dev's proxy Worker, which production does not
// have and whose CPU on two cores is the app's (BENCH_PROXY=1 sends them through it, as before).
//
// Settings (environment): BENCH_LOCATIONS (200), BENCH_STAFF per location (6), BENCH_DAYS of history (365),
// BENCH_RATES punches/s (100 to 700), BENCH_SECONDS per stage (10), BENCH_REPEATS runs of each rate (5),
// BENCH_DASHBOARDS share of locations with a socket (0.25), BENCH_BASELINE (a commit, or "none"),
// BENCH_WEBHOOKS (a comma list) for more servers of this checkout whose account has a webhook endpoint wanting
// attendance.punched: "delivered" (a receiver on 127.0.0.1 counts what it is sent) and "queued" (the
// webhooks queue has no consumer there, so what is measured is the hubs' outbox and hand-over alone, as in
// production, where consumers run in invocations of their own). The summary gives, for each p95
// bound in P95_BOUNDS, the highest rate each build held within it (by the median of its runs), and their ratio.
import { createHmac, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { apiClient, businessManager, type Manager } from "./lib/accounts.ts";
import { baselineCheckout } from "./lib/baseline.ts";
import { AnswerError, type OpenLoopStage, postOk, runOpenLoop } from "./lib/load.ts";
import { BENCH_SECRETS, BUILT_CONFIG, type BuiltApp, startBuiltApp } from "./lib/server.ts";
import { median, ms, printTable, verdict } from "./lib/stats.ts";

const LOCATIONS = Number(process.env.BENCH_LOCATIONS ?? 200);
const STAFF = Number(process.env.BENCH_STAFF ?? 6);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const RATES = (process.env.BENCH_RATES ?? "100,150,175,200,250,300,350,400,450,500,550,600,700")
  .split(",")
  .map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const DASHBOARD_SHARE = Number(process.env.BENCH_DASHBOARDS ?? 0.25);
const P95_BOUNDS = [25, 50, 100, 250];
const BASELINE = process.env.BENCH_BASELINE ?? "ecacb23";
const DIRECT = process.env.BENCH_PROXY !== "1";
const WEBHOOKS = (process.env.BENCH_WEBHOOKS ?? "").split(",").filter(Boolean);
for (const mode of WEBHOOKS) {
  if (mode !== "delivered" && mode !== "queued") throw new Error(`BENCH_WEBHOOKS: ${mode}?`);
}
/** Against the D1-path build the hubs must carry 3× its punches; against a later build, at least 0.9× (no slower). */
const AGAINST_D1 = BASELINE === "ecacb23";
const BASELINE_NAME = AGAINST_D1 ? "D1 path" : "baseline";
const TARGET = AGAINST_D1 ? 3 : 0.9;
const TIMEOUT_MS = 5_000;
const DAY = 86_400_000;
const HOUR = 3_600_000;

type Staff = { id: string; locationId: string; username: string; pin: string };

/** The same account shape for every build: locations, staff with PIN hashes, a year of weekday shifts. */
function platformData(userId: string) {
  const today = Math.floor(Date.now() / DAY) * DAY;
  const since = today - (DAYS + 7) * DAY;
  const locations = Array.from({ length: LOCATIONS }, (_, l) => ({
    id: `bench-loc-${l}`,
    name: `Branch ${l + 1}`,
  }));
  const staff: Staff[] = locations.flatMap((location, l) =>
    Array.from({ length: STAFF }, (_, s) => {
      const id = `bench-emp-${l}-${s}`;
      return {
        id,
        locationId: location.id,
        username: `b${l}s${s}`,
        pin: String(1000 + ((l * 31 + s * 7919) % 9000)),
      };
    }),
  );
  const pinHash = (member: Staff) =>
    createHmac("sha256", BENCH_SECRETS.APP_SECRET).update(`pin:${member.id}:${member.pin}`).digest("hex");
  const statements = [
    ...chunks(locations, 500).map(
      (rows) =>
        `INSERT INTO locations (id, user_id, name, timezone, created_at) VALUES ${rows
          .map((l) => `('${l.id}', '${userId}', '${l.name}', 'Europe/London', ${since})`)
          .join(",")};`,
    ),
    ...chunks(staff, 500).map(
      (rows) =>
        `INSERT INTO employees (id, location_id, first_name, last_name, username, pin_hash, active, current_status, created_at) VALUES ${rows
          .map(
            (m, i) =>
              `('${m.id}', '${m.locationId}', '${String.fromCharCode(65 + (i % 26))}staff', '${m.username}', '${m.username}', '${pinHash(m)}', 1, 'active', ${since})`,
          )
          .join(",")};`,
    ),
  ];
  let sessions: string[] = [];
  let count = 0;
  for (let day = DAYS; day >= 1; day--) {
    const start = today - day * DAY;
    const weekday = new Date(start).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const [n, member] of staff.entries()) {
      const checkIn = start + 8 * HOUR + ((n * 7) % 60) * 60_000;
      sessions.push(
        `('${randomUUID()}', '${member.locationId}', '${member.id}', ${checkIn}, ${checkIn + 8 * HOUR}, 'kiosk', ${checkIn})`,
      );
      if (sessions.length === 500) {
        statements.push(
          `INSERT INTO attendance_sessions (id, location_id, employee_id, check_in_at, check_out_at, closed_by, created_at) VALUES ${sessions.join(",")};`,
        );
        count += sessions.length;
        sessions = [];
      }
    }
  }
  if (sessions.length > 0) {
    statements.push(
      `INSERT INTO attendance_sessions (id, location_id, employee_id, check_in_at, check_out_at, closed_by, created_at) VALUES ${sessions.join(",")};`,
    );
    count += sessions.length;
  }
  return { locations, staff, statements, sessions: count };
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );
}

type Target = {
  name: string;
  app: BuiltApp;
  manager: Manager;
  staff: Staff[];
  checkedIn: Set<string>;
  pushes: number;
  sockets: WebSocket[];
  stages: (OpenLoopStage & { pushes: number })[];
};

/**
 * Serves a build with its year of history. The manager signs up through the API; the history is then written
 * while no server runs (`wrangler d1 execute` against the state of a running `wrangler dev` can fail with
 * SQLITE_BUSY), and the same state is served again.
 */
async function prepare(
  name: string,
  apps: BuiltApp[],
  options: { root?: string; built?: boolean; webhookTo?: string; config?: string } = {},
): Promise<Target> {
  const { root, built, webhookTo, config } = options;
  const persistDir = mkdtempSync(join(tmpdir(), "clocked-platform-"));
  const signUp = await startBuiltApp({ root, direct: DIRECT, persistDir, built, config });
  const { email, token } = await businessManager(signUp.url).finally(() => signUp.stop());
  const [user] = signUp.d1.query<{ id: string }>(`SELECT id FROM users WHERE email = '${email}'`);
  if (!user) throw new Error(`${name}: no user row for ${email}`);
  const data = platformData(user.id);
  console.log(
    `${name}: seeding ${data.locations.length} locations, ${data.staff.length} staff, ${data.sessions} sessions…`,
  );
  for (const [i, group] of chunks(data.statements, 40).entries()) {
    const file = join(persistDir, `platform-seed-${i}.sql`);
    writeFileSync(file, group.join("\n"));
    signUp.d1.execute(["--file", file]);
  }
  const app = await startBuiltApp({ root, direct: DIRECT, persistDir, built: true, config });
  apps.push(app);
  const manager: Manager = { email, token, call: apiClient(app.url, token) };
  // Before the first kiosk call, so each hub reads a site that already wants its punches.
  if (webhookTo) {
    await manager.call("POST", "/manager/webhooks", { url: webhookTo, events: ["attendance.punched"] });
  }
  // Each location's first kiosk call: the hub learns its site and staff (and, on the hub build, takes in
  // its year of sessions from D1, the documented move), as it would have long before a real rush.
  for (const group of chunks(data.locations, 10)) {
    await Promise.all(
      group.map(async (location) => {
        // Seeding takes minutes, so a kept-alive connection may have been closed meanwhile: retry once.
        const url = `${app.url}/api/employees/initials/${location.id}`;
        const response = await fetch(url).catch(() => fetch(url));
        if (!response.ok) throw new Error(`${name}: initials for ${location.id} answered ${response.status}`);
      }),
    );
  }
  await expectHistory(name, manager, data.locations[0]?.id ?? "");

  const target: Target = {
    name,
    app,
    manager,
    // Interleaved across locations, so consecutive punches land on different hubs.
    staff: Array.from({ length: STAFF }, (_, s) => data.staff.filter((_, i) => i % STAFF === s)).flat(),
    checkedIn: new Set(),
    pushes: 0,
    sockets: [],
    stages: [],
  };
  const watched = data.locations.slice(0, Math.round(LOCATIONS * DASHBOARD_SHARE));
  for (const group of chunks(watched, 10)) {
    target.sockets.push(...(await Promise.all(group.map((location) => openDashboard(target, location.id)))));
  }
  return target;
}

/** Last month's Staff Hours on one location: the year of history must be there on both builds. */
async function expectHistory(name: string, manager: Manager, locationId: string) {
  const month = new Date();
  month.setUTCDate(1);
  month.setUTCMonth(month.getUTCMonth() - 1);
  const period = `month_${month.getUTCFullYear()}_${month.getUTCMonth() + 1}`;
  const hours = await manager.call<{ staff_hours: { worked_minutes: number }[] }>(
    "GET",
    `/manager/staff-hours/${locationId}?period=${period}`,
  );
  const worked = hours.staff_hours.reduce((sum, row) => sum + row.worked_minutes, 0);
  if (worked === 0) throw new Error(`${name}: ${locationId} shows no hours for ${period}`);
  console.log(`${name}: ${period} at ${locationId}: ${Math.round(worked / 60)} h worked (history in place)`);
}

async function openDashboard(target: Target, locationId: string): Promise<WebSocket> {
  const { ticket } = await target.manager.call<{ ticket: string }>(
    "POST",
    `/manager/live-status/${locationId}/ticket`,
  );
  const socket = new WebSocket(
    `${target.app.url.replace("http", "ws")}/api/live/${locationId}?ticket=${ticket}`,
  );
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("message", (event) => {
      if (typeof event.data === "string" && event.data.startsWith('{"type":"live_status"')) {
        target.pushes++;
        resolve();
      }
    });
    socket.addEventListener("error", () => reject(new Error(`${target.name}: dashboard socket failed`)));
  });
  return socket;
}

let keys = 0;

async function stage(target: Target, rate: number) {
  const pushesBefore = target.pushes;
  const cpuBefore = target.app.cpuSeconds();
  const result = await runOpenLoop(rate, SECONDS, TIMEOUT_MS, async (n, signal) => {
    const member = target.staff[n % target.staff.length];
    if (!member) throw new Error("no staff");
    const action = target.checkedIn.has(member.id) ? "check_out" : "check_in";
    // The next punch for this person is the other action. A punch that failed changed nothing, unless it
    // timed out (it may yet be recorded) or was refused as out of step (400: not in, or already in), which
    // says where the person is: an earlier punch was recorded though its answer was lost.
    if (action === "check_in") target.checkedIn.add(member.id);
    else target.checkedIn.delete(member.id);
    try {
      await postOk(
        `${target.app.url}/api/kiosk/submit/${member.locationId}`,
        { username: member.username, pin: member.pin, action },
        { "Idempotency-Key": `platform-${process.pid}-${++keys}` },
        signal,
      );
    } catch (error) {
      const outOfStep = error instanceof AnswerError && error.status === 400;
      if ((error as Error).name !== "TimeoutError" && !outOfStep) {
        if (action === "check_in") target.checkedIn.delete(member.id);
        else target.checkedIn.add(member.id);
      }
      throw error;
    }
  });
  const serverCores = (target.app.cpuSeconds() - cpuBefore) / SECONDS;
  await new Promise((resolve) => setTimeout(resolve, 2_000)); // the pushes settle, the next stage starts clean
  target.stages.push({ ...result, pushes: target.pushes - pushesBefore });
  console.log(
    `  achieved ${result.achieved.toFixed(0)}/s, p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, p99 ${ms(result.p99)}, ` +
      `${result.errors} errors, ${result.timeouts} timeouts${result.firstError ? ` (${result.firstError})` : ""}, ` +
      `server ${Math.round(serverCores * 100)} % of a core, client stalled ${ms(result.clientStallMs)} at most`,
  );
}

/** A build that lost more than a tenth of a stage's punches is past its ceiling: higher rates are not run. */
const overwhelmed = (target: Target) => target.stages.some((s) => s.errors + s.timeouts > 0.1 * s.sent);

/**
 * Each rate's runs as one: the median of each figure (one run's tail can be a stall of the shared machine, not
 * of the build), errors and timeouts added up, and the p95 of every run.
 */
function byRate(target: Target) {
  const rates = [...new Set(target.stages.map((s) => s.offered))];
  return rates.map((offered) => {
    const runs = target.stages.filter((s) => s.offered === offered);
    const of = (pick: (s: Target["stages"][number]) => number) => median(runs.map(pick));
    const total = (pick: (s: Target["stages"][number]) => number) =>
      runs.reduce((sum, s) => sum + pick(s), 0);
    return {
      offered,
      achieved: of((s) => s.achieved),
      p50: of((s) => s.p50),
      p95: of((s) => s.p95),
      p99: of((s) => s.p99),
      p95s: runs.map((s) => s.p95),
      errors: total((s) => s.errors),
      timeouts: total((s) => s.timeouts),
      pushes: total((s) => s.pushes),
    };
  });
}

/** The highest offered rate answered in full, without errors or timeouts, with its median p95 within the bound. */
function sustained(target: Target, p95Bound: number): number {
  const held = byRate(target).filter(
    (s) => s.errors === 0 && s.timeouts === 0 && s.achieved >= 0.95 * s.offered && s.p95 <= p95Bound,
  );
  return Math.max(0, ...held.map((s) => s.offered));
}

/** A webhook endpoint that takes everything at once and counts the deliveries it is sent. */
async function webhookReceiver() {
  let deliveries = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (request.headers["webhook-id"]) deliveries++;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/clocked`,
    deliveries: () => deliveries,
    close: () => server.close(),
  };
}

/** This build's config without the webhooks queue's consumer: deliveries wait in the queue, unsent. */
function configWithoutWebhookConsumer(): string {
  const built = JSON.parse(readFileSync(BUILT_CONFIG, "utf8")) as {
    queues?: { consumers?: { queue: string }[] };
  };
  const consumers = built.queues?.consumers?.filter((c) => c.queue !== "clocked-webhooks");
  const file = join(dirname(BUILT_CONFIG), "wrangler.bench-queued.json");
  writeFileSync(file, JSON.stringify({ ...built, queues: { ...built.queues, consumers } }));
  return file;
}

const baseline = BASELINE === "none" ? null : baselineCheckout(BASELINE);
const receiver = WEBHOOKS.length > 0 ? await webhookReceiver() : null;
const apps: BuiltApp[] = [];
try {
  const targets: Target[] = [];
  targets.push(await prepare("hubs (this checkout)", apps));
  const hooked: Target[] = [];
  for (const mode of WEBHOOKS) {
    const config = mode === "queued" ? configWithoutWebhookConsumer() : undefined;
    hooked.push(
      await prepare(`hubs + punch webhook, ${mode}`, apps, { built: true, webhookTo: receiver?.url, config }),
    );
  }
  targets.push(...hooked);
  if (baseline) targets.push(await prepare(`${BASELINE_NAME} (${BASELINE})`, apps, { root: baseline.root }));
  /**
   * Both builds share two cores: before a stage, every server must have worked off the last stage's
   * backlog (requests the client gave up on still run), or one build's backlog would slow the other. A quick
   * answer is not enough: a build that has just collapsed answers a probe while its workerd still burns a
   * core on what it was sent, and wrangler dev on printing workerd's errors about it, so each must also be
   * idle, all its processes together under a tenth of a core for a second.
   */
  const settle = async () => {
    for (const target of targets) {
      for (let tries = 0; tries < 120; tries++) {
        const before = target.app.cpuSeconds();
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        if (target.app.cpuSeconds() - before < 0.1) break;
      }
      const probe = `${target.app.url}/api/locations/${target.staff[0]?.locationId}`;
      for (let tries = 0; tries < 120; tries++) {
        const times: number[] = [];
        for (let i = 0; i < 3; i++) {
          const started = performance.now();
          await fetch(probe).then((response) => response.arrayBuffer());
          times.push(performance.now() - started);
        }
        if (Math.max(...times) < 50) break;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  };
  let turn = 0;
  for (const rate of RATES) {
    for (let run = 1; run <= REPEATS; run++) {
      // Interleaved, and each build goes first every other time, so drift and noise hurt both alike.
      const order = turn++ % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order.filter((t) => !overwhelmed(t))) {
        await settle();
        console.log(`${target.name}: ${rate} punches/s for ${SECONDS} s (run ${run} of ${REPEATS})…`);
        await stage(target, rate);
      }
    }
  }
  for (const target of targets) for (const socket of target.sockets) socket.close();

  printTable(
    `Platform: ${LOCATIONS} locations × ${STAFF} staff, ${DAYS} days of history, ${Math.round(LOCATIONS * DASHBOARD_SHARE)} dashboard sockets; open-loop, ${SECONDS} s per stage, latency from the scheduled send; ${DIRECT ? "straight to each Worker's workerd" : "through wrangler dev's proxy"}; each rate run ${REPEATS} times: medians, the p95 of every run, errors and timeouts of all runs`,
    [
      "build",
      "offered/s",
      "achieved/s",
      "p50",
      "p95",
      "p95 of each run",
      "p99",
      "errors",
      "timeouts",
      "pushes",
    ],
    targets.flatMap((target) =>
      byRate(target).map((s) => [
        target.name,
        String(s.offered),
        s.achieved.toFixed(0),
        ms(s.p50),
        ms(s.p95),
        s.p95s.map((p95) => p95.toFixed(0)).join(" / "),
        ms(s.p99),
        String(s.errors),
        String(s.timeouts),
        String(s.pushes),
      ]),
    ),
  );
  for (const target of targets) {
    for (const s of target.stages)
      if (s.firstError) console.log(`${target.name} @ ${s.offered}/s: ${s.firstError}`);
  }
  const ceiling = Math.max(...RATES);
  const shown = (rate: number) => (rate === ceiling ? `${rate}+` : String(rate));
  const hubs = targets[0];
  const d1 = baseline ? targets.at(-1) : undefined;
  if (receiver) {
    await new Promise((resolve) => setTimeout(resolve, 5_000)); // the last deliveries arrive
    const answered = (target: Target) =>
      target.stages.reduce((sum, s) => sum + s.sent - s.errors - s.timeouts, 0);
    const delivering = hooked.filter((t) => t.name.endsWith("delivered"));
    console.log(
      `${receiver.deliveries()} deliveries received for ${delivering.reduce((sum, t) => sum + answered(t), 0)} punches answered by the delivering server`,
    );
  }
  const measured = [hubs, ...hooked].filter((t): t is Target => t !== undefined);
  printTable(
    "Sustained: the highest offered rate answered in full (no errors or timeouts in any run) with its median p95 within the bound; each build's ratio to the baseline",
    [
      "p95 bound",
      ...measured.map((t) => t.name),
      `${BASELINE_NAME}`,
      ...measured.map((t) => `${t.name}: ratio (≥ ${TARGET}×)`),
    ],
    P95_BOUNDS.map((bound) => {
      const d = d1 ? sustained(d1, bound) : 0;
      const rates = measured.map((t) => sustained(t, bound));
      return [
        `${bound} ms`,
        ...rates.map(shown),
        d1 ? shown(d) : "not run",
        ...rates.map((rate) => (d > 0 ? `${(rate / d).toFixed(2)}× ${verdict(rate >= TARGET * d)}` : "n/a")),
      ];
    }),
  );
} finally {
  for (const app of apps) {
    await app.stop();
    rmSync(app.persistDir, { recursive: true, force: true });
  }
  baseline?.remove();
  receiver?.close();
}
