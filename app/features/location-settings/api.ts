import type { BreakSettingsRequest, CustomizationPatch, CustomizationResponse } from "@contracts/settings";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, data } from "../../lib/api";
import { queryKeys } from "../../lib/server-state";

// A location's customization: the Hours tab's Daily Break Settings, the Employees tab's break info and
// the Attendance Form's appearance all read it here, and write it through these mutations, which put the
// saved customization in the cache for all three.

export const customizationQuery = (locationId: string) =>
  queryOptions({
    queryKey: [...queryKeys.location(locationId), "customization"],
    queryFn: () => data(api.manager.locations[":locationId"].customization.$get({ param: { locationId } })),
  });

function useSaveCustomization<Input>(
  locationId: string,
  save: (input: Input) => Promise<CustomizationResponse>,
  failure: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    meta: { errorToast: failure },
    onSuccess: ({ customization }) =>
      queryClient.setQueryData(customizationQuery(locationId).queryKey, { customization }),
  });
}

const SAVE_CUSTOMIZATION_FAILED = "Error saving customization";

/** Any of the editable fields (the Attendance Form's look, "only paired kiosks"). */
export const useUpdateCustomization = (locationId: string) =>
  useSaveCustomization(
    locationId,
    (patch: CustomizationPatch) =>
      data(api.manager.locations[":locationId"].customization.$put({ param: { locationId }, json: patch })),
    SAVE_CUSTOMIZATION_FAILED,
  );

/** The Daily Break Settings form. */
export const useSaveBreakSettings = (locationId: string) =>
  useSaveCustomization(
    locationId,
    (settings: BreakSettingsRequest) =>
      data(api.manager.customization[":locationId"].$put({ param: { locationId }, json: settings })),
    SAVE_CUSTOMIZATION_FAILED,
  );
