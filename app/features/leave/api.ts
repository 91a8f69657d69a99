import type { LeaveDecisionResponse } from "@contracts/leave-requests";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, data } from "../../lib/api";
import { queryKeys } from "../../lib/server-state";

// The Leave tab's calls (docs/staff-app.md, "Holiday and leave requests"): a location's requests, a month of
// who is off, and the decisions. A decision refreshes the requests, the calendar, the staff and the rota.

const leave = api.manager["leave-requests"];

const leaveKey = (locationId: string) => [...queryKeys.location(locationId), "leave"] as const;

export const leaveRequestsQuery = (locationId: string) =>
  queryOptions({
    queryKey: [...leaveKey(locationId), "requests"],
    queryFn: ({ signal }) => data(leave[":locationId"].$get({ param: { locationId } }, { init: { signal } })),
    meta: { errorToast: "Could not load the leave requests" },
  });

export const leaveCalendarQuery = (locationId: string, month: string) =>
  queryOptions({
    queryKey: [...leaveKey(locationId), "calendar", month],
    queryFn: ({ signal }) =>
      data(
        leave[":locationId"].calendar.$get({ param: { locationId }, query: { month } }, { init: { signal } }),
      ),
    meta: { errorToast: "Could not load who is off" },
  });

type Decision =
  | { kind: "approve"; requestId: string; note?: string; openClashingShifts?: boolean }
  | { kind: "decline"; requestId: string; note: string };

/** The decision's answer; approve's other answer, 409 with the clashes, arrives as an ApiFailure. */
async function decide(decision: Decision): Promise<LeaveDecisionResponse> {
  if (decision.kind === "approve") {
    const answer = await data(
      leave[":requestId"].approve.$post({
        param: { requestId: decision.requestId },
        json: { note: decision.note, open_clashing_shifts: decision.openClashingShifts },
      }),
    );
    if ("clashes" in answer) throw new Error(answer.detail);
    return answer;
  }
  return data(
    leave[":requestId"].decline.$post({
      param: { requestId: decision.requestId },
      json: { note: decision.note },
    }),
  );
}

/** Approves or declines; everything the decision moves is fetched again once it has settled. */
export function useLeaveDecision(locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.location(locationId) }),
  });
}
