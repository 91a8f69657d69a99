import { app } from "./app";
import { runWeeklyReports } from "./jobs/weekly-reports";

export { LocationHub } from "./durable/location-hub";

export default {
  fetch: app.fetch,
  /** Monday mornings (wrangler.toml crons): the automated hours reports. */
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runWeeklyReports(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
