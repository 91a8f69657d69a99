import type { EmployeePayRequest } from "@contracts/pay";
import type { BreakOverrideRequest } from "@contracts/settings";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferRequestType } from "hono/client";
import { api, data } from "../../lib/api";
import { queryKeys } from "../../lib/server-state";

// A location's staff: the employee list, their own breaks, their pay terms and the leave analytics. All of it is the
// location's `staff` data: any change here, or pushed by the location's hub, fetches it again.

export const employeesQuery = (locationId: string) =>
  queryOptions({
    queryKey: [...queryKeys.staff(locationId), "employees"],
    queryFn: () => data(api.manager.employees[":locationId"].$get({ param: { locationId } })),
    meta: { errorToast: "Could not load employees" },
  });

export const breakOverridesQuery = (locationId: string) =>
  queryOptions({
    queryKey: [...queryKeys.staff(locationId), "break-overrides"],
    queryFn: () => data(api.manager["employee-breaks"][":locationId"].$get({ param: { locationId } })),
  });

/** Each employee's pay terms (payroll ID, contracted hours, hourly rate): only those that have any. */
export const employeePayQuery = (locationId: string) =>
  queryOptions({
    queryKey: [...queryKeys.staff(locationId), "employee-pay"],
    queryFn: () => data(api.manager["employee-pay"][":locationId"].$get({ param: { locationId } })),
  });

export const leaveAnalyticsQuery = (locationId: string, period: string) =>
  queryOptions({
    queryKey: [...queryKeys.staff(locationId), "leave-analytics", period],
    queryFn: () =>
      data(api.manager["leave-analytics"][":locationId"].$get({ param: { locationId }, query: { period } })),
    meta: { errorToast: "Could not load leave analytics" },
  });

const employee = api.manager.employees[":employeeId"];

/** What the Add New Employee form sends (the location comes from the address). */
export type NewEmployee = Omit<
  InferRequestType<(typeof api.manager.employees)[":locationId"]["$post"]>["json"],
  "location_id"
>;
export type StatusChange = InferRequestType<typeof employee.status.$put>["json"];

/** The changes the Employees tab makes, each as a call; `useStaffChange` runs them. */
export const staffChanges = {
  create: (locationId: string, body: NewEmployee) =>
    data(
      api.manager.employees[":locationId"].$post({
        param: { locationId },
        json: { ...body, location_id: locationId },
      }),
    ),
  setActive: (employeeId: string, active: boolean) =>
    data(employee.$put({ param: { employeeId }, json: { active } })),
  remove: (employeeId: string) => data(employee.$delete({ param: { employeeId } })),
  inviteToStaffApp: (locationId: string, employeeIds: string[]) =>
    data(
      api.manager.employees[":locationId"]["staff-app-invitations"].$post({
        param: { locationId },
        json: { employee_ids: employeeIds },
      }),
    ),
  changePin: (employeeId: string, pin: string) =>
    data(employee.pin.$put({ param: { employeeId }, json: { pin } })),
  /** Names and e-mail address: an empty address clears it. */
  rename: (employeeId: string, first_name: string, last_name: string, email: string) =>
    data(employee.name.$put({ param: { employeeId }, json: { first_name, last_name, email } })),
  changeStatus: (employeeId: string, change: StatusChange) =>
    data(employee.status.$put({ param: { employeeId }, json: change })),
  saveBreaks: (locationId: string, employeeId: string, body: BreakOverrideRequest) =>
    data(
      api.manager["employee-breaks"][":locationId"][":employeeId"].$put({
        param: { locationId, employeeId },
        json: body,
      }),
    ),
  /** Pay terms (Pro and Business): every pay field, null to clear it; working-time fields left out are kept. */
  savePay: (locationId: string, employeeId: string, body: EmployeePayRequest) =>
    data(
      api.manager["employee-pay"][":locationId"][":employeeId"].$put({
        param: { locationId, employeeId },
        json: body,
      }),
    ),
  resetBreaks: (locationId: string, employeeId: string) =>
    data(
      api.manager["employee-breaks"][":locationId"][":employeeId"].$delete({
        param: { locationId, employeeId },
      }),
    ),
};

/**
 * Saves an employee's pay and working-time terms. A refusal is not toasted: the dialog shows the server's
 * detail beside the field it is about. Afterwards the location's staff data is fetched again, and with it
 * what the terms change (the working-time checks, the holiday balances).
 */
export function useSavePayTerms(locationId: string, employeeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmployeePayRequest) => staffChanges.savePay(locationId, employeeId, body),
    meta: {},
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff(locationId) }),
  });
}

/**
 * Runs one change to a location's staff: a failure is toasted with the server's detail or `failure`,
 * and after a success the location's staff data is fetched again.
 */
export function useStaffChange<Input, Answer>(
  locationId: string,
  change: (input: Input) => Promise<Answer>,
  failure: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    meta: { errorToast: failure },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff(locationId) }),
  });
}
