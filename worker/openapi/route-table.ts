import type { z } from "zod";
import { type BodyContract, contractsOf } from "../lib/validate";

// The API as the Hono app itself lists it (`app.routes`): every mounted route, with the middleware that
// runs for it and the zod contracts its validators enforce (worker/lib/validate.ts registers them). The
// OpenAPI document and the hostile-input suite are both built from this table, so a route added anywhere
// shows up in both without anyone editing a list.

/** One entry of `app.routes`, as Hono lists it. */
export type RouterEntry = { method: string; path: string; handler: unknown };

export type TableRoute = {
  method: string;
  path: string;
  /** Every handler that runs for it, in order: `.use` middleware first, then its own. */
  handlers: readonly unknown[];
  /** The zod contract of its body, when one of its handlers is jsonBody, optionalJsonBody or noBody. */
  contract: BodyContract | undefined;
  /** The zod contract of its path parameters, when one of its handlers is params(). */
  paramContract: z.ZodType | undefined;
  /** The zod contract of its query string, when one of its handlers is query(). */
  queryContract: z.ZodType | undefined;
};

/** A route pattern (`/a/:id/*`) as a test of a concrete or pattern path (its `:params` taken literally). */
function patternMatcher(pattern: string): (path: string) => boolean {
  const wildcard = pattern.endsWith("/*");
  const fixed = wildcard ? pattern.slice(0, -2) : pattern;
  const source = fixed
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  const regex = new RegExp(`^${source}${wildcard ? "(/.*)?" : ""}$`);
  return (path) => regex.test(path);
}

/** The routes of `entries` (an app's `routes`), middleware left out, each with what runs for it. */
export function routeTable(entries: readonly RouterEntry[]): TableRoute[] {
  const isMiddleware = (e: RouterEntry) =>
    e.method === "ALL" &&
    (e.path.endsWith("*") || entries.some((o) => o.method !== "ALL" && o.path === e.path));
  const seen = new Set<string>();
  const routes: TableRoute[] = [];
  for (const entry of entries) {
    if (isMiddleware(entry)) continue;
    const key = `${entry.method} ${entry.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // Hono runs a path's handlers in the order they were added, and the route's own last handler answers:
    // middleware added after it never runs for it (the manager sub-app's guard, for /api/manager/login).
    const last = entries.findLastIndex((e) => e.method === entry.method && e.path === entry.path);
    const handlers = entries
      .slice(0, last + 1)
      .filter((e) => (e.method === "ALL" || e.method === entry.method) && patternMatcher(e.path)(entry.path))
      .map((e) => e.handler);
    const contracts = handlers.flatMap((handler) => contractsOf(handler) ?? []);
    routes.push({
      method: entry.method === "ALL" ? "POST" : entry.method,
      path: entry.path,
      handlers,
      contract: contracts.find((c) => c.json)?.json,
      paramContract: contracts.find((c) => c.param)?.param,
      queryContract: contracts.find((c) => c.query)?.query,
    });
  }
  return routes;
}
