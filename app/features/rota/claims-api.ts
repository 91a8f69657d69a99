import type { RotaWarning } from "@contracts/rota";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiFailure, api, data } from "../../lib/api";
import { queryKeys } from "../../lib/server-state";

// Staff's claims on open shifts (docs/staff-app.md, "My shifts, availability and open shifts"): the pending
// ones, approving (409 with warnings until acknowledged) or declining.

const rota = api.manager.rota[":locationId"];
const claimsKey = (locationId: string) => [...queryKeys.location(locationId), "rota", "claims"] as const;

export const claimsQuery = (locationId: string) =>
  queryOptions({
    queryKey: claimsKey(locationId),
    queryFn: () => data(rota.claims.$get({ param: { locationId } })),
    meta: { errorToast: "Could not load the claims on open shifts" },
  });

/** The warnings a 409 from approving carries, or null for any other failure. */
export function claimWarningsOf(error: unknown): { detail: string; warnings: RotaWarning[] } | null {
  if (!(error instanceof ApiFailure) || error.status !== 409) return null;
  const body = error.body as { warnings?: unknown } | null;
  if (!Array.isArray(body?.warnings)) return null;
  return {
    detail: error.detail ?? "Giving them this shift raises working-time warnings.",
    warnings: body.warnings,
  };
}

type Decision = { claimId: string; approve: boolean; acknowledge?: boolean };

/** Approve or decline; the claims and the rota's week are fetched again after. */
export function useDecideClaim(locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, approve, acknowledge }: Decision) => {
      const param = { param: { locationId, claimId } };
      return approve
        ? data(
            rota.claims[":claimId"].approve.$post({
              ...param,
              json: acknowledge ? { acknowledge_warnings: true } : {},
            }),
          )
        : data(rota.claims[":claimId"].decline.$post(param));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...queryKeys.location(locationId), "rota"] }),
  });
}
