// The team's roles and permissions as data, and who is signed in as a sign-in answer carries it (docs/team.md).
// Zod-free and free of the other contracts, so the sign-in contracts and the team's can both name them; what
// each role may do is worker/domain/team-roles.ts.

export const ROLES = ["owner", "admin", "location_manager", "payroll"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  "locations:read",
  "locations:edit",
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
  "pay:approve",
  "payroll:export",
  "pay-terms:read",
  "pay-terms:edit",
  "compliance:read",
  "kiosk:edit",
  "reports:read",
  "settings:edit",
  "integrations:manage",
  "account:read",
  "account:export",
  "assistant:use",
  "billing",
  "account:close",
  "team:manage",
  "team:transfer",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin",
  location_manager: "Location manager",
  payroll: "Payroll",
};

/** Who is signed in, beside the account they act for (`user`): in the sign-in answers and GET /api/user/me. */
export type SessionMember = {
  id: string;
  name: string;
  role: Role;
  location_ids: string[] | null;
  may_approve_pay: boolean;
  /** What the role allows (worker/domain/team-roles.ts): the SPA hides what it cannot use. */
  permissions: Permission[];
};
