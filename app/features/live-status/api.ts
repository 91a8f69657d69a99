import { queryOptions } from "@tanstack/react-query";
import { api, data, socketAddress } from "../../lib/api";
import { queryKeys } from "../../lib/server-state";

export const liveStatusQuery = (locationId: string) =>
  queryOptions({
    queryKey: [...queryKeys.location(locationId), "live-status"],
    queryFn: () => data(api.manager["live-status"][":locationId"].$get({ param: { locationId } })),
  });

/** The address of the location's live socket, with a fresh 60-second ticket. */
export async function liveSocketUrl(locationId: string): Promise<string> {
  const { ticket } = await data(
    api.manager["live-status"][":locationId"].ticket.$post({ param: { locationId } }),
  );
  return socketAddress(api.live[":locationId"].$path({ param: { locationId }, query: { ticket } }));
}

export const closeSession = (locationId: string, employeeId: string) =>
  data(
    api.manager.employees[":locationId"][":employeeId"]["close-session"].$post({
      param: { locationId, employeeId },
    }),
  );

/** Lifts an employee's PIN lockout at every kiosk of the location (audited). */
export const unlockEmployee = (locationId: string, employeeId: string) =>
  data(
    api.manager["live-status"][":locationId"].unlock[":employeeId"].$post({
      param: { locationId, employeeId },
    }),
  );
