// npm run bench:kiosk — kiosk punches under load against the built app in workerd, next to a baseline
// (a signed-in call that writes one D1 row) at the same concurrency, measured in the same run.
import { addEmployees, addLocation, businessManager, type Employee } from "./lib/accounts.ts";
import { type LoadRound, medianRound, postOk, runClients } from "./lib/load.ts";
import { startBuiltApp } from "./lib/server.ts";
import { ms, printTable, ratio, verdict } from "./lib/stats.ts";

const CLIENTS = 100;
const SPREAD_LOCATIONS = 10;
const PAIRS_PER_CLIENT = Number(process.env.BENCH_PAIRS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const app = await startBuiltApp();
try {
  const manager = await businessManager(app.url);
  // Every client punches its own employee, so no two clients ever meet on the same person.
  const hot = await addLocation(manager, "Hot Location");
  const hotStaff = (await addEmployees(manager, hot, CLIENTS, "H")).map((e) => ({ locationId: hot, e }));
  const spreadStaff: { locationId: string; e: Employee }[] = [];
  for (let n = 0; n < SPREAD_LOCATIONS; n++) {
    const locationId = await addLocation(manager, `Spread Location ${n + 1}`);
    const staff = await addEmployees(manager, locationId, CLIENTS / SPREAD_LOCATIONS, `L${n}`);
    spreadStaff.push(...staff.map((e) => ({ locationId, e })));
  }

  let keys = 0;
  const punches = (staff: { locationId: string; e: Employee }[]) => () =>
    runClients(CLIENTS, PAIRS_PER_CLIENT * 2, async (client, step) => {
      const member = staff[client];
      if (!member) throw new Error(`No employee for client ${client}`);
      // The kiosk sends an Idempotency-Key with every submit: the benchmark does too.
      await postOk(
        `${app.url}/api/kiosk/submit/${member.locationId}`,
        { username: member.e.username, pin: member.e.pin, action: step % 2 === 0 ? "check_in" : "check_out" },
        { "Idempotency-Key": `bench-${process.pid}-${++keys}` },
      );
    });
  const baseline = () =>
    runClients(CLIENTS, PAIRS_PER_CLIENT * 2, () =>
      postOk(`${app.url}/api/dev/bench-write`, undefined, { Authorization: `Bearer ${manager.token}` }),
    );

  const scenarios: [string, () => Promise<LoadRound>][] = [
    ["baseline: signed-in one-row D1 write", baseline],
    [`kiosk: ${CLIENTS} clients over ${SPREAD_LOCATIONS} locations`, punches(spreadStaff)],
    [`kiosk: ${CLIENTS} clients on 1 hot location`, punches(hotStaff)],
  ];
  for (const [, run] of scenarios) await run(); // warm-up, not counted
  const results = new Map<string, LoadRound[]>(scenarios.map(([name]) => [name, []]));
  // Interleaved, so a noisy neighbour hurts every scenario alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of scenarios) results.get(name)?.push(await run());
  }

  const medians = scenarios.map(([name]) => [name, medianRound(results.get(name) ?? [])] as const);
  const [base, spread, hotRun] = medians.map(([, figures]) => figures);
  if (!base || !spread || !hotRun) throw new Error("missing results");
  printTable(
    `Kiosk load: ${CLIENTS} concurrent clients, ${PAIRS_PER_CLIENT} check-in/check-out pairs each, median of ${ROUNDS} rounds`,
    ["scenario", "requests/s", "p50", "p95", "p99", "p95 vs baseline"],
    medians.map(([name, r]) => [
      name,
      r.perSecond.toFixed(0),
      ms(r.p50),
      ms(r.p95),
      ms(r.p99),
      ratio(r.p95, base.p95),
    ]),
  );
  const p95Met = hotRun.p95 <= 2 * base.p95;
  const rateMet = hotRun.perSecond >= 200;
  console.log(
    `\nkiosk: hot location ${hotRun.perSecond.toFixed(0)} punches/s (target ≥ 200: ${verdict(rateMet)}), ` +
      `p95 ${ms(hotRun.p95)} = ${ratio(hotRun.p95, base.p95)} baseline p95 ${ms(base.p95)} (target ≤ 2×: ${verdict(p95Met)}); ` +
      `10 locations ${spread.perSecond.toFixed(0)} punches/s, p95 ${ms(spread.p95)}`,
  );
} finally {
  await app.stop();
}
