import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, data, formBody } from "../../lib/api";
import { queryKeys } from "../../lib/server-state";

// The Attendance Form tab's own calls: the logo and the paired kiosk devices. Appearance and "only
// paired kiosks" are saved through the customization call (features/location-settings).

export const devicesQuery = (locationId: string) =>
  queryOptions({
    queryKey: queryKeys.devices(locationId),
    queryFn: () => data(api.manager["kiosk-devices"][":locationId"].$get({ param: { locationId } })),
    meta: { errorToast: "Error loading kiosk devices" },
  });

/** Unpairs one device, or every device with `null`; the list is fetched again either way. */
export function useRevokeDevices(locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string | null) =>
      data(
        deviceId
          ? api.manager["kiosk-devices"][":locationId"][":deviceId"].$delete({
              param: { locationId, deviceId },
            })
          : api.manager["kiosk-devices"][":locationId"].$delete({ param: { locationId } }),
      ),
    meta: { errorToast: "Error revoking kiosk" },
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesQuery(locationId).queryKey }),
  });
}

/** A one-time code to type on a tablet, which pairs it without anyone signing in there (docs/kiosk.md). */
export const newPairingCode = (locationId: string) =>
  data(api.manager["kiosk-devices"][":locationId"]["pairing-codes"].$post({ param: { locationId } }));

/** Makes this browser one of the location's paired kiosks: its token comes back once. */
/** The device is named from this browser by the server ("Chrome on a tablet, paired 01/12/2026"). */
export const pairThisBrowser = (locationId: string) =>
  data(api.manager["kiosk-devices"][":locationId"].$post({ param: { locationId }, json: {} }));

export const uploadLogo = (locationId: string, file: File) =>
  data(api.manager.locations[":locationId"].logo.$post({ param: { locationId } }, formBody({ file })));

export const removeLogo = (locationId: string) =>
  data(api.manager.locations[":locationId"].logo.$delete({ param: { locationId } }));

/** The accepted types, for the file input (the server decides from the file's bytes). */
export const LOGO_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";
export const UPLOAD_LOGO_FAILED = "Error uploading logo";

/** The location's phone clock-in (docs/staff-app.md). */
export const phoneClockInQuery = (locationId: string) =>
  queryOptions({
    queryKey: ["location", locationId, "phone-clock-in"] as const,
    queryFn: () =>
      data(api.manager.locations[":locationId"]["phone-clock-in"].$get({ param: { locationId } })),
  });

export const savePhoneClockIn = (
  locationId: string,
  json: { enabled?: boolean; latitude?: number; longitude?: number; radius_metres?: number },
) => data(api.manager.locations[":locationId"]["phone-clock-in"].$put({ param: { locationId }, json }));
