import { ApiError } from "./errors";

// Configuration fails closed: the Worker never falls back to a built-in secret or a development default.
// `npm run dev` writes its secrets to .dev.vars (scripts/prepare-local.mjs); a deployed Worker has them
// from `wrangler secret put`, and `npm run deploy` refuses to start without them (scripts/deploy-preflight.ts).

export const NOT_CONFIGURED = "The service is not configured yet. Please try again later.";

/** The server secret that keys PIN, code and token hashes: at least 32 characters, or 503. */
export function appSecret(env: Env): string {
  if (env.APP_SECRET && env.APP_SECRET.length >= 32) return env.APP_SECRET;
  console.error(
    "APP_SECRET is missing or shorter than 32 characters: set it with `wrangler secret put APP_SECRET`",
  );
  throw new ApiError(503, NOT_CONFIGURED);
}

/** Development (`npm run dev`, the tests) only: the dev routes, the outbox and the billing sandbox. */
export const isDevelopment = (env: Env) => env.ENVIRONMENT === "development";

/** The caller's address as Cloudflare reports it; one shared bucket locally. */
export const clientAddress = (headers: Headers) => headers.get("CF-Connecting-IP") ?? "local";
