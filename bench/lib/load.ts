// Closed-loop load: N clients at once, each sending its requests one after another.
import { median, percentile } from "./stats.ts";

export type LoadRound = {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
};

/** Every client sends `perClient` timed requests, one after another; all clients start together. */
export async function runClients(
  clients: number,
  perClient: number,
  request: (client: number, step: number) => Promise<void>,
): Promise<LoadRound> {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let step = 0; step < perClient; step++) {
        const sent = performance.now();
        await request(client, step);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/** The median of each figure over the rounds (each figure on its own). */
export function medianRound(rounds: readonly LoadRound[]): LoadRound {
  const of = (pick: (round: LoadRound) => number) => median(rounds.map(pick));
  return {
    requests: of((r) => r.requests),
    seconds: of((r) => r.seconds),
    perSecond: of((r) => r.perSecond),
    p50: of((r) => r.p50),
    p95: of((r) => r.p95),
    p99: of((r) => r.p99),
  };
}

/** POSTs JSON and fails loudly on anything but a 2xx, so a refused punch never counts as fast. */
export async function postOk(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: body === undefined ? headers : { "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${text}`);
}
