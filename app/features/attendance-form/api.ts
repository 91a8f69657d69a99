import type { KioskDevicesResponse, RevokeDevicesResponse } from "../../../worker/contracts/kiosk";
import type { LogoRemoveResponse, LogoUploadResponse } from "../../../worker/contracts/settings";
import { apiRequest, apiUpload } from "../../lib/api";

// The Attendance Form tab's own calls: the logo and the paired kiosk devices. Appearance and "only
// paired kiosks" are saved through the customization call (features/location-settings).

const enc = encodeURIComponent;
const auth = { auth: true } as const;

export const attendanceFormApi = {
  uploadLogo: (locationId: string, file: File) => {
    const form = new FormData();
    form.append("file", file);
    return apiUpload<LogoUploadResponse>(`/manager/locations/${enc(locationId)}/logo`, form);
  },
  removeLogo: (locationId: string) =>
    apiRequest<LogoRemoveResponse>("DELETE", `/manager/locations/${enc(locationId)}/logo`, auth),
  devices: (locationId: string) =>
    apiRequest<KioskDevicesResponse>("GET", `/manager/kiosk-devices/${enc(locationId)}`, auth),
  revokeDevice: (locationId: string, deviceId: string) =>
    apiRequest<RevokeDevicesResponse>(
      "DELETE",
      `/manager/kiosk-devices/${enc(locationId)}/${enc(deviceId)}`,
      auth,
    ),
  revokeAll: (locationId: string) =>
    apiRequest<RevokeDevicesResponse>("DELETE", `/manager/kiosk-devices/${enc(locationId)}`, auth),
};

/** The accepted types, for the file input (the server decides from the file's bytes). */
export const LOGO_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";
export const UPLOAD_LOGO_FAILED = "Error uploading logo";
export const SAVE_CUSTOMIZATION_FAILED = "Error saving customization";
