import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import { EMPLOYEE_NOT_FOUND } from "../contracts/employees";
import { LOCATION_NOT_FOUND } from "../contracts/locations";
import { findOwnedEmployee } from "../db/employees";
import { API_KEY_DENIED, apiKeyCan } from "../domain/api-keys";
import { can, inScope, type Member, PERMISSION_DENIED } from "../domain/team-roles";
import { forbidden, notFound } from "../lib/errors";
import type { AppEnv } from "../types";
import { ROUTE_PERMISSIONS } from "./route-permissions";

// The one place a member's role and locations are enforced (docs/team.md). The session guards call it once the
// caller is known, so every signed-in route passes through it; handlers never check roles themselves.

/** The route that answers: the first one matched for this method (middleware are registered as ALL). */
function answeringRoute(c: Context<AppEnv>) {
  const method = c.req.method === "HEAD" ? "GET" : c.req.method;
  return matchedRoutes(c).find((route) => route.method === method);
}

/** The path's `:params` by name, read against the route's pattern (a middleware cannot see its route's params). */
function pathParams(pattern: string, path: string): Record<string, string> {
  const names = pattern.split("/");
  const values = path.split("/");
  const found: Record<string, string> = {};
  names.forEach((segment, index) => {
    const name = /^:([A-Za-z_][A-Za-z0-9_]*)/.exec(segment)?.[1];
    const value = values[index];
    if (!name || value === undefined) return;
    try {
      found[name] = decodeURIComponent(value);
    } catch {
      found[name] = value;
    }
  });
  return found;
}

/** A `location_id` in the query string or a JSON body: the validators check its shape later. */
async function namedLocationIds(c: Context<AppEnv>): Promise<string[]> {
  const ids = [c.req.query("location_id")];
  if (c.req.header("Content-Type")?.startsWith("application/json")) {
    const body: unknown = await c.req.json().catch(() => undefined);
    if (body && typeof body === "object" && "location_id" in body) ids.push(String(body.location_id));
  }
  return ids.filter((id): id is string => typeof id === "string" && id !== "");
}

/**
 * A location-scoped member sees only their locations: any other reads as not existing, exactly as another
 * account's id does (404, never 403).
 */
async function enforceScope(c: Context<AppEnv>, member: Member, params: Record<string, string>) {
  const locationIds = [params.locationId, ...(await namedLocationIds(c))].filter((id) => id !== undefined);
  if (locationIds.some((id) => !inScope(member, id))) throw notFound(LOCATION_NOT_FOUND);
  if (params.employeeId) {
    const owned = await findOwnedEmployee(c.var.db, c.var.user.id, params.employeeId);
    if (owned && !inScope(member, owned.location.id)) throw notFound(EMPLOYEE_NOT_FOUND);
  }
}

/** Refuses the call unless the signed-in member's role allows the answering route, at that location. */
export async function enforcePermission(c: Context<AppEnv>) {
  const member = c.var.member;
  if (member.role === "owner" && !member.apiKey) return;
  const route = answeringRoute(c);
  const rule = route ? ROUTE_PERMISSIONS[`${route.method} ${route.path}`] : undefined;
  if (member.locationIds !== null)
    await enforceScope(c, member, route ? pathParams(route.path, c.req.path) : {});
  // An API key opens only the routes its scope lists, and never one declared for any signed-in member.
  if (member.apiKey) {
    const { scope } = member.apiKey;
    if (rule === undefined || rule === "staff" || rule === "signed-in" || !apiKeyCan(scope, rule))
      throw forbidden(API_KEY_DENIED(scope));
    return;
  }
  // A route nobody declared is refused to every member: the role matrix fails until it is declared.
  // A staff app route is never a member's, whatever their role.
  if (rule === undefined || rule === "staff") throw forbidden(PERMISSION_DENIED(member.role));
  if (rule !== "signed-in" && !can(member.role, rule, member))
    throw forbidden(PERMISSION_DENIED(member.role));
}
