import { ApiError } from "./errors";

const DEVELOPMENT_SECRET = "clocked-development-secret-not-for-production";

/** The server secret that keys PIN, code and token hashes. Only development may run without one. */
export function appSecret(env: Env): string {
  if (env.APP_SECRET && env.APP_SECRET.length >= 32) return env.APP_SECRET;
  if (env.ENVIRONMENT === "development") return DEVELOPMENT_SECRET;
  console.error(
    "APP_SECRET is missing or shorter than 32 characters: set it with `wrangler secret put APP_SECRET`",
  );
  throw new ApiError(503, "The service is not configured yet. Please try again later.");
}

export const isDevelopment = (env: Env) => env.ENVIRONMENT === "development";

/** The caller's address as Cloudflare reports it; one shared bucket locally. */
export const clientAddress = (headers: Headers) => headers.get("CF-Connecting-IP") ?? "local";
