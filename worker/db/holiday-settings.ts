import { eq } from "drizzle-orm";
import type { AccountHoliday } from "../contracts/working-time-settings";
import { type Actor, accountSettingAudit } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { locations, users } from "./schema";

// The account's holiday choices (docs/compliance.md, "Holiday for every worker"): the leave year a relevant
// agreement sets, and how much untaken holiday it carries into the next.

type Row = {
  holidayYearStart: string | null;
  holidayCarryOverWeeks: number;
  allowHolidayBeyondBalance: boolean;
};

const COLUMNS = {
  holidayYearStart: users.holidayYearStart,
  holidayCarryOverWeeks: users.holidayCarryOverWeeks,
  allowHolidayBeyondBalance: users.allowHolidayBeyondBalance,
};

export const toAccountHoliday = (row: Row): AccountHoliday => ({
  leave_year_start: row.holidayYearStart,
  carry_over_weeks: row.holidayCarryOverWeeks,
  allow_requests_beyond_balance: row.allowHolidayBeyondBalance,
});

/** The holiday choices of the account that owns a location. */
export async function accountHolidayOf(db: Db, locationId: string): Promise<AccountHoliday> {
  const [row] = await db
    .select(COLUMNS)
    .from(locations)
    .innerJoin(users, eq(users.id, locations.userId))
    .where(eq(locations.id, locationId))
    .limit(1);
  return toAccountHoliday(
    row ?? { holidayYearStart: null, holidayCarryOverWeeks: 0, allowHolidayBeyondBalance: false },
  );
}

/** Saves the choices with their audit row, in one batch. */
export async function saveAccountHoliday(
  db: Db,
  userId: string,
  actor: Actor,
  holiday: AccountHoliday,
): Promise<void> {
  const [row] = await db.select(COLUMNS).from(users).where(eq(users.id, userId)).limit(1);
  const before = row ? toAccountHoliday(row) : null;
  await runBatch(db, [
    db
      .update(users)
      .set({
        holidayYearStart: holiday.leave_year_start,
        holidayCarryOverWeeks: holiday.carry_over_weeks,
        allowHolidayBeyondBalance: holiday.allow_requests_beyond_balance,
      })
      .where(eq(users.id, userId)),
    accountSettingAudit(userId, actor, "holiday_settings_changed", before, holiday),
  ]);
}
