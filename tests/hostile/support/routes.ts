import { app } from "../../../worker/app";
import { requireApiKey } from "../../../worker/middleware/api-key";
import { requireKioskDevice } from "../../../worker/middleware/kiosk-device";
import { ROUTE_PERMISSIONS } from "../../../worker/middleware/route-permissions";
import { requireAccount, requireManager } from "../../../worker/middleware/session";
import { routeTable, type TableRoute } from "../../../worker/openapi/route-table";
import { percentEncode } from "./http";

// The API as the Hono app itself lists it (`app.routes`, read by worker/openapi/route-table.ts): every
// route another branch adds shows up here, with its middleware and its contracts (body, path parameters,
// query string), without anyone editing this suite.

export type Route = TableRoute;

export const ROUTES: readonly Route[] = routeTable(app.routes);

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

/** The staff app's signed-in calls: the route table declares them "staff", or the staff guard refuses them. */
export const isStaffRoute = (route: Route) => ROUTE_PERMISSIONS[routeName(route)] === "staff";

export const isKioskDeviceRoute = (route: Route) => route.handlers.includes(requireKioskDevice);

/** The public API's calls, opened by an API key (docs/public-api.md). */
export const isPublicApiRoute = (route: Route) => route.handlers.includes(requireApiKey);

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
