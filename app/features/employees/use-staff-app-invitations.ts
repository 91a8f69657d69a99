import type { Employee } from "@contracts/employees";
import type { StaffAppInvitationResponse } from "@contracts/staff-invitations";
import { toast } from "../../lib/toast";
import { staffChanges, useStaffChange } from "./api";

// "Invite to the staff app" (docs/staff-app.md, "Invitations"): one employee from their row, or everyone
// listed with an address; the toast says how many were e-mailed and names who was not.

const plural = (n: number) => (n === 1 ? "1 employee" : `${n} employees`);

export function invitationSummary(result: StaffAppInvitationResponse): string {
  const parts = [
    result.invited.length > 0
      ? `Invited ${plural(result.invited.length)} to the staff app.`
      : "Nobody new was invited.",
  ];
  if (result.recently_invited.length > 0) {
    parts.push(`Invited in the last 10 minutes already: ${result.recently_invited.join(", ")}.`);
  }
  if (result.without_email.length > 0) {
    parts.push(`No e-mail address for ${result.without_email.join(", ")}: add one with Name first.`);
  }
  return parts.join(" ");
}

export function useStaffAppInvitations(locationId: string) {
  const send = useStaffChange(
    locationId,
    (ids: string[]) => staffChanges.inviteToStaffApp(locationId, ids),
    "Could not send the invitations",
  );
  return (employees: Employee[]) => {
    if (employees.length === 0) return;
    send.mutate(
      employees.map((e) => e.id),
      {
        onSuccess: (result) => {
          const summary = invitationSummary(result);
          if (result.invited.length > 0) toast.success(summary);
          else toast.info(summary);
        },
      },
    );
  };
}
