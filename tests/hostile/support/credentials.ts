import { requireStaff } from "../../../worker/middleware/staff-session";
import { staffSessionFor } from "../../support/staff";
import { bearer } from "./http";
import { isKioskDeviceRoute, isSignedInRoute, isSuperAdminRoute, type Route } from "./routes";
import { superAdminSession } from "./sessions";
import type { Tenant } from "./tenant";

let superAdmin: Promise<string> | undefined;
/** The owner's first employee signed in to the staff app: the rightful caller of a staff route. */
const staffTokens = new WeakMap<Tenant, Promise<string>>();

/**
 * The Authorization header a route's rightful caller sends: the super admin's session, the kiosk's
 * device token or the manager's session; none for public routes.
 */
export async function rightfulAuthorization(route: Route, owner: Tenant): Promise<string | undefined> {
  if (isSuperAdminRoute(route)) {
    superAdmin ??= superAdminSession();
    return bearer(await superAdmin);
  }
  if (isKioskDeviceRoute(route)) return bearer(owner.kioskToken);
  if (route.handlers.includes(requireStaff)) {
    if (!staffTokens.has(owner)) {
      staffTokens.set(
        owner,
        staffSessionFor(owner.employee.id).then((s) => s.token),
      );
    }
    return bearer(await (staffTokens.get(owner) as Promise<string>));
  }
  if (isSignedInRoute(route)) return bearer(owner.manager.token);
  return undefined;
}
