import { createMiddleware } from "hono/factory";
import { isDevelopment } from "../lib/config";
import { notFound } from "../lib/errors";
import type { AppEnv } from "../types";

/** Anywhere but development, every path behind it is a plain 404 (the dev routes, worker/routes/dev.ts). */
export const developmentOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!isDevelopment(c.env)) throw notFound();
  await next();
});
