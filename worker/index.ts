import { app } from "./app";
import { DAILY_PURGE_CRON, runDailyPurge } from "./jobs/daily-purge";
import { runWeeklyReports } from "./jobs/weekly-reports";

export { LocationHub } from "./durable/location-hub";

export default {
  fetch: app.fetch,
  /** wrangler.toml's crons: the daily purge of closed accounts and expired rows; Monday's hours reports. */
  scheduled(controller, env, ctx) {
    if (controller.cron === DAILY_PURGE_CRON) ctx.waitUntil(runDailyPurge(env, controller.scheduledTime));
    else ctx.waitUntil(runWeeklyReports(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
