import type {
  BreakSettingsRequest,
  CustomizationPatch,
  CustomizationResponse,
  SaveCustomizationResponse,
} from "../../../worker/contracts/settings";
import { apiRequest } from "../../lib/api";

// A location's customization: the Hours tab's Daily Break Settings, the Employees tab's break info and
// the Attendance Form's appearance all read and write it here.

const enc = encodeURIComponent;
const auth = { auth: true } as const;

export const locationSettingsApi = {
  get: (locationId: string) =>
    apiRequest<CustomizationResponse>("GET", `/manager/locations/${enc(locationId)}/customization`, auth),
  /** Any of the editable fields. */
  update: (locationId: string, patch: CustomizationPatch) =>
    apiRequest<SaveCustomizationResponse>("PUT", `/manager/locations/${enc(locationId)}/customization`, {
      ...auth,
      body: patch,
    }),
  saveBreakSettings: (locationId: string, settings: BreakSettingsRequest) =>
    apiRequest<SaveCustomizationResponse>("PUT", `/manager/customization/${enc(locationId)}`, {
      ...auth,
      body: settings,
    }),
};
