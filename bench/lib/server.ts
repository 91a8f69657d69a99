// The built app served by `wrangler dev` (the real workerd) with throw-away state: a fresh persist
// directory, the D1 migrations applied, ENVIRONMENT=development so the dev outbox works.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** What `vite build` writes for the Worker (@cloudflare/vite-plugin): config, bundle, assets at ../client. */
export const BUILT_CONFIG = "dist/clocked/wrangler.json";

export type BuiltApp = {
  url: string;
  persistDir: string;
  workerdMemory: () => WorkerdMemory;
  stop: () => Promise<void>;
};

/** The workerd process's resident memory now and its peak so far (whole runtime, not one request). */
export type WorkerdMemory = { rssMB: number; peakMB: number } | null;

function workerdMemoryIn(processGroup: number): WorkerdMemory {
  try {
    const listing = execFileSync("ps", ["-o", "pid=,comm=", "-g", String(processGroup)], {
      encoding: "utf8",
    });
    const pid = listing
      .split("\n")
      .map((line) => line.trim().split(/\s+/))
      .find(([, command]) => command === "workerd")?.[0];
    if (!pid) return null;
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kB = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
    return { rssMB: kB("VmRSS") / 1024, peakMB: kB("VmHWM") / 1024 };
  } catch {
    return null;
  }
}

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  throw new Error(
    `Benchmarks need Node >= 22.18 (got ${process.version}): run them with npm run bench:<name>`,
  );
}

export function build() {
  if (process.env.BENCH_SKIP_BUILD) return;
  console.log("vite build…");
  execFileSync("vite", ["build", "--logLevel", "warn"], {
    stdio: "inherit",
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: "true" },
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

/** `wrangler d1 execute DB --local` against the benchmark's state (bulk data for the hours benchmark). */
export function d1Execute(persistDir: string, args: string[]) {
  execFileSync(
    "wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", persistDir, "-c", BUILT_CONFIG, "--yes", ...args],
    { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CI: "true" } },
  );
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
export async function startBuiltApp(): Promise<BuiltApp> {
  build();
  const persistDir = mkdtempSync(join(tmpdir(), "clocked-bench-"));
  execFileSync(
    "wrangler",
    ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir, "-c", BUILT_CONFIG],
    { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CI: "true" } },
  );
  const port = await freePort();
  const server = spawn(
    "wrangler",
    [
      "dev",
      "-c",
      BUILT_CONFIG,
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      persistDir,
      "--var",
      "ENVIRONMENT:development",
      "--show-interactive-dev-session=false",
      "--log-level",
      "error",
    ],
    // Its own process group, so stopping it also stops the workerd it starts.
    { detached: true, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CI: "true" } },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null && server.pid) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      process.kill(-server.pid, "SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    rmSync(persistDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(url, server);
  } catch (error) {
    await stop();
    throw error;
  }
  console.log(`serving dist/ with wrangler dev on ${url} (state in ${persistDir})`);
  return { url, persistDir, stop, workerdMemory: () => (server.pid ? workerdMemoryIn(server.pid) : null) };
}
