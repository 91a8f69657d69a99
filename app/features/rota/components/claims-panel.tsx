import type { RotaWarning } from "@contracts/rota";
import type { PendingClaim } from "@contracts/staff-shifts";
import { formatDate } from "@domain/time-zone";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { detailOr } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { claimsQuery, claimWarningsOf, useDecideClaim } from "../claims-api";
import { shiftTimes, timeRange } from "../shift-time";
import { WarningsList } from "./warnings-list";

// Claims on the location's open shifts, for a manager to decide (docs/staff-app.md, "My shifts, availability
// and open shifts"): each open shift with its pending claims, oldest first, and Approve or Decline on each.

type Props = { locationId: string; timeZone: string };

export function ClaimsPanel({ locationId, timeZone }: Props) {
  const claims = useQuery(claimsQuery(locationId));
  const decide = useDecideClaim(locationId);
  const [refused, setRefused] = useState<{
    claim: PendingClaim;
    detail: string;
    warnings: RotaWarning[];
  } | null>(null);
  const list = claims.data?.claims ?? [];
  if (list.length === 0) return null;
  const shifts = [...new Map(list.map((c) => [c.shift_id, c])).values()];

  async function run(claim: PendingClaim, approve: boolean, acknowledge = false) {
    try {
      await decide.mutateAsync({ claimId: claim.claim_id, approve, acknowledge });
      setRefused(null);
      toast.success(
        approve
          ? `The shift is ${claim.name}'s now; they've been told.`
          : `${claim.name}'s claim was declined.`,
      );
    } catch (error) {
      const warned = approve && !acknowledge ? claimWarningsOf(error) : null;
      if (warned) setRefused({ claim, ...warned });
      else toast.error(detailOr(error, "Could not decide the claim"));
    }
  }

  return (
    <section className="card rota-claims" aria-labelledby="rota-claims-heading">
      <h3 id="rota-claims-heading">Claims on open shifts ({list.length})</h3>
      <ul className="rota-claims__shifts">
        {shifts.map((first) => {
          const times = shiftTimes(first, timeZone);
          const onIt = list.filter((c) => c.shift_id === first.shift_id);
          return (
            <li key={first.shift_id}>
              <p>
                <strong>
                  Open shift {formatDate(times.date)} {timeRange(times)}
                  {first.role ? `, ${first.role}` : ""}
                </strong>{" "}
                <span className="badge">
                  {onIt.length} {onIt.length === 1 ? "claim" : "claims"}
                </span>
              </p>
              <ul className="rota-claims__claims">
                {onIt.map((claim) => (
                  <li key={claim.claim_id}>
                    <span>{claim.name}</span>
                    <button
                      type="button"
                      className="button button--small"
                      disabled={decide.isPending}
                      onClick={() => run(claim, true)}
                    >
                      Approve {claim.name}
                    </button>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      disabled={decide.isPending}
                      onClick={() => run(claim, false)}
                    >
                      Decline
                    </button>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      {refused && (
        <div className="notice notice--warning" role="alert">
          <p>{refused.detail}</p>
          <WarningsList warnings={refused.warnings} />
          <button
            type="button"
            className="button button--small"
            disabled={decide.isPending}
            onClick={() => run(refused.claim, true, true)}
          >
            Approve anyway
          </button>
        </div>
      )}
    </section>
  );
}
