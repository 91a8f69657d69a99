// Closed-loop load: N clients at once, each sending its requests one after another.
import { Agent, request } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
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

/**
 * Kept-alive connections for every request the benchmarks time. Node's `fetch` (undici) cost the load client
 * about half a core at 400 requests/s, CPU taken from the server it measures on a two-core machine.
 */
const keptAlive = new Agent({ keepAlive: true });

/** A request the server answered, but not with a 2xx. */
export class AnswerError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** POSTs JSON and fails loudly on anything but a 2xx, so a refused punch never counts as fast. */
export function postOk(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<void> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const sent =
    payload === undefined
      ? headers
      : {
          "Content-Type": "application/json",
          "Content-Length": String(Buffer.byteLength(payload)),
          ...headers,
        };
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: "POST", agent: keptAlive, headers: sent, signal }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const status = response.statusCode ?? 0;
        const text = Buffer.concat(chunks).toString();
        if (status >= 200 && status < 300) resolve();
        else reject(new AnswerError(status, `POST ${url} answered ${status}: ${text}`));
      });
    });
    outgoing.on("error", reject);
    outgoing.end(payload);
  });
}

// Open-loop load: requests leave on a fixed timetable whether or not earlier ones have answered, as
// punches from many kiosks do, so a slow server shows as latency and timeouts, not as a lower send rate.

export type OpenLoopStage = {
  offered: number;
  sent: number;
  ok: number;
  /** Successful answers per second, over the time from the first send to the last answer. */
  achieved: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  timeouts: number;
  /** The commonest failure, for the log. */
  firstError: string | null;
  /** The load client's own longest event-loop stall in the stage (ms): latency it, not the server, added. */
  clientStallMs: number;
};

/**
 * Sends `rate` requests a second for `seconds`; each request's latency runs from its scheduled send time
 * (so a stalled client cannot hide a slow server) to its answer. Failures and timeouts are counted, never
 * thrown: the stage always completes.
 */
export async function runOpenLoop(
  rate: number,
  seconds: number,
  timeoutMs: number,
  request: (n: number, signal: AbortSignal) => Promise<void>,
): Promise<OpenLoopStage> {
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  let timeouts = 0;
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  stalls.enable();
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      withDeadline(timeoutMs, (signal) => request(n, signal)).then(
        () => void latencies.push(performance.now() - due),
        (error: Error) => {
          if (error.name === "TimeoutError" || error.name === "AbortError") timeouts++;
          else failures.set(error.message, (failures.get(error.message) ?? 0) + 1);
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  stalls.disable();
  const commonest = [...failures].sort((a, b) => b[1] - a[1])[0];
  return {
    offered: rate,
    sent: total,
    ok: latencies.length,
    achieved: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: [...failures.values()].reduce((sum, count) => sum + count, 0),
    timeouts,
    firstError: commonest ? `${commonest[0]} (×${commonest[1]})` : null,
    clientStallMs: stalls.max / 1e6,
  };
}

/** Runs `work` with a signal that aborts after `ms`, and gives up on it then even if it ignores the signal. */
function withDeadline(ms: number, work: (signal: AbortSignal) => Promise<void>): Promise<void> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`no answer within ${ms} ms`);
      error.name = "TimeoutError";
      controller.abort(error);
      reject(error);
    }, ms);
  });
  return Promise.race([work(controller.signal), deadline]).finally(() => clearTimeout(timer));
}
