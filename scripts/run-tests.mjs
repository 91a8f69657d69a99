// `npm test`: type check, lint, the workerd suite (development), its production run, the browser suite;
// then one closing line that counts every test run ("N passed, N failed"), so CI can tell a green run
// from one that ran nothing.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const results = "node_modules/.tmp/test-results";
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const vitest = (config, name) => [
  "vitest",
  [
    "run",
    "--config",
    config,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${results}/${name}.json`,
  ],
];
const steps = [
  ["types", ["tsc", ["-b"]]],
  ["lint", ["biome", ["check", "."]]],
  ["workerd", vitest("vitest.config.ts", "workerd")],
  ["production", vitest("vitest.production.config.ts", "production")],
  ["browser", vitest("vitest.browser.config.ts", "browser")],
];

let failedStep = null;
for (const [name, [command, args]] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const run = spawnSync(command, args, { stdio: "inherit" });
  if (run.status !== 0) {
    failedStep = name;
    break;
  }
}

let passed = 0;
let failed = 0;
for (const name of ["workerd", "production", "browser"]) {
  const file = `${results}/${name}.json`;
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}
if (failedStep) console.log(`\n✖ ${failedStep} failed`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
