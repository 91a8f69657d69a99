import { describe, expect, it } from "vitest";
import { fieldsOf } from "./support/contracts";
import {
  findRoute,
  isSignedInRoute,
  isTenantRoute,
  paramsOf,
  ROUTES,
  routeName,
  SESSION_GUARDS,
} from "./support/routes";

// The rest of the hostile suite is built from this discovery; if it silently found nothing, every
// attack would pass by attacking nothing.
describe("the route table the hostile suite attacks", () => {
  it("finds the core routes, with their body contracts and the manager's session guard", () => {
    const core: [string, string, "contract" | "no contract"][] = [
      ["POST", "/api/auth/login", "contract"],
      ["POST", "/api/auth/signup", "contract"],
      ["POST", "/api/auth/forgot-password", "contract"],
      ["POST", "/api/manager/logout", "contract"],
      ["GET", "/api/manager/locations", "no contract"],
      ["POST", "/api/manager/locations", "contract"],
      ["DELETE", "/api/manager/locations/:locationId", "no contract"],
      ["POST", "/api/manager/employees/:locationId", "contract"],
      ["PUT", "/api/manager/employees/:employeeId/status", "contract"],
      ["DELETE", "/api/manager/employees/:employeeId", "contract"],
      ["POST", "/api/manager/employees/:locationId/:employeeId/close-session", "contract"],
      ["GET", "/api/manager/live-status/:locationId", "no contract"],
      ["DELETE", "/api/manager/kiosk-devices/:locationId/:deviceId", "contract"],
      ["POST", "/api/kiosk/submit/:locationId", "contract"],
      ["POST", "/api/kiosk/submit", "contract"],
    ];
    for (const [method, path, contract] of core) {
      const route = findRoute(method, path);
      expect(route, `${method} ${path}`).toBeDefined();
      expect({ route: `${method} ${path}`, contract: route?.contract ? "contract" : "no contract" }).toEqual({
        route: `${method} ${path}`,
        contract,
      });
    }
    expect(ROUTES.filter((route) => route.contract).length).toBeGreaterThanOrEqual(20);
  });

  it("finds the path parameter and query string contracts, and every path parameter has one", () => {
    const fields = (schema: Parameters<typeof fieldsOf>[0] | undefined) => (schema ? fieldsOf(schema) : []);
    const found = (method: string, path: string) => {
      const route = findRoute(method, path);
      expect(route, `${method} ${path}`).toBeDefined();
      return { param: fields(route?.paramContract), query: fields(route?.queryContract) };
    };
    expect(found("GET", "/api/manager/staff-hours/:locationId")).toEqual({
      param: ["locationId"],
      query: ["period", "search"],
    });
    expect(found("GET", "/api/manager/staff-hours/:locationId/employee/:employeeId/csv")).toEqual({
      param: ["locationId", "employeeId"],
      query: ["period", "search"],
    });
    expect(found("GET", "/api/manager/leave-analytics/:locationId")).toEqual({
      param: ["locationId"],
      query: ["period"],
    });
    expect(found("GET", "/api/super-admin/users")).toEqual({ param: [], query: ["search"] });
    expect(found("GET", "/api/employees/by-initial/:locationId/:initial")).toEqual({
      param: ["locationId", "initial"],
      query: [],
    });
    expect(found("GET", "/api/live/:locationId")).toEqual({ param: ["locationId"], query: ["ticket"] });
    expect(found("PUT", "/api/manager/employees/:employeeId/pin")).toEqual({
      param: ["employeeId"],
      query: [],
    });

    // A route whose path names something validates every name in it, by its contract.
    const unchecked = ROUTES.filter((route) => paramsOf(route.path).length > 0).flatMap((route) => {
      const named = paramsOf(route.path).map((p) => p.name);
      const checked = fields(route.paramContract);
      return named.filter((name) => !checked.includes(name)).map((name) => `${routeName(route)} :${name}`);
    });
    expect(unchecked).toEqual([]);
    expect(ROUTES.filter((route) => route.paramContract).length).toBeGreaterThanOrEqual(30);
    expect(ROUTES.filter((route) => route.queryContract).length).toBeGreaterThanOrEqual(8);
  });

  it("puts every manager and user route except sign-in behind a session guard", () => {
    const manager = ROUTES.filter((route) => /^\/api\/(manager|user)\//.test(route.path));
    const unguarded = manager.filter(
      (route) =>
        route.path !== "/api/manager/login" &&
        !route.handlers.some((handler) => SESSION_GUARDS.includes(handler)),
    );
    expect(unguarded.map(routeName)).toEqual([]);
    expect(manager.filter(isSignedInRoute).length).toBe(manager.length - 1);
  });

  it("knows what each path parameter names, and which routes name a tenant's data", () => {
    expect(
      paramsOf("/api/manager/employees/:locationId/:employeeId/close-session").map((p) => p.kind),
    ).toEqual(["location", "employee"]);
    expect(paramsOf("/api/manager/locations/:id/logo").map((p) => p.kind)).toEqual(["location"]);
    expect(paramsOf("/api/manager/employees/:id/pin").map((p) => p.kind)).toEqual(["employee"]);
    expect(paramsOf("/api/manager/kiosk-devices/:locationId/:deviceId").map((p) => p.kind)).toEqual([
      "location",
      "device",
    ]);
    expect(paramsOf("/api/manager/automated-reports/:reportId").map((p) => p.kind)).toEqual(["report"]);
    expect(paramsOf("/api/employees/by-initial/:locationId/:initial").map((p) => p.kind)).toEqual([
      "location",
      "initial",
    ]);
    const tenantRoutes = ROUTES.filter(isTenantRoute).map(routeName);
    expect(tenantRoutes).toContain("PUT /api/manager/employees/:employeeId/pin");
    expect(tenantRoutes).not.toContain("GET /api/manager/locations");
    expect(tenantRoutes).not.toContain("POST /api/kiosk/submit/:locationId");
  });
});
