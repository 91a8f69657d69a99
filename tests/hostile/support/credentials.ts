import { bearer } from "./http";
import type { Route } from "./routes";
import { isKioskDeviceRoute, isSignedInRoute } from "./routes";
import type { Tenant } from "./tenant";

/** The Authorization header a route's rightful caller sends: the kiosk's device token or the manager's session. */
export function rightfulAuthorization(route: Route, owner: Tenant): string | undefined {
  if (isKioskDeviceRoute(route)) return bearer(owner.kioskToken);
  if (isSignedInRoute(route)) return bearer(owner.manager.token);
  return undefined;
}
