import { Hono } from "hono";
import type { AppEnv } from "../types";

// Not an API call: the kiosk's own HTML document. The kiosk is kiosk.html, a page of its own without the
// app's router (a third less JavaScript); the static assets serve it at /kiosk, and wrangler.toml's
// run_worker_first sends /attendance/* here, so the public kiosk gets the same document at its address.
// Mounted at /attendance.

/** One location segment, as the app's router had it (`/attendance/:locationId`, a trailing slash allowed). */
const KIOSK_PATH = /^\/attendance\/[^/]+\/?$/;

export const kioskPageRoutes = new Hono<AppEnv>().get("/*", (c) => {
  const url = new URL(c.req.url);
  // Any other path here is not a kiosk address: the assets answer it as they answer every unknown path.
  if (!KIOSK_PATH.test(url.pathname)) return c.env.ASSETS.fetch(c.req.raw);
  // /kiosk, not /kiosk.html: the assets' default html_handling redirects /kiosk.html to /kiosk. The
  // request's own headers go along, so a revalidation (If-None-Match) still gets its 304.
  return c.env.ASSETS.fetch(new Request(new URL("/kiosk", url), c.req.raw));
});
