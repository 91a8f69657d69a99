import { z } from "zod";
import { email, existingPassword, fullName, type LoginResponse, newPassword } from "./auth";
import { idParam } from "./params";
import type { Role, SessionMember } from "./roles";

// A team behind each account (docs/team.md): roles, invitations, members, ownership. Shared by the Worker and
// the SPA; what each role may do is worker/domain/team-roles.ts.

export { PERMISSIONS, type Permission, ROLE_LABELS, ROLES, type Role, type SessionMember } from "./roles";

/** The roles an invitation or an edit may give: there is one owner, made only by a transfer. */
export const INVITABLE_ROLES = ["admin", "location_manager", "payroll"] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

const invitableRole = z.enum(INVITABLE_ROLES, { error: "Choose a role: Admin, Location manager or Payroll" });

/** The locations a location manager runs; ignored (stored empty) for the roles that see every location. */
const locationIds = z
  .array(idParam("Location id"), { error: "Locations must be a list of location ids" })
  .max(500, "Too many locations");

export const inviteRequest = z.strictObject({
  email,
  role: invitableRole,
  location_ids: locationIds.optional(),
  may_approve_pay: z.boolean({ error: "May approve pay must be true or false" }).optional(),
});
export type InviteRequest = z.input<typeof inviteRequest>;

export const updateMemberRequest = z.strictObject({
  role: invitableRole,
  location_ids: locationIds,
  may_approve_pay: z.boolean({ error: "May approve pay must be true or false" }),
});
export type UpdateMemberRequest = z.input<typeof updateMemberRequest>;

export const transferOwnershipRequest = z.strictObject({
  member_id: idParam("Member id"),
  password: existingPassword,
});

export const memberParams = z.object({ memberId: idParam("Member id") });
export const invitationParams = z.object({ invitationId: idParam("Invitation id") });
/** The link's token: 256 bits, base64url (43 characters). */
export const invitationTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This invitation link is not valid"),
});

export const acceptInvitationRequest = z
  .strictObject({
    name: fullName,
    password: newPassword,
    confirm_password: z.string({ error: "Please confirm your password" }),
  })
  .refine((body) => body.password === body.confirm_password, {
    message: "Passwords do not match",
    path: ["confirm_password"],
  });
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequest>;

export type TeamMember = {
  id: string;
  name: string;
  username: string;
  email: string;
  role: Role;
  /** Null for the roles that see every location. */
  location_ids: string[] | null;
  may_approve_pay: boolean;
  /** ISO 8601 UTC, null until their first sign-in. */
  last_sign_in_at: string | null;
  /** The member reading the list. */
  is_you: boolean;
};

export type TeamInvitation = {
  id: string;
  email: string;
  role: InvitableRole;
  location_ids: string[] | null;
  may_approve_pay: boolean;
  invited_by: string;
  /** ISO 8601 UTC. */
  created_at: string;
  expires_at: string;
};

export type TeamResponse = {
  members: TeamMember[];
  invitations: TeamInvitation[];
  /** Members and pending invitations count against the plan's allowance; null max is unlimited. */
  allowance: { used: number; max: number | null };
};

// Managing the team (GET/PUT/DELETE /api/manager/team, transfer-ownership): the refusals' sentences.
export const MEMBER_NOT_FOUND = "Team member not found";
export const OWNER_NOT_EDITABLE =
  "The owner's role and locations cannot be changed. Ownership moves to someone else only by a transfer.";
export const OWNER_NOT_REMOVABLE =
  "The account's owner cannot be removed. Transfer ownership to someone else first.";
export const ADMINS_OWNER_ONLY = "Only the account's owner can change or remove an admin.";
export const LOCATION_MANAGER_NEEDS_LOCATION = "Choose at least one location for a location manager.";
export const TRANSFER_WRONG_PASSWORD = "That password is not right. Ownership has not been transferred.";
export const TRANSFER_TO_SELF = "You already own this account. Choose a member of your team.";

export type UpdateMemberResponse = { member: TeamMember; signed_out: boolean };
export type RemoveMemberResponse = { success: true; message: string };
export type TransferOwnershipResponse = { success: true; message: string };

/** GET /api/team/invitations/{token}: what the accept page shows before anyone signs in. */
export type InvitationView = {
  account_name: string;
  invited_by: string;
  email: string;
  role: InvitableRole;
  location_names: string[];
  may_approve_pay: boolean;
  expires_at: string;
};

/** Every link that cannot be used (unknown, used, revoked, expired) answers this, so none can be told apart. */
export const INVITATION_NOT_VALID = "This invitation link is not valid or has expired";

/** POST /api/team/invitations/{token}/accept: the new member is signed in, as a sign-in answers. */
export type AcceptInvitationResponse = LoginResponse & { member: SessionMember };
