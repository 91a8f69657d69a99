import { z } from "zod";
import type { PlanId } from "./auth";
import { idParam } from "./params";

// The super admin console's calls.

export const INVALID_SUPER_ADMIN = "Invalid super admin credentials";

export const superAdminLoginRequest = z.strictObject({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(200),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
  /** The authenticator app's code; required when two-step sign-in is set up (SUPER_ADMIN_TOTP_SECRET). */
  totp: z
    .string({ error: "Authentication code must be 6 digits" })
    .trim()
    .regex(/^\d{6}$/, "Authentication code must be 6 digits")
    .optional(),
});

export type SuperAdminLoginRequest = z.infer<typeof superAdminLoginRequest>;

export type SuperAdminLoginResponse = { session_id: string };

export const vipRequest = z.strictObject({ is_vip: z.boolean({ error: "is_vip must be true or false" }) });
/** POST /api/super-admin/users/{userId}/vip. */
export const userParams = z.object({ userId: idParam("User id") });
export const USER_NOT_FOUND = "User not found";

export const userSearchQuery = z.object({
  search: z.string().max(100, "Search can be at most 100 characters").optional(),
});

export type SuperAdminAnalytics = {
  overview: {
    total_users: number;
    active_users: number;
    recent_users: number;
    total_locations: number;
    total_employees: number;
    recent_events: number;
    ai_queries_total: number;
  };
  plan_distribution: Record<PlanId, number>;
  active_locations: { name: string; event_count: number }[];
  recent_ai_queries: { query: string; timestamp: string }[];
};

export type AdminUser = {
  id: string;
  name: string;
  email: string;
  plan: PlanId;
  is_vip: boolean;
  created_at: string;
  /** The account's team members besides its owner (docs/team.md): a member is not an account. */
  member_count: number;
};

export type AdminUsersResponse = { users: AdminUser[] };
export type VipResponse = { user: AdminUser };
export type SuperAdminLogoutResponse = { success: true };

/** POST /api/super-admin/backfill-hubs: how many locations were visited and sessions newly copied. */
export type BackfillResponse = { locations: number; sessions_copied: number };
