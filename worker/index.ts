import { app } from "./app";
import { getDb } from "./db/client";
import { DAILY_PURGE_CRON, runDailyPurge } from "./jobs/daily-purge";
import { consumeReportMessages, scheduleWeeklyReports } from "./jobs/weekly-reports";
import { consumeWebhookMessages } from "./services/webhooks";
import { consumeXeroMessages } from "./services/xero/send";

export { LocationHub } from "./hub";

export default {
  fetch: app.fetch,
  /** wrangler.toml's crons: the daily purge of closed accounts and expired rows; Monday's hours reports. */
  scheduled(controller, env, ctx) {
    if (controller.cron === DAILY_PURGE_CRON) ctx.waitUntil(runDailyPurge(env, controller.scheduledTime));
    else ctx.waitUntil(scheduleWeeklyReports(env, controller.scheduledTime));
  },
  /**
   * The REPORTS queue: the Monday reports, a page of locations or one location per message. WEBHOOKS: one
   * webhook delivery per message (docs/webhooks.md). XERO: approved periods for Xero Payroll (docs/xero.md).
   */
  queue: (batch, env) =>
    batch.queue === "clocked-webhooks"
      ? consumeWebhookMessages(batch, env, getDb(env.DB))
      : batch.queue === "clocked-xero"
        ? consumeXeroMessages(batch, env)
        : consumeReportMessages(batch, env),
} satisfies ExportedHandler<Env>;
