import { describe, expect, it } from "vitest";
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
      ["DELETE", "/api/manager/locations/:id", "no contract"],
      ["POST", "/api/manager/employees/:locationId", "contract"],
      ["PUT", "/api/manager/employees/:id/status", "contract"],
      ["DELETE", "/api/manager/employees/:id", "contract"],
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
    expect(tenantRoutes).toContain("PUT /api/manager/employees/:id/pin");
    expect(tenantRoutes).not.toContain("GET /api/manager/locations");
    expect(tenantRoutes).not.toContain("POST /api/kiosk/submit/:locationId");
  });
});
