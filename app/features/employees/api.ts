import type {
  EmployeeResponse,
  EmployeeStatus,
  EmployeesResponse,
  SuccessResponse,
} from "../../../worker/contracts/employees";
import type { LeaveAnalyticsResponse } from "../../../worker/contracts/hours";
import type {
  BreakOverrideRequest,
  BreakOverridesResponse,
  SaveBreakOverrideResponse,
} from "../../../worker/contracts/settings";
import { apiRequest } from "../../lib/api";

const enc = encodeURIComponent;
const auth = { auth: true } as const;

export type StatusChange = { status: EmployeeStatus; note?: string; start_date?: string; end_date?: string };

export const employeesApi = {
  list: (locationId: string) =>
    apiRequest<EmployeesResponse>("GET", `/manager/employees/${enc(locationId)}`, auth),
  create: (locationId: string, body: { first_name: string; last_name: string; pin: string }) =>
    apiRequest<EmployeeResponse>("POST", `/manager/employees/${enc(locationId)}`, {
      ...auth,
      body: { ...body, location_id: locationId },
    }),
  setActive: (id: string, active: boolean) =>
    apiRequest<EmployeeResponse>("PUT", `/manager/employees/${enc(id)}`, { ...auth, body: { active } }),
  remove: (id: string) => apiRequest<SuccessResponse>("DELETE", `/manager/employees/${enc(id)}`, auth),
  changePin: (id: string, pin: string) =>
    apiRequest<SuccessResponse>("PUT", `/manager/employees/${enc(id)}/pin`, { ...auth, body: { pin } }),
  rename: (id: string, first_name: string, last_name: string) =>
    apiRequest<EmployeeResponse>("PUT", `/manager/employees/${enc(id)}/name`, {
      ...auth,
      body: { first_name, last_name },
    }),
  changeStatus: (id: string, change: StatusChange) =>
    apiRequest<EmployeeResponse>("PUT", `/manager/employees/${enc(id)}/status`, { ...auth, body: change }),
  leaveAnalytics: (locationId: string, period: string) =>
    apiRequest<LeaveAnalyticsResponse>(
      "GET",
      `/manager/leave-analytics/${enc(locationId)}?period=${enc(period)}`,
      auth,
    ),
  breakOverrides: (locationId: string) =>
    apiRequest<BreakOverridesResponse>("GET", `/manager/employee-breaks/${enc(locationId)}`, auth),
  saveBreaks: (locationId: string, employeeId: string, body: BreakOverrideRequest) =>
    apiRequest<SaveBreakOverrideResponse>(
      "PUT",
      `/manager/employee-breaks/${enc(locationId)}/${enc(employeeId)}`,
      { ...auth, body },
    ),
  resetBreaks: (locationId: string, employeeId: string) =>
    apiRequest<SuccessResponse>(
      "DELETE",
      `/manager/employee-breaks/${enc(locationId)}/${enc(employeeId)}`,
      auth,
    ),
};
