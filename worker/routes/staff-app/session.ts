import { Hono } from "hono";
import type { StaffMe } from "../../contracts/staff";
import { revokeStaffSession } from "../../db/staff-sessions";
import { noBody } from "../../lib/validate";
import type { AppEnv } from "../../types";

// Who is signed in, and signing out (docs/staff-app.md).

export const staffSessionRoutes = new Hono<AppEnv>()
  .get("/me", async (c) => {
    const staff = c.var.staff;
    return c.json<StaffMe>({
      employee_id: staff.employeeId,
      first_name: staff.firstName,
      last_name: staff.lastName,
      email: staff.email,
      location: staff.location,
    });
  })

  .post("/auth/logout", noBody, async (c) => {
    await revokeStaffSession(c.var.db, c.var.staff.tokenHash);
    return c.json({ success: true });
  });
