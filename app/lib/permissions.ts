import type { Permission } from "@contracts/team";
import { type ManagerSession, useManagerSession } from "./session";

// What the signed-in member's role allows (docs/team.md), for hiding what they cannot use; the server still
// refuses it. A session without a member (saved before teams, or an owner's) may do everything.

/** Whether the session may use `permission`. */
export function sessionCan(session: ManagerSession | null, permission: Permission): boolean {
  const member = session?.member;
  if (!member) return true;
  return member.permissions.includes(permission);
}

/** `can("timesheets:edit")` for the signed-in member; re-renders when the session changes. */
export function useCan(): (permission: Permission) => boolean {
  const session = useManagerSession();
  return (permission) => sessionCan(session, permission);
}
