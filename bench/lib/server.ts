// The built app served by `wrangler dev` (the real workerd) with throw-away state: a fresh persist
// directory, the D1 migrations applied, ENVIRONMENT=development so the dev outbox works.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "../../scripts/lib/password-hash.ts";

/** What `vite build` writes for the Worker (@cloudflare/vite-plugin): config, bundle, assets at ../client. */
export const BUILT_CONFIG = "dist/clocked/wrangler.json";

/** The secrets every benchmark server gets, so no benchmark depends on a local .dev.vars. */
export const BENCH_SECRETS = {
  APP_SECRET: "bench-only-secret-0123456789abcdef0123456789abcdef",
  superAdmin: { username: "bench-admin", password: "Bench!Admin2026" },
};

/**
 * wrangler dev's local observability and data explorer, both on by default in wrangler 4.149
 * (X_LOCAL_OBSERVABILITY, X_LOCAL_EXPLORER): every request, Durable Object call and log becomes a trace event
 * that a collector Worker writes to its own SQLite, in the same workerd and on the same thread as the app, and
 * every SQLite-backed Durable Object class is wrapped for the explorer. Production has neither, so a benchmark
 * that kept them would measure wrangler's tooling, not the app.
 */
const DEV_TOOLING_OFF = { X_LOCAL_OBSERVABILITY: "false", X_LOCAL_EXPLORER: "false" };

/**
 * Which checkout to build and serve (another one for a baseline build), and variables beyond development's.
 * A test that redeploys (tests/e2e/kiosk-pwa.test.ts) builds with its own environment (`buildEnv`) and serves
 * again on the same `port` (one origin, as a browser sees a deployment) with the same `persistDir` (kept).
 */
export type AppOptions = {
  root?: string;
  vars?: Record<string, string>;
  buildEnv?: Record<string, string>;
  port?: number;
  persistDir?: string;
  /**
   * Serve requests straight from the Worker's own workerd, not through wrangler dev's proxy Worker (a second
   * workerd that funnels every request through one Durable Object and copies it on): production has no such
   * hop, and on two cores its CPU is taken from the app's. `url` is then the Worker's own address.
   */
  direct?: boolean;
  /** dist/ is already built from `root` (a second serving of the same build). */
  built?: boolean;
  /** Another wrangler config beside BUILT_CONFIG (the same build served with other bindings). */
  config?: string;
};

export type BuiltApp = {
  url: string;
  persistDir: string;
  /** `wrangler d1 execute` against this app's state: a file or command, or a query answering its rows. */
  d1: { execute: (args: string[]) => void; query: <T>(sql: string) => T[] };
  workerdMemory: () => WorkerdMemory;
  /**
   * CPU seconds (user and system) used so far by wrangler dev and the workerd processes it started: wrangler's
   * own Node process formats workerd's logs, thousands of lines after an overload.
   */
  cpuSeconds: () => number;
  stop: () => Promise<void>;
};

/** The workerd process's resident memory now and its peak so far (whole runtime, not one request). */
export type WorkerdMemory = { rssMB: number; peakMB: number } | null;

/** The workerd processes wrangler dev started (the proxy's and the Worker's), by pid. */
function workerdPids(processGroup: number): string[] {
  const listing = execFileSync("ps", ["-o", "pid=,comm=", "-g", String(processGroup)], { encoding: "utf8" });
  return listing
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([, command]) => command === "workerd")
    .map(([pid]) => pid ?? "");
}

function workerdMemoryIn(processGroup: number): WorkerdMemory {
  try {
    const pid = workerdPids(processGroup)[0];
    if (!pid) return null;
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kB = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
    return { rssMB: kB("VmRSS") / 1024, peakMB: kB("VmHWM") / 1024 };
  } catch {
    return null;
  }
}

/** CPU seconds used so far by every process in the group: wrangler dev's own Node process and its workerds. */
function cpuIn(processGroup: number): number {
  const pids = execFileSync("ps", ["-o", "pid=", "-g", String(processGroup)], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  let ticks = 0;
  for (const pid of pids) {
    try {
      // After "pid (comm) ": state is the first field, utime and stime the 12th and 13th (clock ticks, 100/s).
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    } catch {
      // Exited meanwhile.
    }
  }
  return ticks / 100;
}

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  throw new Error(
    `Benchmarks need Node >= 22.18 (got ${process.version}): run them with npm run bench:<name>`,
  );
}

export function build(root = process.cwd(), env: Record<string, string> = {}) {
  if (process.env.BENCH_SKIP_BUILD && existsSync(join(root, BUILT_CONFIG))) return;
  console.log(`vite build in ${root}…`);
  execFileSync("vite", ["build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
    // NODE_ENV as `npm run build` has it (vitest sets "test", which would bundle React's development builds).
    env: { ...process.env, NODE_ENV: "production", VITE_CONFIG_NATIVE_IGNORE_WARNING: "true", ...env },
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** `wrangler d1 execute DB --local` against the benchmark's state (bulk data); answers what it printed. */
function d1Execute(config: string, persistDir: string, args: string[]): string {
  return execFileSync(
    "wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", persistDir, "-c", config, "--yes", ...args],
    { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8", env: { ...process.env, CI: "true" } },
  );
}

function d1Client(config: string, persistDir: string): BuiltApp["d1"] {
  return {
    execute: (args) => void d1Execute(config, persistDir, args),
    query: <T>(sql: string) => {
      const [result] = JSON.parse(d1Execute(config, persistDir, ["--json", "--command", sql])) as {
        results: T[];
      }[];
      return result?.results ?? [];
    },
  };
}

/**
 * The Worker's own address behind wrangler dev's proxy: of the TCP ports its workerd processes listen on
 * (read from /proc), the one other than the public port that answers the app's development outbox.
 */
async function workerAddress(processGroup: number, publicPort: number): Promise<string> {
  const inodes = new Set<string>();
  for (const pid of workerdPids(processGroup)) {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const target = (() => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          return "";
        }
      })();
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    }
  }
  const ports = readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    // local address (hex ip:port), state 0A = LISTEN, inode in column 10
    .filter((fields) => fields[3] === "0A" && inodes.has(fields[9] ?? ""))
    .map((fields) => Number.parseInt(fields[1]?.split(":")[1] ?? "0", 16))
    .filter((port) => port !== publicPort);
  for (const port of ports) {
    const url = `http://127.0.0.1:${port}`;
    const answer = await fetch(`${url}/api/dev/outbox?email=bench%40example.co.uk`).catch(() => null);
    if (answer?.status === 200 && answer.headers.get("content-type")?.includes("json")) return url;
  }
  throw new Error(`no port of wrangler dev's workerd (${ports.join(", ")}) answers as the Worker`);
}

async function waitUntilUp(url: string, server: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/api/dev/outbox?email=bench%40example.co.uk`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`wrangler dev did not answer on ${url} within ${timeoutMs / 1000} s`);
}

/** Builds (unless BENCH_SKIP_BUILD is set), then serves dist/ on a free port with fresh state. */
export async function startBuiltApp({
  root = process.cwd(),
  vars = {},
  buildEnv,
  port: chosenPort,
  persistDir: keptDir,
  direct = false,
  built = false,
  config = join(root, BUILT_CONFIG),
}: AppOptions = {}): Promise<BuiltApp> {
  if (!built) build(root, buildEnv);
  const persistDir = keptDir ?? mkdtempSync(join(tmpdir(), "clocked-bench-"));
  execFileSync(
    "wrangler",
    ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir, "-c", config],
    { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CI: "true" } },
  );
  const port = chosenPort ?? (await freePort());
  const server = spawn(
    "wrangler",
    [
      "dev",
      "-c",
      config,
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      persistDir,
      "--var",
      "ENVIRONMENT:development",
      "--var",
      `APP_SECRET:${BENCH_SECRETS.APP_SECRET}`,
      "--var",
      `SUPER_ADMIN_USERNAME:${BENCH_SECRETS.superAdmin.username}`,
      "--var",
      `SUPER_ADMIN_PASSWORD_HASH:${hashPassword(BENCH_SECRETS.superAdmin.password)}`,
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
      "--show-interactive-dev-session=false",
      "--log-level",
      process.env.BENCH_LOG_LEVEL ?? "error",
    ],
    // Its own process group, so stopping it also stops the workerd it starts.
    {
      detached: true,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, CI: "true", ...DEV_TOOLING_OFF },
    },
  );
  const publicUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null && server.pid) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      process.kill(-server.pid, "SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    if (!keptDir) rmSync(persistDir, { recursive: true, force: true });
  };
  let url = publicUrl;
  try {
    await waitUntilUp(publicUrl, server);
    if (direct && server.pid) url = await workerAddress(server.pid, port);
  } catch (error) {
    await stop();
    throw error;
  }
  console.log(
    `serving ${join(root, "dist")} with wrangler dev on ${publicUrl}${url === publicUrl ? "" : `, its Worker's own workerd on ${url}`} (state in ${persistDir})`,
  );
  return {
    url,
    persistDir,
    d1: d1Client(config, persistDir),
    stop,
    workerdMemory: () => (server.pid ? workerdMemoryIn(server.pid) : null),
    cpuSeconds: () => (server.pid ? cpuIn(server.pid) : 0),
  };
}
