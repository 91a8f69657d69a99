import { eq } from "drizzle-orm";
import type { PayRules, PayRulesRequest } from "../contracts/pay";
import {
  DEFAULT_PAY_SCHEDULE,
  PAY_FREQUENCIES,
  type PayFrequency,
  type PaySchedule,
} from "../domain/pay-periods";
import { auditStatement } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { payRules } from "./schema";

type PayRulesRow = typeof payRules.$inferSelect;

const isFrequency = (value: string): value is PayFrequency =>
  (PAY_FREQUENCIES as readonly string[]).includes(value);

/** The location's pay schedule: weekly from Monday until its manager saves another. */
export async function readPaySchedule(db: Db, locationId: string): Promise<PaySchedule> {
  const row = await db.query.payRules.findFirst({ where: eq(payRules.locationId, locationId) });
  return row ? scheduleOf(row) : DEFAULT_PAY_SCHEDULE;
}

const scheduleOf = (row: PayRulesRow): PaySchedule => ({
  frequency: isFrequency(row.payFrequency) ? row.payFrequency : DEFAULT_PAY_SCHEDULE.frequency,
  anchorDate: row.payAnchorDate,
});

export async function readPayRules(db: Db, locationId: string): Promise<PayRules> {
  const row = await db.query.payRules.findFirst({ where: eq(payRules.locationId, locationId) });
  const schedule = row ? scheduleOf(row) : DEFAULT_PAY_SCHEDULE;
  return {
    location_id: locationId,
    pay_frequency: schedule.frequency,
    pay_anchor_date: schedule.anchorDate,
    updated_at: row ? new Date(row.updatedAt).toISOString() : null,
  };
}

/** Saves the schedule and its audit row together. */
export async function savePayRules(db: Db, userId: string, locationId: string, input: PayRulesRequest) {
  const before = await readPayRules(db, locationId);
  const now = Date.now();
  const values = { payFrequency: input.pay_frequency, payAnchorDate: input.pay_anchor_date, updatedAt: now };
  await runBatch(db, [
    db
      .insert(payRules)
      .values({ locationId, ...values })
      .onConflictDoUpdate({ target: payRules.locationId, set: values }),
    auditStatement(
      {
        userId,
        locationId,
        entity: "location",
        entityId: locationId,
        action: "pay_rules_updated",
        before: { pay_frequency: before.pay_frequency, pay_anchor_date: before.pay_anchor_date },
        after: { pay_frequency: input.pay_frequency, pay_anchor_date: input.pay_anchor_date },
      },
      undefined,
      now,
    ),
  ]);
  return readPayRules(db, locationId);
}
