import { Hono } from "hono";
import { EMPLOYEE_NOT_FOUND } from "../contracts/employees";
import { locationParams } from "../contracts/params";
import { type StaffAppInvitationResponse, staffAppInvitationRequest } from "../contracts/staff-invitations";
import { claimInvitations, invitableStaff } from "../db/staff-invitations";
import { notFound } from "../lib/errors";
import { jsonBody, params } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import { mailerFor } from "../services/email";
import { staffInvitationEmail } from "../services/staff-invitation-email";
import type { AppEnv } from "../types";

// Inviting a location's staff to the staff app (docs/staff-app.md, "Invitations"): an e-mail to each one
// with an address, saying where the app is and how to sign in. Mounted at /api/manager/employees.

const fullName = (e: { firstName: string; lastName: string }) => `${e.firstName} ${e.lastName}`;

export const staffAppInvitationRoutes = new Hono<AppEnv>().post(
  "/:locationId/staff-app-invitations",
  params(locationParams),
  jsonBody(staffAppInvitationRequest),
  ownedLocation,
  async (c) => {
    const { db, location } = c.var;
    const ids = [...new Set(c.req.valid("json").employee_ids)];
    const mailer = mailerFor(c.env, db);
    // Every id must be one of this location's current staff: one that is not tells nothing about it.
    const staff = await invitableStaff(db, location.id, ids);
    if (staff.length !== ids.length) throw notFound(EMPLOYEE_NOT_FOUND);
    const claimed = await claimInvitations(db, location.id, ids);
    for (const employee of claimed) {
      if (!employee.email) continue;
      const message = staffInvitationEmail({
        firstName: employee.firstName,
        locationName: location.name,
        appUrl: c.env.APP_URL,
        email: employee.email,
      });
      await mailer.send({ to: employee.email, ...message });
    }
    const sent = new Set(claimed.map((e) => e.id));
    return c.json<StaffAppInvitationResponse>({
      invited: claimed.map((e) => e.id),
      without_email: staff.filter((e) => !e.email).map(fullName),
      recently_invited: staff.filter((e) => e.email && !sent.has(e.id)).map(fullName),
    });
  },
);
