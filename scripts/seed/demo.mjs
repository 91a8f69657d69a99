// Demo data for local development: a manager with a location, on an empty database only.
import { execFileSync } from "node:child_process";
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const DEMO_MANAGER = { name: "Demo Manager", email: "demo@clocked.test", password: "Demo!2026" };

const b64url = (buffer) => buffer.toString("base64url");
const quote = (value) => (value === null ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);
const id = () => b64url(randomBytes(16));

/** Same format as worker/lib/crypto.ts hashPassword. */
function hashPassword(password) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, 100_000, 32, "sha256");
  return `pbkdf2_sha256$100000$${b64url(salt)}$${b64url(hash)}`;
}

function d1(args, persistArgs) {
  return execFileSync("wrangler", ["d1", "execute", "DB", "--local", ...persistArgs, ...args], {
    encoding: "utf8",
    env: { ...process.env, CI: "true" },
  });
}

export async function seedDemoData({ persistArgs }) {
  const count = JSON.parse(d1(["--json", "--command", "SELECT count(*) AS n FROM users"], persistArgs))[0]
    .results[0].n;
  if (count > 0) return;

  const now = Date.now();
  const userId = id();
  const locationId = id();
  const statements = [
    `INSERT INTO users (id, name, name_key, email, username, password_hash, email_verified_at, plan, subscription_status, created_at)
     VALUES (${quote(userId)}, ${quote(DEMO_MANAGER.name)}, 'demo manager', ${quote(DEMO_MANAGER.email)}, 'demo.manager',
             ${quote(hashPassword(DEMO_MANAGER.password))}, ${now}, 'pro', 'active', ${now});`,
    `INSERT INTO locations (id, user_id, name, created_at) VALUES (${quote(locationId)}, ${quote(userId)}, 'Camden High Street', ${now});`,
  ];
  const dir = mkdtempSync(join(tmpdir(), "clocked-seed-"));
  const file = join(dir, "seed.sql");
  writeFileSync(file, statements.join("\n"));
  try {
    d1(["--file", file], persistArgs);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `\nSeeded demo data. Sign in at http://localhost:5173/manager-dashboard with\n` +
      `  ${DEMO_MANAGER.email} / ${DEMO_MANAGER.password}\n`,
  );
}
