import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// The same SQL files `wrangler d1 migrations apply` runs in development and deploy.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
