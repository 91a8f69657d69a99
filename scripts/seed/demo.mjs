// Demo data for local development, on an empty database only: a manager, a location, 8 employees with
// known PINs, payroll IDs and hourly rates, two weeks of punches planned from the moment the server starts
// (scripts/seed/demo-plan.ts: inside the shop's opening hours, with the two breaches the demo shows on purpose),
// and a published rota for this week and next.
import { execFileSync } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "../lib/password-hash.ts";
import {
  DEMO_EMPLOYEES,
  DEMO_OPENING,
  iso,
  planDemo,
  planDemoLeave,
  planDemoRota,
  SICK,
} from "./demo-plan.ts";

export const DEMO_MANAGER = { name: "Demo Manager", email: "demo@clocked.test", password: "Demo!2026" };

const b64url = (buffer) => buffer.toString("base64url");
const quote = (value) => (value === null ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);
const newId = () => b64url(randomBytes(16));

/** Same as worker/lib/pins.ts hashPin: HMAC-SHA256 keyed with APP_SECRET. */
const hashPin = (secret, employeeId, pin) =>
  createHmac("sha256", secret).update(`pin:${employeeId}:${pin}`).digest("hex");

function d1(args, persistArgs) {
  return execFileSync("wrangler", ["d1", "execute", "DB", "--local", ...persistArgs, ...args], {
    encoding: "utf8",
    env: { ...process.env, CI: "true" },
  });
}

/** The plan (scripts/seed/demo-plan.ts: who works when, and the breaches on purpose) as SQL. */
function demoStatements(appSecret, now) {
  const plan = planDemo(now);
  const joined = plan.joined;
  const userId = newId();
  const locationId = newId();
  const statements = [
    `INSERT INTO users (id, name, name_key, email, username, password_hash, email_verified_at, plan, subscription_status, created_at)
     VALUES (${quote(userId)}, ${quote(DEMO_MANAGER.name)}, 'demo manager', ${quote(DEMO_MANAGER.email)}, 'demo.manager',
             ${quote(hashPassword(DEMO_MANAGER.password))}, ${joined}, 'pro', 'active', ${joined});`,
    `INSERT INTO locations (id, user_id, name, created_at) VALUES (${quote(locationId)}, ${quote(userId)}, 'Camden High Street', ${joined});`,
    // Opening hours are the workday; staff clock out for lunch, so the gaps are the breaks and none is assumed.
    `INSERT INTO location_settings (location_id, workday_hours, workday_start_time, workday_end_time, standard_break_minutes,
                                    break_deduction_enabled, record_breaks, updated_at)
     VALUES (${quote(locationId)}, 8, ${quote(DEMO_OPENING.start)}, ${quote(DEMO_OPENING.end)}, 30, 0, 1, ${joined});`,
    // A set-up location (docs/setup-checklist.md): its pay schedule saved (weekly from Monday).
    `INSERT INTO pay_rules (location_id, updated_at) VALUES (${quote(locationId)}, ${joined});`,
  ];
  const ids = DEMO_EMPLOYEES.map(() => newId());
  DEMO_EMPLOYEES.forEach((e, index) => {
    const id = ids[index];
    const sick = index === plan.sick.employee;
    statements.push(
      `INSERT INTO employees (id, location_id, first_name, last_name, username, pin_hash, current_status, email, created_at, updated_at)
       VALUES (${quote(id)}, ${quote(locationId)}, ${quote(e.first)}, ${quote(e.last)}, ${quote(`${e.first}${e.last[0]}`.toLowerCase())},
               ${quote(hashPin(appSecret, id, e.pin))}, ${quote(sick ? "sick_leave" : "active")}, ${quote(e.email ?? null)}, ${joined}, ${joined});`,
      `INSERT INTO employee_pay (employee_id, location_id, payroll_id, contracted_weekly_minutes, hourly_rate_pence, date_of_birth, updated_at)
       VALUES (${quote(id)}, ${quote(locationId)}, ${quote(e.payrollId)}, ${e.contractedWeeklyMinutes}, ${e.hourlyRatePence},
               ${quote(plan.datesOfBirth.get(index) ?? null)}, ${joined});`,
    );
    if (sick) {
      statements.push(
        `INSERT INTO employee_status_history (id, employee_id, status, note, start_date, end_date, created_at, created_by)
         VALUES (${quote(newId())}, ${quote(id)}, 'sick_leave', ${quote(SICK.note)}, ${quote(iso(plan.sick.start))},
                 ${quote(iso(plan.sick.end))}, ${now}, ${quote(userId)});`,
      );
    }
  });
  for (const s of plan.sessions) {
    statements.push(
      `INSERT INTO attendance_sessions (id, location_id, employee_id, check_in_at, check_out_at, closed_by, created_at)
       VALUES (${quote(newId())}, ${quote(locationId)}, ${quote(ids[s.employee])}, ${s.checkIn}, ${s.checkOut ?? "NULL"},
               ${s.checkOut ? "'kiosk'" : "NULL"}, ${s.checkIn});`,
    );
  }
  // This week's and next week's rota, published, with one late and one no-show today on purpose: the location's
  // hub takes the shifts into its rota when it first reads its site (docs/rota.md).
  for (const shift of planDemoRota(plan, now).shifts) {
    statements.push(
      `INSERT INTO shift_imports (id, location_id, employee_id, start_at, end_at, break_minutes, role, published_by, published_by_name)
       VALUES (${quote(newId())}, ${quote(locationId)}, ${quote(ids[shift.employee])}, ${shift.start}, ${shift.end},
               ${shift.breakMinutes}, ${quote(shift.role)}, ${quote(userId)}, ${quote(DEMO_MANAGER.name)});`,
    );
  }
  // One leave request approved (booked as the employee's holiday, as approving does) and one waiting for the
  // manager's decision in the Leave tab (docs/staff-app.md).
  const leave = planDemoLeave(plan);
  for (const [request, status] of [
    [leave.approved, "approved"],
    [leave.pending, "pending"],
  ]) {
    const approved = status === "approved";
    const requestId = newId();
    statements.push(
      `INSERT INTO leave_requests (id, location_id, employee_id, type, start_date, end_date, note, status, uses, unit,
                                   decided_by_id, decided_by_name, decided_at, created_at)
       VALUES (${quote(requestId)}, ${quote(locationId)}, ${quote(ids[request.employee])}, 'holiday',
               ${quote(iso(request.start))}, ${quote(iso(request.end))}, ${quote(request.note)}, ${quote(status)},
               ${request.hours}, 'hours', ${approved ? quote(userId) : "NULL"},
               ${approved ? quote(DEMO_MANAGER.name) : "NULL"}, ${approved ? now : "NULL"}, ${now - 2 * 86_400_000});`,
    );
    if (approved) {
      statements.push(
        `INSERT INTO employee_status_history (id, employee_id, status, note, start_date, end_date, created_at, created_by)
         VALUES (${quote(newId())}, ${quote(ids[request.employee])}, 'holiday', NULL, ${quote(iso(request.start))},
                 ${quote(iso(request.end))}, ${now}, ${quote(userId)});`,
      );
    }
  }
  return statements;
}

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
      `Kiosk PINs: ${DEMO_EMPLOYEES.map((e) => `${e.first} ${e.pin}`).join(", ")}\n` +
      `Staff app: http://localhost:5173/me as ${DEMO_EMPLOYEES.flatMap((e) => e.email ?? []).join(" or ")}` +
      " (the code is in /api/dev/outbox?email=<address>)\n",
  );
}
