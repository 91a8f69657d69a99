import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { sha256Hex } from "../../../worker/lib/crypto";
import { type Answer, type Call, send } from "./http";

/**
 * Tables a refused request may still change, each for a reason that is part of the product:
 * - rate_limits: refused sign-ins, resends and resets are counted there; that is how throttles work.
 */
const CHANGED_BY_REFUSALS = new Set(["rate_limits"]);

const TABLES = `SELECT name FROM sqlite_master
  WHERE type = 'table' AND name NOT LIKE '\\_cf%' ESCAPE '\\' AND name NOT LIKE 'sqlite%' AND name <> 'd1_migrations'
  ORDER BY name`;

export type Snapshot = Record<string, { rows: number; checksum: string }>;

/** Row count and a checksum of every row (in rowid order) of every product table, except those above. */
export async function snapshot(): Promise<Snapshot> {
  const { results: tables } = await env.DB.prepare(TABLES).all<{ name: string }>();
  const names = tables.map((t) => t.name).filter((name) => !CHANGED_BY_REFUSALS.has(name));
  const reads = await env.DB.batch(
    names.map((name) => env.DB.prepare(`SELECT * FROM "${name.replaceAll('"', '""')}" ORDER BY rowid`)),
  );
  const entries = await Promise.all(
    names.map(async (name, i) => {
      const rows = reads[i]?.results ?? [];
      return [name, { rows: rows.length, checksum: await sha256Hex(JSON.stringify(rows)) }] as const;
    }),
  );
  return Object.fromEntries(entries);
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
