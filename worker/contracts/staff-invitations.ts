import { z } from "zod";
import { idParam } from "./params";

// Inviting staff to the staff app (docs/staff-app.md, "Invitations").

/** Invitations sent at most this often per employee: a second click within it sends nothing. */
export const STAFF_INVITATION_GAP_MS = 10 * 60_000;

export const staffAppInvitationRequest = z.strictObject({
  employee_ids: z
    .array(idParam("Employee id"), { error: "employee_ids must be a list of employee ids" })
    .min(1, "Choose at least one employee to invite")
    .max(500, "At most 500 employees can be invited at once"),
});

/**
 * Who was e-mailed, who has no address to e-mail (by name), and who was invited in the last ten minutes
 * and so was not e-mailed again (by name).
 */
export type StaffAppInvitationResponse = {
  invited: string[];
  without_email: string[];
  recently_invited: string[];
};
