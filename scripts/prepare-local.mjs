// Runs before `npm run dev`: local secrets, D1 migrations, demo data. Safe to run again and again.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { seedDemoData } from "./seed/demo.mjs";

const persistTo = process.env.CLOCKED_PERSIST_DIR;
const persistArgs = persistTo ? ["--persist-to", persistTo] : [];

// 1. A random APP_SECRET for this checkout (never committed: .dev.vars is git-ignored).
if (!existsSync(".dev.vars")) {
  writeFileSync(".dev.vars", `APP_SECRET=${randomBytes(32).toString("hex")}\n`);
  console.log("Created .dev.vars with a random APP_SECRET.");
}
// Without one the Worker falls back to its development secret (worker/lib/config.ts): so does the seed.
const appSecret =
  /^APP_SECRET=(.{32,})$/m.exec(readFileSync(".dev.vars", "utf8"))?.[1]?.trim() ??
  "clocked-development-secret-not-for-production";

// 2. Migrations, exactly as deploy applies them remotely.
execFileSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persistArgs], {
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...process.env, CI: "true" },
});

// 3. Demo data on an empty database.
await seedDemoData({ persistArgs, appSecret });
