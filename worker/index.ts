import { app } from "./app";
import { DAILY_PURGE_CRON, runDailyPurge } from "./jobs/daily-purge";
import { consumeReportMessages, scheduleWeeklyReports } from "./jobs/weekly-reports";
import { consumeXeroMessages } from "./services/xero/send";

export { LocationHub } from "./hub";

export default {
  fetch: app.fetch,
  /** wrangler.toml's crons: the daily purge of closed accounts and expired rows; Monday's hours reports. */
  scheduled(controller, env, ctx) {
    if (controller.cron === DAILY_PURGE_CRON) ctx.waitUntil(runDailyPurge(env, controller.scheduledTime));
    else ctx.waitUntil(scheduleWeeklyReports(env, controller.scheduledTime));
  },
  /** The REPORTS queue: the Monday reports, a page of locations or one location per message; XERO: docs/xero.md. */
  queue: (batch, env) =>
    batch.queue === "clocked-xero" ? consumeXeroMessages(batch, env) : consumeReportMessages(batch, env),
} satisfies ExportedHandler<Env>;
