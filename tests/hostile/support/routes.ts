import type { z } from "zod";
import { app } from "../../../worker/app";
import { type BodyContract, contractsOf } from "../../../worker/lib/validate";
import { requireKioskDevice } from "../../../worker/middleware/kiosk-device";
import { requireAccount, requireManager } from "../../../worker/middleware/session";
import { percentEncode } from "./http";

// The API as the Hono app itself lists it (`app.routes`): every route another branch adds shows up here,
// with its middleware and its contracts (body, path parameters, query string), without anyone editing
// this suite.

export type Route = {
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

function discoverRoutes(): Route[] {
  const entries = app.routes;
  const isMiddleware = (e: (typeof entries)[number]) =>
    e.method === "ALL" &&
    (e.path.endsWith("*") || entries.some((o) => o.method !== "ALL" && o.path === e.path));
  const seen = new Set<string>();
  const routes: Route[] = [];
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

export const ROUTES: readonly Route[] = discoverRoutes();

export const routeName = (route: Route) => `${route.method} ${route.path}`;

export const findRoute = (method: string, path: string) =>
  ROUTES.find((r) => r.method === method && r.path === path);

const LOGIN = /\/login$/;

/** The middleware that admit a signed-in account (the dashboard's calls; plan, billing and logout). */
export const SESSION_GUARDS: readonly unknown[] = [requireManager, requireAccount];

/** Behind a session: a session guard runs for it, or it lives where only signed-in callers go. */
export const isSignedInRoute = (route: Route) =>
  route.handlers.some((handler) => SESSION_GUARDS.includes(handler)) ||
  (/^\/api\/(manager|user|super-admin)\//.test(route.path) && !LOGIN.test(route.path));

export const isSuperAdminRoute = (route: Route) =>
  route.path.startsWith("/api/super-admin/") && !LOGIN.test(route.path);

export const isKioskDeviceRoute = (route: Route) => route.handlers.includes(requireKioskDevice);

/** Routes that name a tenant's data in the path: the ones account B can aim at account A's ids. */
export const isTenantRoute = (route: Route) =>
  /^\/api\/(manager|user)\//.test(route.path) &&
  paramsOf(route.path).some((p) => p.kind !== "initial" && p.kind !== "unknown");

// Path parameters and what they name.

export type ParamKind = "location" | "employee" | "device" | "report" | "initial" | "unknown";
export type Param = { name: string; kind: ParamKind; token: string };

const KIND_BY_WORD: [RegExp, ParamKind][] = [
  [/location/i, "location"],
  [/employee|staff/i, "employee"],
  [/device|kiosk/i, "device"],
  [/report/i, "report"],
  [/^initial$/i, "initial"],
];

const kindOfWord = (word: string): ParamKind =>
  KIND_BY_WORD.find(([pattern]) => pattern.test(word))?.[1] ?? "unknown";

/** `:locationId` names a location; a bare `:id` names whatever the segment before it lists. */
export function paramsOf(path: string): Param[] {
  const segments = path.split("/");
  const params: Param[] = [];
  segments.forEach((segment, index) => {
    const match = /^:([A-Za-z_][A-Za-z0-9_]*)(\{.*\})?\??$/.exec(segment);
    if (!match?.[1]) return;
    const name = match[1];
    const byName = kindOfWord(name.replace(/Ids?$|_ids?$/, ""));
    const kind = byName !== "unknown" || !/^id$/i.test(name) ? byName : kindOfWord(segments[index - 1] ?? "");
    params.push({ name, kind, token: segment });
  });
  return params;
}

export type Ids = Partial<Record<ParamKind, string>>;

/** The route's path with each parameter replaced by the id of its kind (a random id when there is none). */
export function fillPath(path: string, ids: Ids, override: Partial<Record<string, string>> = {}): string {
  let filled = path;
  for (const param of paramsOf(path)) {
    const value = override[param.name] ?? ids[param.kind] ?? crypto.randomUUID();
    filled = filled.replace(param.token, percentEncode(value));
  }
  return filled;
}
