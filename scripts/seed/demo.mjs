// Demo data for local development, on an empty database only: a manager, a location, 8 employees with
// known PINs and two weeks of realistic punches (a few people checked in right now).
import { execFileSync } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "../lib/password-hash.ts";

export const DEMO_MANAGER = { name: "Demo Manager", email: "demo@clocked.test", password: "Demo!2026" };
export const DEMO_EMPLOYEES = [
  ["Amelia", "Clarke", "1111"],
  ["Ben", "Hughes", "2222"],
  ["Chloe", "Evans", "3333"],
  ["Daniel", "Khan", "4444"],
  ["Ella", "Wright", "5555"],
  ["Finn", "O'Brien", "6666"],
  ["Grace", "Patel", "7777"],
  ["Harry", "Singh", "8888"],
];
const ZONE = "Europe/London";

const b64url = (buffer) => buffer.toString("base64url");
const quote = (value) => (value === null ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);
const newId = () => b64url(randomBytes(16));

/** Same as worker/lib/pins.ts hashPin: HMAC-SHA256 keyed with APP_SECRET. */
const hashPin = (secret, employeeId, pin) =>
  createHmac("sha256", secret).update(`pin:${employeeId}:${pin}`).digest("hex");

/** The UTC instant of a London wall-clock time (DST-correct). */
function londonTime(date, hours, minutes) {
  const guess = Date.UTC(date.y, date.m - 1, date.d, hours, minutes);
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(guess));
  const get = (type) => Number(parts.find((p) => p.type === type)?.value);
  const shown = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
  return guess - (shown - guess);
}

function londonDate(instant) {
  const [d, m, y] = new Intl.DateTimeFormat("en-GB", { timeZone: ZONE }).format(new Date(instant)).split("/");
  return { y: Number(y), m: Number(m), d: Number(d) };
}

const addDays = (date, n) => {
  const t = new Date(Date.UTC(date.y, date.m - 1, date.d + n));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
};
const weekday = (date) => new Date(Date.UTC(date.y, date.m - 1, date.d)).getUTCDay(); // 0 = Sunday
const iso = (date) => `${date.y}-${String(date.m).padStart(2, "0")}-${String(date.d).padStart(2, "0")}`;

/** Deterministic jitter so the demo looks the same on every machine. */
function jitter(seed) {
  let x = seed;
  return (spread) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return Math.round((x / 2147483648 - 0.5) * spread);
  };
}

function d1(args, persistArgs) {
  return execFileSync("wrangler", ["d1", "execute", "DB", "--local", ...persistArgs, ...args], {
    encoding: "utf8",
    env: { ...process.env, CI: "true" },
  });
}

function demoStatements(appSecret, now) {
  const userId = newId();
  const locationId = newId();
  const statements = [
    `INSERT INTO users (id, name, name_key, email, username, password_hash, email_verified_at, plan, subscription_status, created_at)
     VALUES (${quote(userId)}, ${quote(DEMO_MANAGER.name)}, 'demo manager', ${quote(DEMO_MANAGER.email)}, 'demo.manager',
             ${quote(hashPassword(DEMO_MANAGER.password))}, ${now}, 'pro', 'active', ${now});`,
    `INSERT INTO locations (id, user_id, name, created_at) VALUES (${quote(locationId)}, ${quote(userId)}, 'Camden High Street', ${now});`,
    // A set-up location (docs/setup-checklist.md): its pay schedule saved (weekly from Monday).
    `INSERT INTO pay_rules (location_id, updated_at) VALUES (${quote(locationId)}, ${now});`,
  ];
  const today = londonDate(now);
  const random = jitter(42);
  DEMO_EMPLOYEES.forEach(([first, last, pin], index) => {
    const id = newId();
    const username = `${first}${last[0]}`.toLowerCase();
    const sick = first === "Finn";
    statements.push(
      `INSERT INTO employees (id, location_id, first_name, last_name, username, pin_hash, current_status, created_at)
       VALUES (${quote(id)}, ${quote(locationId)}, ${quote(first)}, ${quote(last)}, ${quote(username)},
               ${quote(hashPin(appSecret, id, pin))}, ${quote(sick ? "sick_leave" : "active")}, ${now});`,
    );
    // Works numbers 1001, 1002…, as payroll software numbers staff.
    statements.push(
      `INSERT INTO employee_pay (employee_id, location_id, payroll_id, updated_at)
       VALUES (${quote(id)}, ${quote(locationId)}, ${quote(String(1001 + index))}, ${now});`,
    );
    if (sick) {
      statements.push(
        `INSERT INTO employee_status_history (id, employee_id, status, note, start_date, end_date, created_at, created_by)
         VALUES (${quote(newId())}, ${quote(id)}, 'sick_leave', 'Flu', ${quote(iso(addDays(today, -1)))},
                 ${quote(iso(addDays(today, 1)))}, ${now}, ${quote(userId)});`,
      );
    }
    // Two weeks back, weekdays (and Saturdays for the first three), a 9-to-5-ish shift.
    for (let back = 14; back >= 0; back--) {
      const day = addDays(today, -back);
      const dow = weekday(day);
      if (back > 0 && (dow === 0 || (dow === 6 && index > 2))) continue;
      if (sick && back <= 1) continue;
      const start = londonTime(day, 9, 0) + random(40) * 60_000 - index * 5 * 60_000;
      const end = londonTime(day, 17, 0) + random(60) * 60_000 + (index % 3) * 30 * 60_000;
      if (back === 0) {
        // Today: the first four are in now, the fifth came and went.
        const since = Math.min(start, now - (index + 1) * 37 * 60_000);
        if (index < 4) statements.push(session(locationId, id, since, null));
        else if (index === 4)
          statements.push(session(locationId, id, since - 3 * 3600_000, since - 60 * 60_000));
        continue;
      }
      statements.push(session(locationId, id, start, end));
    }
  });
  return statements;
}

const session = (locationId, employeeId, checkIn, checkOut) =>
  `INSERT INTO attendance_sessions (id, location_id, employee_id, check_in_at, check_out_at, closed_by, created_at)
   VALUES (${quote(newId())}, ${quote(locationId)}, ${quote(employeeId)}, ${checkIn}, ${checkOut ?? "NULL"},
           ${checkOut ? "'kiosk'" : "NULL"}, ${checkIn});`;

export async function seedDemoData({ persistArgs, appSecret }) {
  const count = JSON.parse(d1(["--json", "--command", "SELECT count(*) AS n FROM users"], persistArgs))[0]
    .results[0].n;
  if (count > 0) return;

  const dir = mkdtempSync(join(tmpdir(), "clocked-seed-"));
  const file = join(dir, "seed.sql");
  writeFileSync(file, demoStatements(appSecret, Date.now()).join("\n"));
  try {
    d1(["--file", file], persistArgs);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `\nSeeded demo data. Sign in at http://localhost:5173/manager-dashboard with\n` +
      `  ${DEMO_MANAGER.email} / ${DEMO_MANAGER.password}\n` +
      `Kiosk PINs: ${DEMO_EMPLOYEES.map(([first, , pin]) => `${first} ${pin}`).join(", ")}\n`,
  );
}
