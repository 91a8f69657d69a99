import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { findChromium } from "./support/chromium";
import { freePort, waitFor } from "./support/server";

// The browser suite runs against the real dev server (SPA + Worker + D1/R2/DO in workerd), on a free
// port, with a throw-away state directory prepared exactly as `npm run dev` prepares its own.
declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
  }
}

export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  const stateDir = mkdtempSync(join(tmpdir(), "clocked-e2e-"));
  const env = { ...process.env, CLOCKED_PERSIST_DIR: stateDir, PORT: String(await freePort()) };
  execFileSync("node", ["scripts/prepare-local.mjs"], { env, stdio: "inherit" });

  const server = spawn("vite", ["dev", "--host", "127.0.0.1"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  server.stdout?.on("data", (chunk) => {
    log += chunk;
  });
  server.stderr?.on("data", (chunk) => {
    log += chunk;
  });
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  try {
    await waitFor(`${baseUrl}/api/health`, server, 90_000);
  } catch (error) {
    console.error(log);
    throw error;
  }
  project.provide("baseUrl", baseUrl);
  project.provide("chromiumPath", chromiumPath);

  return async () => {
    // What went wrong on the server side stays in the run's output (the log is not printed otherwise).
    const problems = log.split("\n").filter((line) => /error|failed|unavailable/i.test(line));
    if (problems.length > 0) console.log(`dev server problems:\n${problems.slice(-40).join("\n")}`);
    server.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(stateDir, { recursive: true, force: true });
  };
}
