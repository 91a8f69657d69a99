import { asc, eq, sql } from "drizzle-orm";
import type { UnavailableTime } from "../contracts/staff-shifts";
import { newId } from "../lib/crypto";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { idsIn } from "./ids-in";
import { unavailableTimes } from "./schema";

// The times each week employees cannot work (docs/staff-app.md, "My shifts, availability and open shifts").

const view = (row: typeof unavailableTimes.$inferSelect): UnavailableTime => ({
  weekday: row.weekday,
  from_minute: row.fromMinute,
  to_minute: row.toMinute,
  note: row.note,
});

const ordered = [asc(unavailableTimes.weekday), asc(unavailableTimes.fromMinute)] as const;

/** One employee's times, Monday first, all day before the rest of its day. */
export async function unavailableTimesOf(db: Db, employeeId: string): Promise<UnavailableTime[]> {
  const rows = await db
    .select()
    .from(unavailableTimes)
    .where(eq(unavailableTimes.employeeId, employeeId))
    .orderBy(...ordered);
  return rows.map(view);
}

/** Several employees' times in one read (a rota week's staff), by employee. */
export async function unavailableTimesFor(
  db: Db,
  employeeIds: readonly string[],
): Promise<Map<string, UnavailableTime[]>> {
  const byEmployee = new Map<string, UnavailableTime[]>();
  if (employeeIds.length === 0) return byEmployee;
  const rows = await db
    .select()
    .from(unavailableTimes)
    .where(sql`${unavailableTimes.employeeId} IN ${idsIn(employeeIds)}`)
    .orderBy(...ordered);
  for (const row of rows)
    byEmployee.set(row.employeeId, [...(byEmployee.get(row.employeeId) ?? []), view(row)]);
  return byEmployee;
}

/** Replaces an employee's whole list in one batch: all or nothing. */
export async function replaceUnavailableTimes(db: Db, employeeId: string, times: readonly UnavailableTime[]) {
  await runBatch(db, [
    db.delete(unavailableTimes).where(eq(unavailableTimes.employeeId, employeeId)),
    ...times.map((t) =>
      db.insert(unavailableTimes).values({
        id: newId(),
        employeeId,
        weekday: t.weekday,
        fromMinute: t.from_minute,
        toMinute: t.to_minute,
        note: t.note,
      }),
    ),
  ]);
}
