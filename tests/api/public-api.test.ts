import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { hit } from "../../worker/db/rate-limits";
import { API_KEY_RATE } from "../../worker/domain/api-keys";
import { api, createManager } from "../support/api";
import { createApiKey } from "../support/api-keys";
import { addLocation, auditRowsFor, checkIn, JANE, RAVI, shopWith } from "../support/kiosk";

// The public API with keys (docs/public-api.md): a key's life, its scope and locations, its limit, and pages
// that neither skip nor repeat while the data changes between them.

type Page = { data: Record<string, unknown>[]; next_cursor: string | null };
const get = async (path: string, key: string) => api("GET", `/api/v1${path}`, { token: key });

describe("an API key", () => {
  it("is shown once, listed by its prefix, opens /api/v1, and records when it was last used", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const { key, secret } = await createApiKey(manager.token);
    expect(secret).toMatch(/^ck_live_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(secret.slice(0, 12));
    expect(key.last_used_at).toBeNull();

    const listed = await api("GET", "/api/manager/api-keys", { token: manager.token });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const stored = await env.DB.prepare("SELECT * FROM api_keys WHERE id = ?").bind(key.id).first();
    expect(JSON.stringify(stored)).not.toContain(secret.slice(12));

    const locations = await get("/locations", secret);
    expect(locations.status).toBe(200);
    expect((locations.body as Page).data).toEqual([
      { id: locationId, name: "Camden High Street", timezone: "Europe/London" },
    ]);
    const employees = await get("/employees", secret);
    expect((employees.body as Page).data.map((e) => e.first_name)).toEqual(["Jane"]);
    expect(JSON.stringify(employees.body)).not.toMatch(/pin/i);

    await expect
      .poll(async () => {
        const list = await api("GET", "/api/manager/api-keys", { token: manager.token });
        return (list.body.keys as { last_used_at: string | null }[])[0]?.last_used_at;
      })
      .not.toBeNull();
  });

  it("that is read-only reads but cannot write, and says so", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const { secret } = await createApiKey(manager.token, { scope: "read" });
    const write = await api("POST", "/api/v1/employees", {
      token: secret,
      body: { location_id: locationId, first_name: "Ravi", last_name: "Kumar", pin: "1357" },
    });
    expect(write.status).toBe(403);
    expect(write.body.detail).toBe("This API key is read-only: create a read-write key to make changes.");
    const listed = await get("/employees", secret);
    expect((listed.body as Page).data).toHaveLength(1);
  });

  it("that is read-write adds and changes employees, audited with the key's name", async () => {
    const { manager, locationId } = await shopWith([]);
    const { secret } = await createApiKey(manager.token, { scope: "read_write", name: "HR system" });
    const created = await api("POST", "/api/v1/employees", {
      token: secret,
      body: { location_id: locationId, first_name: "Ravi", last_name: "Kumar", pin: "1357" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ first_name: "Ravi", location_id: locationId, active: true });
    expect(created.body.pay).toBeUndefined();
    const id = String(created.body.id);
    const changed = await api("PATCH", `/api/v1/employees/${id}`, {
      token: secret,
      body: { last_name: "Kumar-Shah", active: false },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ last_name: "Kumar-Shah", active: false });
    expect(Date.parse(String(changed.body.updated_at))).toBeGreaterThanOrEqual(
      Date.parse(String(created.body.updated_at)),
    );
    const audit = await auditRowsFor(id);
    expect(audit.map((row) => [row.action, row.actorName])).toEqual(
      expect.arrayContaining([
        ["created", "HR system (API key)"],
        ["renamed", "HR system (API key)"],
        ["deactivated", "HR system (API key)"],
      ]),
    );
    // The dashboard sees what the key did.
    const dashboard = await api("GET", `/api/manager/employees/${locationId}`, { token: manager.token });
    expect((dashboard.body.employees as { last_name: string }[])[0]?.last_name).toBe("Kumar-Shah");
  });

  it("shows pay only to a read-write key, and only once the account allows it", async () => {
    const { manager, locationId, employees } = await shopWith([JANE], { plan: "pro" });
    const jane = employees[0]?.id ?? "";
    const saved = await api("PUT", `/api/manager/employee-pay/${locationId}/${jane}`, {
      token: manager.token,
      body: { payroll_id: "E042", hourly_rate: 12.21, contracted_weekly_hours: 30 },
    });
    expect(saved.status).toBe(200);
    const read = (await createApiKey(manager.token, { scope: "read" })).secret;
    const write = (await createApiKey(manager.token, { scope: "read_write" })).secret;
    expect((await get(`/employees/${jane}`, write)).body.pay).toBeUndefined();
    const allowed = await api("PUT", "/api/manager/api-keys/pay-data", {
      token: manager.token,
      body: { api_pay_data: true },
    });
    expect(allowed.status).toBe(200);
    expect((await get(`/employees/${jane}`, read)).body.pay).toBeUndefined();
    expect((await get(`/employees/${jane}`, write)).body.pay).toMatchObject({ hourly_rate: 12.21 });
  });

  it("limited to some locations finds the others no more than another account's", async () => {
    const { manager, locationId } = await shopWith([JANE], { plan: "pro" });
    const other = await addLocation(manager, "Islington");
    const { secret } = await createApiKey(manager.token, { location_ids: [locationId] });
    expect((await get("/locations", secret)).body.data).toHaveLength(1);
    const refused = await get(`/locations/${other}/shifts?from=2026-11-02&to=2026-11-08`, secret);
    expect(refused.status).toBe(404);
    expect((await get(`/employees?location_id=${other}`, secret)).status).toBe(404);
    const stranger = await shopWith([RAVI]);
    const theirs = await get(`/employees/${stranger.employees[0]?.id}`, secret);
    expect(theirs.status).toBe(404);
    expect(theirs.body.detail).toBe("Employee not found");
  });

  it("stops working the moment it is revoked", async () => {
    const { manager } = await shopWith([JANE]);
    const { key, secret } = await createApiKey(manager.token);
    const revoked = await api("DELETE", `/api/manager/api-keys/${key.id}`, { token: manager.token });
    expect(revoked.status).toBe(200);
    const after = await get("/locations", secret);
    expect(after.status).toBe(401);
    expect(after.body.detail).toBe("This API key is not valid, or has been revoked");
    expect((await api("DELETE", `/api/manager/api-keys/${key.id}`, { token: manager.token })).status).toBe(
      404,
    );
  });

  it("is refused with 429 and Retry-After once it has made 600 requests in a minute", async () => {
    const { manager } = await shopWith([]);
    const { key, secret } = await createApiKey(manager.token);
    const db = getDb(env.DB);
    for (let i = 0; i < API_KEY_RATE.limit - 1; i += 1) await hit(db, `api-key:${key.id}`, API_KEY_RATE);
    expect((await get("/locations", secret)).status).toBe(200);
    const refused = await get("/locations", secret);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.body.detail).toBe("Too many requests with this API key: at most 600 a minute");
  });

  it("opens nothing outside /api/v1, and nothing else opens /api/v1", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const { secret } = await createApiKey(manager.token, { scope: "read_write" });
    for (const path of [
      `/api/manager/employees/${locationId}`,
      "/api/user/me",
      "/api/staff/me",
      "/api/super-admin/analytics",
    ]) {
      expect((await api("GET", path, { token: secret })).status, path).toBe(401);
    }
    const session = await get("/locations", manager.token);
    expect(session.status).toBe(401);
    expect(session.body.detail).toBe("This API key is not valid, or has been revoked");
    expect((await api("GET", "/api/v1/locations")).status).toBe(401);
  });
});

describe("a page of the public API", () => {
  it("neither skips nor repeats a row while employees are added between pages", async () => {
    const manager = await createManager({ plan: "business" });
    const locationId = await addLocation(manager);
    const { secret } = await createApiKey(manager.token, { scope: "read_write" });
    const add = (n: number) =>
      api("POST", "/api/v1/employees", {
        token: secret,
        body: { location_id: locationId, first_name: `Person${n}`, last_name: "Test", pin: String(1000 + n) },
      });
    for (let n = 0; n < 7; n += 1) expect((await add(n)).status).toBe(201);
    const before = new Set(((await get("/employees?limit=200", secret)).body as Page).data.map((e) => e.id));

    const seen: unknown[] = [];
    let cursor: string | null = null;
    let extra = 7;
    do {
      const page: Page = (await get(`/employees?limit=2${cursor ? `&cursor=${cursor}` : ""}`, secret))
        .body as Page;
      seen.push(...page.data.map((e) => e.id));
      cursor = page.next_cursor;
      // Someone is added while the client pages.
      expect((await add(extra)).status).toBe(201);
      extra += 1;
    } while (cursor);

    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
  });

  it("answers only what changed since updated_since, and refuses a cursor it did not make", async () => {
    const { manager, employees } = await shopWith([JANE, RAVI]);
    const { secret } = await createApiKey(manager.token, { scope: "read_write" });
    const since = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await api("PATCH", `/api/v1/employees/${employees[1]?.id}`, {
      token: secret,
      body: { first_name: "Ravinder" },
    });
    const changed = (await get(`/employees?updated_since=${encodeURIComponent(since)}`, secret)).body as Page;
    expect(changed.data.map((e) => e.first_name)).toEqual(["Ravinder"]);
    const bad = await get("/employees?cursor=bm9wZQ", secret);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe("The cursor is not valid: pass next_cursor from the previous page");
  });

  it("lists a location's attendance as recorded, and as approved", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const { secret } = await createApiKey(manager.token);
    expect((await checkIn(locationId, "janes", "4821")).status).toBe(200);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    const recorded = (await get(`/locations/${locationId}/attendance?from=${today}&to=${today}`, secret))
      .body as Page;
    expect(recorded.data).toHaveLength(1);
    expect(recorded.data[0]).toMatchObject({ check_out: null, voided: false, approved: false });
    const approved = (
      await get(`/locations/${locationId}/attendance?from=${today}&to=${today}&state=approved`, secret)
    ).body as Page;
    expect(approved.data).toEqual([]);
    const tooLong = await get(`/locations/${locationId}/attendance?from=2026-01-01&to=2026-06-01`, secret);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.detail).toBe("from and to may be at most 62 days apart");
  });

  it("adds a shift to the rota and an entry to the timesheet with its reason, audited with the key's name", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const jane = employees[0]?.id ?? "";
    const { secret } = await createApiKey(manager.token, { scope: "read_write", name: "Rota planner" });
    const start = Date.parse("2026-11-02T09:00:00Z");
    const shift = await api("POST", `/api/v1/locations/${locationId}/shifts`, {
      token: secret,
      body: {
        employee_id: jane,
        start_at: new Date(start).toISOString(),
        end_at: new Date(start + 8 * 3_600_000).toISOString(),
        break_minutes: 30,
        role: "Barista",
      },
    });
    expect(shift.status).toBe(201);
    expect(shift.body).toMatchObject({
      employee_id: jane,
      start: "2026-11-02T09:00:00.000Z",
      role: "Barista",
    });
    // A draft until a manager publishes the week: the list is the rota as staff see it.
    const listed = async () =>
      ((await get(`/locations/${locationId}/shifts?from=2026-11-02&to=2026-11-02`, secret)).body as Page)
        .data;
    expect(await listed()).toEqual([]);
    const published = await api("POST", `/api/manager/rota/${locationId}/publish`, {
      token: manager.token,
      body: { week: "2026-11-02", acknowledge_warnings: true },
    });
    expect(published.status).toBe(200);
    expect((await listed()).map((s) => s.id)).toEqual([shift.body.id]);
    const clash = await api("POST", `/api/v1/locations/${locationId}/shifts`, {
      token: secret,
      body: {
        employee_id: jane,
        start_at: new Date(start + 3_600_000).toISOString(),
        end_at: new Date(start + 4 * 3_600_000).toISOString(),
        break_minutes: 0,
      },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.detail).toBe("Jane Smith already has a shift on Mon 02/11/2026 from 09:00 to 17:00.");

    const entry = await api("POST", `/api/v1/locations/${locationId}/timesheet-entries`, {
      token: secret,
      body: {
        employee_id: jane,
        check_in_at: "2026-11-02T09:00:00Z",
        check_out_at: "2026-11-02T17:00:00Z",
        reason: "Forgot to clock in; confirmed by the rota",
      },
    });
    expect(entry.status).toBe(201);
    expect(entry.body).toMatchObject({
      employee_id: jane,
      check_in: "2026-11-02T09:00:00.000Z",
      correction_reason: "Forgot to clock in; confirmed by the rota",
    });
    const history = await api(
      "GET",
      `/api/manager/timesheets/${locationId}/entries/${entry.body.id}/history`,
      {
        token: manager.token,
      },
    );
    expect(JSON.stringify(history.body)).toContain("Rota planner (API key)");
  });
});
