import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, data } from "../../lib/api";
import { queryKeys } from "../../lib/server-state";

// Whether the location approves staff's claims on open shifts automatically (docs/staff-app.md, "My shifts,
// availability and open shifts"): the rota's setting, shown in the Hours tab beside lateness.

const rota = api.manager.rota[":locationId"];
const settingsKey = (locationId: string) => [...queryKeys.location(locationId), "claim-settings"] as const;

export const claimSettingsQuery = (locationId: string) =>
  queryOptions({
    queryKey: settingsKey(locationId),
    queryFn: () => data(rota["claim-settings"].$get({ param: { locationId } })),
    meta: { errorToast: "Could not load the open shift settings" },
  });

export function useSaveClaimSettings(locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      data(rota["claim-settings"].$put({ param: { locationId }, json: { auto_approve_claims: on } })),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(locationId), saved),
  });
}
