import type { CreateLocationResponse, LocationsResponse } from "../../../worker/contracts/locations";
import { apiRequest } from "../../lib/api";

export const locationsApi = {
  list: () => apiRequest<LocationsResponse>("GET", "/manager/locations", { auth: true }),
  create: (name: string) =>
    apiRequest<CreateLocationResponse>("POST", "/manager/locations", { auth: true, body: { name } }),
  remove: (id: string) =>
    apiRequest<{ success: boolean }>("DELETE", `/manager/locations/${id}`, { auth: true }),
};
