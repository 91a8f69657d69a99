import { bearer } from "./http";
import {
  isKioskDeviceRoute,
  isPublicApiRoute,
  isSignedInRoute,
  isStaffRoute,
  isSuperAdminRoute,
  type Route,
} from "./routes";
import { superAdminSession } from "./sessions";
import type { Tenant } from "./tenant";

let superAdmin: Promise<string> | undefined;

/**
 * The Authorization header a route's rightful caller sends: the super admin's session, the kiosk's
 * device token, the staff member's session or the manager's session; none for public routes.
 */
export async function rightfulAuthorization(route: Route, owner: Tenant): Promise<string | undefined> {
  if (isSuperAdminRoute(route)) {
    superAdmin ??= superAdminSession();
    return bearer(await superAdmin);
  }
  if (isKioskDeviceRoute(route)) return bearer(owner.kioskToken);
  if (isStaffRoute(route)) return bearer(owner.staff.token);
  if (isPublicApiRoute(route)) return bearer(owner.apiKey);
  if (isSignedInRoute(route)) return bearer(owner.manager.token);
  return undefined;
}
