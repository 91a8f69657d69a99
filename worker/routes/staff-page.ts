import { Hono } from "hono";
import type { AppEnv } from "../types";

// Not an API call: the staff app's HTML document (me.html) for every address under /me, so a screen's own
// address (/me/hours) opens the staff app, not the dashboard's page. wrangler.toml's run_worker_first sends
// /me/* here; /me itself is me.html, served by the static assets. Mounted at /me.

export const staffPageRoutes = new Hono<AppEnv>().get("/*", (c) =>
  // /me, not /me.html: the assets' default html_handling redirects /me.html to /me. The request's own
  // headers go along, so a revalidation (If-None-Match) still gets its 304.
  c.env.ASSETS.fetch(new Request(new URL("/me", c.req.url), c.req.raw)),
);
