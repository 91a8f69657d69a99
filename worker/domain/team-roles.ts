// Who in an account's team may do what (docs/team.md): fixed roles, a fixed list of permissions, and one
// function that answers. Pure data: the permission middleware and the docs' table both read it.

import type { ApiKeyScope } from "../contracts/api-keys";
import { PERMISSIONS, type Permission, ROLE_LABELS, ROLES, type Role } from "../contracts/team";

export { PERMISSIONS, type Permission, ROLE_LABELS, ROLES, type Role } from "../contracts/team";

/** Only the owner sees billing, closes the account or hands it over. */
const OWNER_ONLY: readonly Permission[] = ["billing", "account:close", "team:transfer"];

/** A location manager's day-to-day at their own locations. */
const LOCATION_MANAGER: readonly Permission[] = [
  "locations:read",
  "live:read",
  "employees:read",
  "employees:edit",
  "pins:edit",
  "breaks:edit",
  "hours:read",
  "timesheets:read",
  "timesheets:edit",
  "rota:read",
  "rota:edit",
  "leave:read",
  "leave:approve",
  "pay-terms:read",
  "compliance:read",
  "kiosk:edit",
  "reports:read",
  "account:read",
];

/** What a location manager gains when the owner ticks "may approve pay". */
const PAY_APPROVAL: readonly Permission[] = ["pay:approve", "payroll:export"];

/** Reads hours, timesheets, compliance and pay terms everywhere; approves, unlocks and exports pay. */
const PAYROLL: readonly Permission[] = [
  "locations:read",
  "live:read",
  "employees:read",
  "hours:read",
  "timesheets:read",
  "rota:read",
  "leave:read",
  "pay:approve",
  "payroll:export",
  "pay-terms:read",
  "compliance:read",
  "reports:read",
  "account:read",
];

/** Roles that see only the locations assigned to them; the others see every location of the account. */
export const isLocationScoped = (role: Role) => role === "location_manager";

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/**
 * A stored sign-in's role: the owner only when the row is the account itself (no `account_id`); a member's
 * unknown or "owner" role grants nothing beyond a location manager's scope.
 */
export const roleOf = (row: { accountId: string | null; role: string | null }): Role =>
  row.accountId === null ? "owner" : isRole(row.role) && row.role !== "owner" ? row.role : "location_manager";

export function can(role: Role, permission: Permission, options: { mayApprovePay?: boolean } = {}): boolean {
  switch (role) {
    case "owner":
      return true;
    case "admin":
      return !OWNER_ONLY.includes(permission);
    case "location_manager":
      return (
        LOCATION_MANAGER.includes(permission) ||
        (options.mayApprovePay === true && PAY_APPROVAL.includes(permission))
      );
    case "payroll":
      return PAYROLL.includes(permission);
  }
}

/** Everything the member's role allows, for the SPA to hide what they cannot use. */
export const permissionsOf = (member: Pick<Member, "role" | "mayApprovePay">): Permission[] =>
  PERMISSIONS.filter((permission) => can(member.role, permission, member));

/** The refusal's detail: a clear sentence naming what the role cannot do. */
export const PERMISSION_DENIED = (role: Role) =>
  `Your role (${ROLE_LABELS[role]}) does not allow this. Ask the account's owner or an admin.`;

/**
 * The person signed in (`c.var.member`), beside the account they act for (`c.var.user`, the owner's row).
 * `locationIds` is null for roles that see every location.
 */
export type Member = {
  id: string;
  name: string;
  role: Role;
  locationIds: readonly string[] | null;
  mayApprovePay: boolean;
  /** Set when the caller is an API key (docs/public-api.md): its scope decides, not the role. */
  apiKey?: { scope: ApiKeyScope; seesPay: boolean };
};

/** Whether the member may see the location at all: out of scope reads as not existing (404). */
export const inScope = (member: Member, locationId: string) =>
  member.locationIds === null || member.locationIds.includes(locationId);

/** An account-wide list cut to the locations the member may see. */
export const visibleTo = <T extends { id: string }>(member: Member, locations: readonly T[]): T[] =>
  locations.filter((location) => inScope(member, location.id));
