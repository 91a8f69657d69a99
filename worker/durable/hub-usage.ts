import type { UsageReport } from "../domain/hub-exchange";

// The hub's outbox of usage (tables daily_check_ins and devices, hub-schema.ts): each UTC day's check-ins and
// each paired device's last use, kept until D1 acknowledges them. Totals, so a resend is harmless.

export class UsageOutbox {
  constructor(private readonly sql: SqlStorage) {}

  devicesLastUsed(): Record<string, number> {
    const rows = this.sql
      .exec<{ id: string; last_used_at: number }>(
        "SELECT id, last_used_at FROM devices WHERE last_used_at IS NOT NULL",
      )
      .toArray();
    return Object.fromEntries(rows.map((row) => [row.id, row.last_used_at]));
  }

  /** Device use to report: the last time each device punched, since the last report. */
  touchDevice(deviceId: string, at: number) {
    this.sql.exec("UPDATE devices SET last_used_at = ?, reported = 0 WHERE id = ?", at, deviceId);
  }

  unreported(): UsageReport {
    const days = this.sql
      .exec<{ day: string; check_ins: number }>(
        "SELECT day, check_ins FROM daily_check_ins WHERE reported = 0",
      )
      .toArray()
      .map((row) => ({ day: row.day, checkIns: row.check_ins }));
    const devices = this.sql
      .exec<{ id: string; last_used_at: number }>(
        "SELECT id, last_used_at FROM devices WHERE reported = 0 AND last_used_at IS NOT NULL",
      )
      .toArray()
      .map((row) => ({ id: row.id, lastUsedAt: row.last_used_at }));
    return { days, devices };
  }

  /** Marks reported what is still as it was sent; a punch since then leaves its row to be sent again. */
  markReported(sent: UsageReport) {
    for (const { day, checkIns } of sent.days) {
      this.sql.exec("UPDATE daily_check_ins SET reported = 1 WHERE day = ? AND check_ins = ?", day, checkIns);
    }
    for (const { id, lastUsedAt } of sent.devices) {
      this.sql.exec("UPDATE devices SET reported = 1 WHERE id = ? AND last_used_at = ?", id, lastUsedAt);
    }
  }

  hasUnreported(): boolean {
    return (
      this.sql.exec("SELECT 1 FROM daily_check_ins WHERE reported = 0 LIMIT 1").toArray().length > 0 ||
      this.sql.exec("SELECT 1 FROM devices WHERE reported = 0 LIMIT 1").toArray().length > 0
    );
  }
}
