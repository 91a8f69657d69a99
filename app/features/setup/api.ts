import { queryOptions } from "@tanstack/react-query";
import { api, data } from "../../lib/api";
import { queryKeys } from "../../lib/server-state";

/**
 * The location's setup checklist. Under the location's staff queries: the hub's push after a punch and
 * every change to the staff make it stale with them.
 */
export const setupQuery = (locationId: string) =>
  queryOptions({
    queryKey: [...queryKeys.staff(locationId), "setup"],
    queryFn: () => data(api.manager.setup[":locationId"].$get({ param: { locationId } })),
  });
