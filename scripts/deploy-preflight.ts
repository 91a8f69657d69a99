// `npm run deploy` runs this first: it refuses to deploy a Worker that would run in development mode or
// without the secrets it needs, and says which. (The Worker itself answers 503 without them; this stops
// such a deploy from happening at all.)
import { execFileSync } from "node:child_process";
import { stripVTControlCharacters } from "node:util";
import { unstable_readConfig } from "wrangler";
import { deployProblems, deployWarnings } from "./lib/deploy-checks.ts";

const config = unstable_readConfig({ config: "wrangler.toml" });
const databaseIds = (config.d1_databases ?? []).map((d1: { database_id?: string }) => d1.database_id ?? "");

let secretNames: string[] | null = null;
let listError = "";
try {
  const listed = execFileSync("wrangler", ["secret", "list", "--format", "json"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  secretNames = (JSON.parse(listed) as { name: string }[]).map((secret) => secret.name);
} catch (error) {
  // Wrangler's own words, without its colours: usually "not logged in" or no network.
  const stderr = stripVTControlCharacters((error as { stderr?: string }).stderr ?? String(error));
  // A Worker not deployed yet has no secrets to list; anything else leaves them unknown.
  if (/not found|does not exist|10007/i.test(stderr)) secretNames = [];
  else listError = /ERROR\]\s*(.+)/.exec(stderr)?.[1]?.trim() ?? stderr.trim().split("\n")[0] ?? "";
}

const problems = deployProblems({ vars: config.vars ?? {}, databaseIds, secretNames });
if (secretNames === null) {
  problems.push(
    `Could not list the Worker's secrets (${listError || "no answer"}). Run \`npx wrangler login\` and try again.`,
  );
}
if (problems.length > 0) {
  console.error("\nDeploy refused:\n");
  for (const problem of problems) console.error(`  - ${problem}`);
  console.error("");
  process.exit(1);
}
for (const warning of deployWarnings(secretNames)) console.warn(`Note: ${warning}`);
console.log("Preflight passed: production mode, every required secret set.");
