import { app } from "./app";
import { getDb } from "./db/client";
import { DAILY_PURGE_CRON, runDailyPurge } from "./jobs/daily-purge";
import { consumeReportMessages, scheduleWeeklyReports } from "./jobs/weekly-reports";
import { consumeWebhookMessages } from "./services/webhooks";

export { LocationHub } from "./hub";

export default {
  fetch: app.fetch,
  /** wrangler.toml's crons: the daily purge of closed accounts and expired rows; Monday's hours reports. */
  scheduled(controller, env, ctx) {
    if (controller.cron === DAILY_PURGE_CRON) ctx.waitUntil(runDailyPurge(env, controller.scheduledTime));
    else ctx.waitUntil(scheduleWeeklyReports(env, controller.scheduledTime));
  },
  /**
   * The REPORTS queue: the Monday reports, a page of locations or one location per message. The WEBHOOKS
   * queue: one webhook delivery per message (docs/webhooks.md).
   */
  queue: (batch, env) =>
    batch.queue === "clocked-webhooks"
      ? consumeWebhookMessages(batch, env, getDb(env.DB))
      : consumeReportMessages(batch, env),
} satisfies ExportedHandler<Env>;
