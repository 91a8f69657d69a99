import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { sha256Hex } from "../../../worker/lib/crypto";
import { hubStub } from "../../support/kiosk";
import { type Answer, type Call, send } from "./http";

/**
 * Tables a refused request may still change, each for a reason that is part of the product:
 * - rate_limits: refused sign-ins, resends and resets are counted there; that is how throttles work.
 */
const CHANGED_BY_REFUSALS = new Set(["rate_limits"]);

/**
 * Columns any authenticated call may change: an API key's last use, written by every call it makes, refused or
 * not (docs/public-api.md, "Keys"), as the list in Settings → Integrations shows.
 */
const COLUMNS_CHANGED_BY_USE: Record<string, readonly string[]> = { api_keys: ["last_used_at"] };

const withoutColumns = (name: string, rows: readonly Record<string, unknown>[]) => {
  const columns = COLUMNS_CHANGED_BY_USE[name];
  if (!columns) return rows;
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).filter(([column]) => !columns.includes(column))),
  );
};

const TABLES = `SELECT name FROM sqlite_master
  WHERE type = 'table' AND name NOT LIKE '\\_cf%' ESCAPE '\\' AND name NOT LIKE 'sqlite%' AND name <> 'd1_migrations'
  ORDER BY name`;

/**
 * In each location's hub, what a refused punch or socket may change: its wrong-PIN counters and incidents (how
 * the lockout works), the answers it keeps for retries of the same Idempotency-Key, the socket tickets spent,
 * and when it last read its site from D1. Its attendance, staff copy, devices and outbox must not change.
 */
const HUB_CHANGED_BY_REFUSALS = new Set([
  "wrong_pins",
  "employee_pin_failures",
  "pin_incidents",
  "idempotent_answers",
  "used_tickets",
]);
const HUB_COLUMNS_CHANGED_BY_REFUSALS = ["synced_at"];

type Table = { rows: number; checksum: string };
export type Snapshot = Record<string, Table>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function tableEntry(name: string, rows: readonly unknown[]) {
  return [name, { rows: rows.length, checksum: await sha256Hex(JSON.stringify(rows)) }] as const;
}

/** A hub's product tables, as `hub <location id> <table>`, rows in rowid order. */
async function hubTables(locationId: string): Promise<[string, Record<string, unknown>[]][]> {
  return runInDurableObject(hubStub(locationId), (_hub, state) => {
    const names = state.storage.sql
      .exec<{ name: string }>(TABLES)
      .toArray()
      .map((t) => t.name)
      .filter((name) => !HUB_CHANGED_BY_REFUSALS.has(name));
    return names.map((name): [string, Record<string, unknown>[]] => [
      `hub ${locationId} ${name}`,
      state.storage.sql
        .exec(`SELECT * FROM ${quoted(name)} ORDER BY rowid`)
        .toArray()
        .map((row) => {
          const kept = { ...row };
          for (const column of HUB_COLUMNS_CHANGED_BY_REFUSALS) delete kept[column];
          return kept;
        }),
    ]);
  });
}

/**
 * Row count and a checksum of every row (in rowid order) of every product table, except those above: D1's,
 * and those of every location's hub (the system of record for its attendance).
 */
export async function snapshot(options: { exceptExports?: boolean } = {}): Promise<Snapshot> {
  const { results: tables } = await env.DB.prepare(TABLES).all<{ name: string }>();
  const names = tables.map((t) => t.name).filter((name) => !CHANGED_BY_REFUSALS.has(name));
  const reads = await env.DB.batch(
    names.map((name) =>
      env.DB.prepare(
        options.exceptExports && name === "audit_log"
          ? `SELECT * FROM audit_log WHERE ${NOT_AN_EXPORT} ORDER BY rowid`
          : `SELECT * FROM ${quoted(name)} ORDER BY rowid`,
      ),
    ),
  );
  const { results: locations } = await env.DB.prepare("SELECT id FROM locations ORDER BY id").all<{
    id: string;
  }>();
  const hubs = (await Promise.all(locations.map((location) => hubTables(location.id)))).flat();
  const entries = await Promise.all([
    ...names.map((name, i) =>
      tableEntry(name, withoutColumns(name, (reads[i]?.results ?? []) as Record<string, unknown>[])),
    ),
    ...hubs.map(([name, rows]) => tableEntry(name, rows)),
  ]);
  return Object.fromEntries(entries);
}

/** An export's audit row (docs/team.md "Who did it"): the one write a download makes. */
const NOT_AN_EXPORT = "entity <> 'export'";

const exportsRecorded = async () =>
  (
    await env.DB.prepare(`SELECT count(*) AS n FROM audit_log WHERE NOT (${NOT_AN_EXPORT})`).first<{
      n: number;
    }>()
  )?.n ?? 0;

/**
 * Sends a GET that may be a download: answered, it may record its export (one audit row, `entity` export)
 * and change nothing else; refused, it changes nothing at all. Its answer.
 */
export async function sendRecordingAtMostAnExport(
  call: Call,
  label = `${call.method} ${call.path}`,
): Promise<Answer> {
  const [before, exportsBefore] = await Promise.all([snapshot({ exceptExports: true }), exportsRecorded()]);
  const answer = await send(call);
  expect(await snapshot({ exceptExports: true }), `${label} changed rows`).toEqual(before);
  const recorded = (await exportsRecorded()) - exportsBefore;
  expect(recorded, `${label} recorded exports`).toBeLessThanOrEqual(answer.status < 300 ? 1 : 0);
  return answer;
}

/** Sends the call, expecting it to change no row (beyond the counters above); its answer. */
export async function sendChangingNothing(
  call: Call,
  label = `${call.method} ${call.path}`,
): Promise<Answer> {
  const before = await snapshot();
  const answer = await send(call);
  expect(await snapshot(), `${label} changed rows`).toEqual(before);
  return answer;
}
