import {
  ADMINS_OWNER_ONLY,
  type InvitableRole,
  LOCATION_MANAGER_NEEDS_LOCATION,
  OWNER_NOT_EDITABLE,
  OWNER_NOT_REMOVABLE,
} from "../contracts/team";
import { can, isLocationScoped, type Role } from "./team-roles";

// Who may change or remove whom in a team, and when a change ends the member's sessions (docs/team.md,
// "Managing the team"). Pure: the team routes read the rows and act on the answers.

/** What a member may reach: their role, their locations (location managers only) and pay approval. */
export type Access = { role: Role; locationIds: readonly string[]; mayApprovePay: boolean };

/** A location manager's locations and tick, as stored: the other roles see every location and approve pay. */
export function normalisedAccess(change: {
  role: InvitableRole;
  locationIds: readonly string[];
  mayApprovePay: boolean;
}): Access {
  const scoped = isLocationScoped(change.role);
  return {
    role: change.role,
    locationIds: scoped ? [...new Set(change.locationIds)] : [],
    mayApprovePay: scoped && change.mayApprovePay,
  };
}

/** Why the edit is refused: a location manager with no location. */
export const accessProblem = (access: Access) =>
  isLocationScoped(access.role) && access.locationIds.length === 0
    ? LOCATION_MANAGER_NEEDS_LOCATION
    : undefined;

/**
 * Whether `actor` may change or remove `target`: nobody changes the owner here (ownership moves only by a
 * transfer), and only the owner changes or removes an admin, so admins cannot lock each other (or themselves)
 * out. Undefined when allowed, else the refusal's sentence.
 */
export function managementRefusal(actor: Role, target: Role, action: "edit" | "remove"): string | undefined {
  if (target === "owner") return action === "edit" ? OWNER_NOT_EDITABLE : OWNER_NOT_REMOVABLE;
  if (target === "admin" && actor !== "owner") return ADMINS_OWNER_ONLY;
  return undefined;
}

const approvesPay = (access: Access) => can(access.role, "pay:approve", access);

/**
 * Whether a change takes something away: another role, a location removed, or pay approval withdrawn. The
 * member's sessions then end, so they sign in again with the new scope; a change that only adds locations or
 * ticks pay approval leaves them signed in.
 */
export function narrows(before: Access, after: Access): boolean {
  if (before.role !== after.role) return true;
  if (before.locationIds.some((id) => !after.locationIds.includes(id))) return true;
  return approvesPay(before) && !approvesPay(after);
}
