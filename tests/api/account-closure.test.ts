import {
  createExecutionContext,
  createScheduledController,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ACCOUNT_CLOSED } from "../../worker/contracts/auth";
import { SOCKET_CLOSE } from "../../worker/contracts/live";
import { accountPurges, employees, kioskDevices, sessions, users } from "../../worker/db/schema";
import { parseCsv } from "../../worker/domain/csv";
import type { LocationHub } from "../../worker/durable/location-hub";
import worker from "../../worker/index";
import { DAILY_PURGE_CRON } from "../../worker/jobs/daily-purge";
import { newId } from "../../worker/lib/crypto";
import { CLOSE_WRONG_PASSWORD, payRecordsKeptUntil } from "../../worker/services/account-closure";
import wranglerToml from "../../wrangler.toml?raw";
import { api, createManager, STRONG_PASSWORD } from "../support/api";
import { accountRow, fakeStripe, stripeApi, subscribedThroughStripe } from "../support/billing";
import { TINY_PNG } from "../support/images";
import {
  addEmployee,
  addLocation,
  checkIn,
  db,
  hubStub,
  JANE,
  liveTicket,
  type Manager,
  openKioskSocket,
  openLiveSocket,
  punch,
  sessionsOf,
} from "../support/kiosk";

// Leaving (docs/security.md): a manager downloads everything the account holds, closes the account, and the
// daily job deletes all of it 30 days later, leaving one audit line without personal data.

const DAY_MS = 24 * 60 * 60_000;
const WITHIN_A_SECOND = 1000;
const MALLORY = { first_name: '=HYPERLINK("http://evil.test")', last_name: "Jones", pin: "9090" };

/** A shop with two employees, a punch, a wrong PIN, a logo, a paired kiosk and an automated report. */
async function busyShop() {
  const manager = await createManager({ name: "Sam Carter", plan: "pro" });
  const locationId = await addLocation(manager, "Harbour Café");
  const jane = await addEmployee(manager, locationId, JANE);
  const mallory = await addEmployee(manager, locationId, MALLORY);
  expect((await checkIn(locationId, jane.username, JANE.pin)).status).toBe(200);
  expect((await checkIn(locationId, mallory.username, "0000")).status).toBe(401);
  const breaks = await api("PUT", `/api/manager/locations/${locationId}/customization`, {
    token: manager.token,
    body: { record_breaks: true },
  });
  expect(breaks.status).toBe(200);
  const onBreak = await punch(locationId, { username: jane.username, pin: JANE.pin, action: "break_start" });
  expect(onBreak.status).toBe(200);
  const form = new FormData();
  form.append("file", new File([TINY_PNG], "logo.png", { type: "image/png" }));
  const logo = await exports.default.fetch(`http://clocked.test/api/manager/locations/${locationId}/logo`, {
    method: "POST",
    headers: { Authorization: `Bearer ${manager.token}` },
    body: form,
  });
  expect(logo.status).toBe(200);
  await env.FILES.put(`reports/${locationId}/week_2026_11_09-${newId()}.csv`, "Employee,Hours\r\n");
  const paired = await api("POST", `/api/manager/kiosk-devices/${locationId}`, {
    token: manager.token,
    body: { label: "Front counter" },
  });
  return { manager, locationId, jane, mallory, deviceToken: paired.body.token as string };
}

async function download(token: string) {
  return exports.default.fetch("http://clocked.test/api/user/export", {
    headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": "10.1.2.3" },
  });
}

const closeAccount = (manager: Manager, password = manager.password) =>
  api("POST", "/api/user/close-account", { token: manager.token, body: { password } });

async function runDailyJob(scheduledTime: number) {
  const controller = createScheduledController({ scheduledTime, cron: DAILY_PURGE_CRON });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

/** Every row of every D1 table (but the migrations' own), as JSON text. */
async function everyRow(): Promise<Map<string, string[]>> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'",
  ).all<{ name: string }>();
  const rows = new Map<string, string[]>();
  for (const { name } of tables.results) {
    const all = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
    rows.set(
      name,
      all.results.map((row) => JSON.stringify(row)),
    );
  }
  return rows;
}

/** The hub's tables and how many rows each holds (hub_schema is the storage's own version number). */
const hubRows = (locationId: string) =>
  runInDurableObject(hubStub(locationId), (_hub: LocationHub, state) => {
    const tables = state.storage.sql
      .exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'sqlite_%'",
      )
      .toArray();
    return Object.fromEntries(
      tables.map(({ name }) => [name, state.storage.sql.exec(`SELECT count(*) AS n FROM "${name}"`).one().n]),
    ) as Record<string, number>;
  });

describe("GET /api/user/export", () => {
  it("is a ZIP of one CSV per kind of record, with a README explaining every column", async () => {
    const shop = await busyShop();
    const other = await busyShop();
    const response = await download(shop.manager.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="clocked-account-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const text = (name: string) => new TextDecoder().decode(files[name]);
    const csv = (name: string) => parseCsv(text(name));

    const readme = text("README.txt");
    const csvNames = Object.keys(files).filter((name) => name.endsWith(".csv"));
    expect(csvNames.sort()).toEqual([
      "account.csv",
      "assistant_questions.csv",
      "attendance_breaks.csv",
      "attendance_sessions.csv",
      "audit_log.csv",
      "automated_reports.csv",
      "employee_break_overrides.csv",
      "employee_pay_terms.csv",
      "employee_status_history.csv",
      "employees.csv",
      "holiday_balances.csv",
      "kiosk_devices.csv",
      "location_settings.csv",
      "locations.csv",
      "pay_rules.csv",
      "sign_in_sessions.csv",
      "team.csv",
      "timesheet_entries.csv",
    ]);
    for (const name of csvNames) {
      expect(readme, name).toContain(`\r\n${name}\r\n`);
      for (const heading of csv(name)[0] ?? [])
        expect(readme, `${name}: ${heading}`).toContain(`- ${heading}: `);
    }

    expect(csv("account.csv")[1]).toEqual(
      expect.arrayContaining([shop.manager.id, "Sam Carter", shop.manager.email]),
    );
    expect(
      csv("locations.csv")
        .slice(1)
        .map((row) => row[1]),
    ).toEqual(["Harbour Café"]);
    const employees = csv("employees.csv");
    expect(employees.slice(1).map((row) => row[2])).toEqual(["Jane", `'${MALLORY.first_name}`]);
    const [heading, session] = csv("attendance_sessions.csv");
    expect(heading).toEqual(["id", "location_id", "employee_id", "check_in_at", "check_out_at", "closed_by"]);
    expect(session).toEqual([
      expect.any(String),
      shop.locationId,
      shop.jane.id,
      expect.stringMatching(/Z$/),
      "",
      "",
    ]);
    const [breakHeading, ...breaks] = csv("attendance_breaks.csv");
    expect(breakHeading).toEqual(["id", "location_id", "employee_id", "session_id", "start_at", "end_at"]);
    expect(breaks).toEqual([
      [expect.any(String), shop.locationId, shop.jane.id, session?.[0], expect.stringMatching(/Z$/), ""],
    ]);
    expect(
      csv("kiosk_devices.csv")
        .slice(1)
        .map((row) => row[2]),
    ).toEqual(["Front counter"]);
    expect(csv("sign_in_sessions.csv")).toHaveLength(2);
    // Each current worker's holiday for their leave year (docs/compliance.md): none recorded a week yet.
    const [holidayHeading, ...holiday] = csv("holiday_balances.csv");
    expect(holidayHeading?.slice(0, 4)).toEqual(["employee_id", "location_id", "rule", "unit"]);
    expect(holiday.map((row) => row[0]).sort()).toEqual(
      employees
        .slice(1)
        .map((row) => row[0])
        .sort(),
    );

    // Nothing of another account, and no secret of this one.
    const everything = Object.keys(files).map(text).join("\n");
    expect(everything).not.toContain(other.locationId);
    const stored = await accountRow(shop.manager.id);
    expect(everything).not.toContain(stored.passwordHash);
    expect(everything).not.toContain(shop.manager.token);
    expect(everything).not.toContain(shop.deviceToken);
    expect(everything).not.toContain(JANE.pin);
  });

  it("holds the timesheet entries as corrected, with their source and reason, and the pay terms and rules", async () => {
    const shop = await busyShop();
    const token = shop.manager.token;
    const hour = 3_600_000;
    const yesterday = Math.floor(Date.now() / hour) * hour - 30 * hour;
    const iso = (instant: number) => new Date(instant).toISOString();
    // A shift the kiosk never saw, added with a reason a spreadsheet would run as a formula.
    const added = await api("POST", `/api/manager/timesheets/${shop.locationId}/entries`, {
      token,
      body: {
        employee_id: shop.mallory.id,
        check_in_at: iso(yesterday),
        check_out_at: iso(yesterday + 4 * hour),
        reason: "=HYPERLINK(1) Worked the stocktake",
      },
    });
    expect(added.status).toBe(201);
    // Jane's open session: she arrived two hours before she checked in.
    const [kioskSession] = await sessionsOf(shop.jane.id);
    const arrived = (kioskSession?.checkInAt ?? 0) - 2 * hour;
    const corrected = await api(
      "PUT",
      `/api/manager/timesheets/${shop.locationId}/entries/${kioskSession?.id}`,
      {
        token,
        body: { check_in_at: iso(arrived), reason: "Forgot to check in on arrival" },
      },
    );
    expect(corrected.status).toBe(200);
    const terms = await api("PUT", `/api/manager/employee-pay/${shop.locationId}/${shop.jane.id}`, {
      token,
      body: {
        payroll_id: "HC-0042",
        contracted_weekly_hours: 37.5,
        hourly_rate: 12.71,
        apprenticeship_start: "2026-09-01",
        accommodation_days_per_week: 5,
        accommodation_weekly_charge: 40.5,
      },
    });
    expect(terms.status).toBe(200);
    const rules = await api("PUT", `/api/manager/pay-rules/${shop.locationId}`, {
      token,
      body: {
        pay_frequency: "fortnightly",
        pay_anchor_date: "2026-11-02",
        daily_overtime_after_hours: 8,
        pay_codes: { basic: "=BASIC()", overtime: "OT", premium: "PREM", unpaid_break: "BRK" },
      },
    });
    expect(rules.status).toBe(200);

    const files = unzipSync(new Uint8Array(await (await download(token)).arrayBuffer()));
    const table = (name: string) => {
      const [heading = [], ...rows] = parseCsv(new TextDecoder().decode(files[name]));
      return rows.map((row) => Object.fromEntries(heading.map((column, i) => [column, row[i] ?? ""])));
    };
    const entries = table("timesheet_entries.csv");
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          employee_id: shop.mallory.id,
          location_id: shop.locationId,
          check_in_at: iso(yesterday),
          check_out_at: iso(yesterday + 4 * hour),
          worked_minutes: "240",
          source: "manager",
          corrected: "no",
          voided: "no",
          reason: "'=HYPERLINK(1) Worked the stocktake",
        }),
        expect.objectContaining({
          id: kioskSession?.id,
          employee_id: shop.jane.id,
          check_in_at: iso(arrived),
          check_out_at: "",
          worked_minutes: "",
          breaks: expect.stringMatching(/^\d{4}-.*Z\/$/),
          source: "kiosk",
          corrected: "yes",
          reason: "Forgot to check in on arrival",
        }),
      ]),
    );
    // The kiosk's record stays as it was.
    expect(table("attendance_sessions.csv").find((row) => row.id === kioskSession?.id)?.check_in_at).toBe(
      iso(kioskSession?.checkInAt ?? 0),
    );
    expect(table("employee_pay_terms.csv")).toEqual([
      expect.objectContaining({
        employee_id: shop.jane.id,
        payroll_id: "HC-0042",
        contracted_weekly_hours: "37.5",
        hourly_rate_gbp: "12.71",
        irregular_hours: "no",
        apprenticeship_start: "2026-09-01",
        accommodation_days_per_week: "5",
        accommodation_weekly_charge_gbp: "40.50",
      }),
    ]);
    expect(table("pay_rules.csv")).toEqual([
      expect.objectContaining({
        location_id: shop.locationId,
        pay_frequency: "fortnightly",
        pay_anchor_date: "2026-11-02",
        daily_overtime_after_hours: "8",
        weekly_overtime_after_hours: "",
        pay_code_basic: "'=BASIC()",
        pay_code_overtime: "OT",
      }),
    ]);
  });

  it("needs a signed-in manager", async () => {
    expect((await api("GET", "/api/user/export")).status).toBe(401);
  });
});

describe("POST /api/user/close-account", () => {
  it("refuses a wrong password and changes nothing", async () => {
    const shop = await busyShop();
    expect(await closeAccount(shop.manager, "Not!MyPassword1")).toMatchObject({
      status: 400,
      body: { detail: CLOSE_WRONG_PASSWORD },
    });
    expect((await accountRow(shop.manager.id)).closedAt).toBeNull();
    expect((await api("GET", "/api/user/me", { token: shop.manager.token })).status).toBe(200);
    expect((await api("GET", `/api/locations/${shop.locationId}`)).status).toBe(200);
  });

  it("signs out everywhere, closes sockets within a second, stops the kiosks and refuses sign-in", async () => {
    const shop = await busyShop();
    const live = await openLiveSocket(shop.locationId, await liveTicket(shop.manager, shop.locationId));
    await live.next((m) => m.type === "live_status");
    const kiosk = await openKioskSocket(shop.locationId);
    await kiosk.until(() => kiosk.messages.find((m) => m.type === "appearance"));

    const closed = await closeAccount(shop.manager);
    expect(closed).toMatchObject({ status: 200, body: { message: expect.stringContaining("closed") } });
    const outbox = await api("GET", `/api/dev/outbox?email=${encodeURIComponent(shop.manager.email)}`);
    expect(outbox.body.messages).toContainEqual(
      expect.objectContaining({ subject: "Your Clocked account has been closed" }),
    );
    expect(await live.closed(WITHIN_A_SECOND)).toEqual(SOCKET_CLOSE.signedOut);
    expect(await kiosk.until(() => kiosk.closedWith() ?? undefined, WITHIN_A_SECOND)).toBe(
      SOCKET_CLOSE.locationClosed.code,
    );

    expect((await api("GET", "/api/user/me", { token: shop.manager.token })).status).toBe(401);
    expect(
      await api("POST", "/api/auth/login", {
        body: { email_or_name: shop.manager.email, password: shop.manager.password },
      }),
    ).toMatchObject({
      status: 403,
      body: { detail: ACCOUNT_CLOSED },
    });
    expect(
      await api("POST", "/api/manager/login", {
        body: { username: shop.manager.username, password: shop.manager.password },
      }),
    ).toMatchObject({ status: 403, body: { detail: ACCOUNT_CLOSED } });
    // Signing up again for the address is refused while the closed account waits for the purge.
    expect(
      await api("POST", "/api/auth/signup", {
        body: {
          name: "Sam Carter",
          email: shop.manager.email,
          password: STRONG_PASSWORD,
          confirm_password: STRONG_PASSWORD,
        },
      }),
    ).toMatchObject({ status: 400, body: { detail: expect.stringContaining("has been closed") } });
    // The public kiosk and the paired one stop answering, in words a kiosk can show (410).
    const retired = { status: 410, body: { detail: "This kiosk is no longer in use." } };
    expect(await api("GET", `/api/locations/${shop.locationId}`)).toMatchObject(retired);
    expect(
      await punch(shop.locationId, { username: shop.jane.username, pin: JANE.pin, action: "check_out" }),
    ).toMatchObject(retired);
    expect(await api("GET", "/api/kiosk/location", { token: shop.deviceToken })).toMatchObject(retired);
    expect(await api("GET", "/api/employees/initials", { token: shop.deviceToken })).toMatchObject(retired);
    // Nothing a kiosk recorded was touched: the data waits for the purge.
    expect(await db().select().from(sessions).where(eq(sessions.userId, shop.manager.id))).toEqual([]);
    expect((await accountRow(shop.manager.id)).closedAt).toEqual(expect.any(Number));
  });

  it("cancels a Stripe subscription at once", async () => {
    const manager = await createManager();
    const { subscription } = await subscribedThroughStripe(manager.token, "pro");
    const closed = await stripeApi("POST", "/api/user/close-account", {
      token: manager.token,
      body: { password: manager.password },
    });
    expect(closed.status).toBe(200);
    const cancels = await fakeStripe.requests(`/v1/subscriptions/${subscription.id}`);
    expect(cancels.map((request) => request.method)).toContain("DELETE");
    expect(await accountRow(manager.id)).toMatchObject({ plan: "starter", closedAt: expect.any(Number) });
  });
});

describe("the daily purge", () => {
  it("holds the pay records of an account closed over 30 days ago for 6 years, then deletes everything, from D1, R2 and its hubs, and logs one line", async () => {
    const shop = await busyShop();
    const neighbour = await busyShop();
    expect((await download(shop.manager.token)).status).toBe(200);
    const employeeIds = [shop.jane.id, shop.mallory.id];
    expect((await hubRows(shop.locationId)).wrong_pins).toBeGreaterThan(0);
    expect((await closeAccount(shop.manager)).status).toBe(200);
    const { closedAt } = await accountRow(shop.manager.id);
    const traces = [shop.manager.id, shop.manager.email, shop.locationId, ...employeeIds];

    // Not before the 30 days are up.
    await runDailyJob((closedAt ?? 0) + 29 * DAY_MS);
    expect(await db().select().from(users).where(eq(users.id, shop.manager.id))).toHaveLength(1);

    // After 30 days: what is not a pay record goes; the attendance, staff and pay terms stay, held.
    await runDailyJob((closedAt ?? 0) + 31 * DAY_MS);
    const held = await accountRow(shop.manager.id);
    expect(held.legalHoldUntil).toBe(payRecordsKeptUntil(closedAt ?? 0));
    expect(new Date(held.legalHoldUntil ?? 0).getUTCFullYear()).toBe(
      new Date(closedAt ?? 0).getUTCFullYear() + 6,
    );
    expect(await db().select().from(employees).where(eq(employees.locationId, shop.locationId))).toHaveLength(
      2,
    );
    expect((await hubRows(shop.locationId)).sessions).toBeGreaterThan(0);
    expect((await env.FILES.list({ prefix: `logos/${shop.locationId}/` })).objects).toEqual([]);
    expect(
      await db().select().from(kioskDevices).where(eq(kioskDevices.locationId, shop.locationId)),
    ).toEqual([]);
    expect((await api("GET", `/api/locations/${shop.locationId}`)).status).toBe(410);
    // The next days leave it alone until the hold ends.
    await runDailyJob((closedAt ?? 0) + 400 * DAY_MS);
    expect((await hubRows(shop.locationId)).sessions).toBeGreaterThan(0);

    const purgedAt = (held.legalHoldUntil ?? 0) + DAY_MS;
    await runDailyJob(purgedAt);
    for (const [table, rows] of await everyRow()) {
      for (const row of rows) for (const trace of traces) expect(row, table).not.toContain(trace);
    }
    expect((await env.FILES.list({ prefix: `logos/${shop.locationId}/` })).objects).toEqual([]);
    expect((await env.FILES.list({ prefix: `reports/${shop.locationId}/` })).objects).toEqual([]);
    const hub = await hubRows(shop.locationId);
    for (const [table, count] of Object.entries(hub))
      expect(count, table).toBe(table === "hub_schema" ? 1 : 0);

    const [line] = await db()
      .select()
      .from(accountPurges)
      .where(eq(accountPurges.closedAt, closedAt ?? 0));
    expect(line).toEqual({
      id: expect.any(String),
      closedAt,
      purgedAt,
      locations: 1,
      rowsDeleted: expect.any(Number),
      objectsDeleted: 1,
    });
    expect(line?.rowsDeleted).toBeGreaterThan(10);

    // The neighbour is untouched, kiosk and all (their session is younger than the clock moved on to:
    // the neighbour's sign-in itself expires in the purge's future, so it is checked through the kiosk).
    expect((await api("GET", `/api/locations/${neighbour.locationId}`)).status).toBe(200);
    expect((await hubRows(neighbour.locationId)).wrong_pins).toBeGreaterThan(0);
    expect((await env.FILES.list({ prefix: `logos/${neighbour.locationId}/` })).objects).toHaveLength(1);
  });

  it("prunes what has expired for everyone and keeps what has not", async () => {
    const manager = await createManager();
    const expired = newId();
    await db()
      .insert(sessions)
      .values({ tokenHash: expired, userId: manager.id, expiresAt: Date.now() - 1 });
    await runDailyJob(Date.now());
    const left = await db().select().from(sessions).where(eq(sessions.userId, manager.id));
    expect(left.map((row) => row.tokenHash)).not.toContain(expired);
    expect(left).toHaveLength(1);
  });

  it("runs on the daily cron that wrangler.toml declares", () => {
    expect(wranglerToml).toMatch(
      new RegExp(`crons = \\[[^\\]]*"${DAILY_PURGE_CRON.replaceAll("*", "\\*")}"`),
    );
  });
});
