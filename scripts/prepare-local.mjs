// Runs before `npm run dev`: local secrets, D1 migrations, demo data. Safe to run again and again.
import { execFileSync } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { SANDBOX_CLIENT } from "../worker/services/xero/sandbox.ts";
import { hashPassword } from "./lib/password-hash.ts";
import { seedDemoData } from "./seed/demo.mjs";

const persistTo = process.env.CLOCKED_PERSIST_DIR;
const persistArgs = persistTo ? ["--persist-to", persistTo] : [];

/** The local super admin (development only: .dev.vars is git-ignored and never deployed). */
const LOCAL_SUPER_ADMIN = { username: "admin", password: "Admin!2026" };

// 1. Local secrets, never committed (.dev.vars is git-ignored). The Worker has no built-in ones: without
// these it would answer 503, as a deployed Worker does without `wrangler secret put`.
const existing = existsSync(".dev.vars") ? readFileSync(".dev.vars", "utf8") : "";
const has = (name) => new RegExp(`^${name}=`, "m").test(existing);
const missing = [];
if (!has("APP_SECRET")) missing.push(`APP_SECRET=${randomBytes(32).toString("hex")}`);
if (!has("SUPER_ADMIN_USERNAME") && !has("SUPER_ADMIN_PASSWORD_HASH")) {
  missing.push(
    `SUPER_ADMIN_USERNAME=${LOCAL_SUPER_ADMIN.username}`,
    // Single quotes: the hash contains `$`, which .dev.vars would otherwise try to expand.
    `SUPER_ADMIN_PASSWORD_HASH='${hashPassword(LOCAL_SUPER_ADMIN.password)}'`,
  );
}
// Web Push's VAPID key pair (docs/staff-app.md, "Notifications"): P-256, the public key as an uncompressed
// point and the private key as its scalar, both base64url.
if (!has("VAPID_PUBLIC_KEY") || !has("VAPID_PRIVATE_KEY")) {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = privateKey.export({ format: "jwk" });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x, "base64url"),
    Buffer.from(jwk.y, "base64url"),
  ]);
  missing.push(`VAPID_PUBLIC_KEY=${point.toString("base64url")}`, `VAPID_PRIVATE_KEY=${jwk.d}`);
}
if (!has("VAPID_SUBJECT")) missing.push("VAPID_SUBJECT=mailto:push@localhost");
// Xero Payroll UK (docs/xero.md): the Worker's own offline sandbox answers for Xero in development.
if (!has("XERO_CLIENT_ID")) {
  missing.push(
    `XERO_CLIENT_ID=${SANDBOX_CLIENT.id}`,
    `XERO_CLIENT_SECRET=${SANDBOX_CLIENT.secret}`,
    `XERO_TOKEN_KEY=${randomBytes(32).toString("hex")}`,
  );
}
if (missing.length > 0) {
  const separator = existing && !existing.endsWith("\n") ? "\n" : "";
  appendFileSync(".dev.vars", `${separator}${missing.join("\n")}\n`);
  console.log(`Wrote ${missing.map((line) => line.split("=")[0]).join(", ")} to .dev.vars.`);
}
const appSecret = /^APP_SECRET=(.{32,})$/m.exec(readFileSync(".dev.vars", "utf8"))?.[1]?.trim();
if (!appSecret) {
  console.error("APP_SECRET in .dev.vars must be at least 32 characters: delete the line to get a new one.");
  process.exit(1);
}

// 2. Migrations, exactly as deploy applies them remotely.
execFileSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persistArgs], {
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...process.env, CI: "true" },
});

// 3. Demo data on an empty database.
await seedDemoData({ persistArgs, appSecret });
