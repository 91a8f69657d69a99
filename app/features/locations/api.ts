import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, data } from "../../lib/api";
import { queryKeys } from "../../lib/server-state";

/** The manager's locations. */
export const locationsQuery = queryOptions({
  queryKey: queryKeys.locations,
  queryFn: () => data(api.manager.locations.$get()),
  meta: { errorToast: "Could not load your locations" },
});

/**
 * Spec §4: a stored session is checked with the locations call before it is trusted. Quietly (a failure
 * is the caller's to handle; the 401 rule still applies), and the answer fills the list.
 */
export async function checkSession(queryClient: QueryClient) {
  queryClient.setQueryData(locationsQuery.queryKey, await data(api.manager.locations.$get()));
}

/** Adds a location; the list is fetched again. */
export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => data(api.manager.locations.$post({ json: { name } })),
    meta: { errorToast: "Error creating location" },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.locations }),
  });
}

/** Deletes (archives) a location; the list is fetched again. */
export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locationId: string) =>
      data(api.manager.locations[":locationId"].$delete({ param: { locationId } })),
    meta: { errorToast: "Failed to delete location" },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.locations }),
  });
}
