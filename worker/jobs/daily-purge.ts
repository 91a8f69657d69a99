import {
  accountDeletion,
  accountLocationIds,
  closedAccountsBefore,
  expiredRows,
  holdsPayRecords,
  legalHold,
  purgeRecordStatement,
  setPurgeRowCount,
} from "../db/account-data";
import type { UserRow } from "../db/accounts";
import { runBatch } from "../db/batch";
import type { Db } from "../db/client";
import { getDb } from "../db/client";
import { hubFor } from "../durable/client";
import { newId } from "../lib/crypto";
import { describeError } from "../lib/errors";
import { CLOSED_ACCOUNT_KEPT_MS, payRecordsKeptUntil } from "../services/account-closure";
import { REPORTS_PREFIX } from "./weekly-reports";

// The daily job (cron "30 3 * * *"): keeps the privacy text's promise and keeps D1 from growing for ever.
// 1. Every account closed more than 30 days ago is deleted: its R2 objects (logos, automated reports), each
//    of its locations' hub storage, then every D1 row in one transaction, and one line in account_purges
//    that holds no personal data. An account whose purge fails stays closed and is tried again the next day.
//    An account with pay records is first put under a legal hold: what is not a record goes, and
//    the attendance, holiday and pay records stay until 6 years after the end of their last pay period.
// 2. What has expired for everyone is pruned (sessions, codes, spent rate-limit windows, old outbox mail).
// Hubs prune their own PIN counters, incidents and used tickets whenever they write.

/** The daily entry of `[triggers] crons` in wrangler.toml (a test checks the two agree). */
export const DAILY_PURGE_CRON = "30 3 * * *";
/** Accounts purged per run: a backlog drains over the following days rather than in one long invocation. */
const ACCOUNTS_PER_RUN = 50;
const R2_PREFIXES = ["logos/", REPORTS_PREFIX];

export type PurgeRun = { purged: number; held: number; failed: number; pruned: number };

export async function runDailyPurge(env: Env, now: number): Promise<PurgeRun> {
  const db = getDb(env.DB);
  let purged = 0;
  let held = 0;
  let failed = 0;
  for (const account of await closedAccountsBefore(db, now - CLOSED_ACCOUNT_KEPT_MS, now, ACCOUNTS_PER_RUN)) {
    try {
      if (account.legalHoldUntil === null && (await holdsPayRecords(db, account))) {
        await holdAccount(env, db, account);
        held++;
        continue;
      }
      await purgeAccount(env, db, account, now);
      purged++;
    } catch (error) {
      failed++;
      console.error(`[daily-purge] a closed account could not be purged yet: ${describeError(error)}`);
    }
  }
  const pruned = (await runBatch(db, expiredRows(db, now))).reduce(
    (sum, result) => sum + result.meta.changes,
    0,
  );
  console.log(
    `[daily-purge] purged ${purged} closed account(s), held ${held} for their pay records, ${failed} failed; pruned ${pruned} expired row(s)`,
  );
  return { purged, held, failed, pruned };
}

/**
 * The first step for an account with pay records: everything but the records goes (its logos with the rest),
 * and the records wait, closed to everyone, until 6 years after the end of their last pay period.
 */
async function holdAccount(env: Env, db: Db, account: UserRow) {
  const locationIds = await accountLocationIds(db, account.id);
  for (const id of locationIds) await deleteObjects(env.FILES, `logos/${id}/`);
  await runBatch(db, legalHold(db, account, payRecordsKeptUntil(account.closedAt ?? 0)));
}

async function purgeAccount(env: Env, db: Db, account: UserRow, now: number) {
  const locationIds = await accountLocationIds(db, account.id);
  let objectsDeleted = 0;
  let hubRowsDeleted = 0;
  for (const id of locationIds) {
    for (const prefix of R2_PREFIXES) objectsDeleted += await deleteObjects(env.FILES, `${prefix}${id}/`);
    hubRowsDeleted += await hubFor(env, id).forget();
  }
  // The D1 rows last: until they are gone, a failure above is retried the next day from the same list. The
  // audit line is written with them (both or neither); its row count is filled in once the batch has told.
  const purgeId = newId();
  const results = await runBatch(db, [
    ...accountDeletion(db, account),
    purgeRecordStatement(db, {
      id: purgeId,
      closedAt: account.closedAt ?? now,
      purgedAt: now,
      locations: locationIds.length,
      rowsDeleted: 0,
      objectsDeleted,
    }),
  ]);
  const rowsDeleted =
    hubRowsDeleted + results.slice(0, -1).reduce((sum, result) => sum + result.meta.changes, 0);
  await setPurgeRowCount(db, purgeId, rowsDeleted);
}

/** Deletes every object under `prefix`, a page of up to 1,000 at a time; answers how many. */
async function deleteObjects(bucket: R2Bucket, prefix: string): Promise<number> {
  let deleted = 0;
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor });
    const keys = page.objects.map((object) => object.key);
    if (keys.length > 0) await bucket.delete(keys);
    deleted += keys.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return deleted;
}
