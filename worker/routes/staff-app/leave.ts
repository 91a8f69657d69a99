import { Hono } from "hono";
import {
  type LeaveRequestCreated,
  type LeaveRequestView,
  leaveRequestCreate,
  leaveRequestParams,
  type StaffHolidayResponse,
  type StaffLeaveRequestsResponse,
} from "../../contracts/staff-leave";
import { employeeLeaveRequests } from "../../db/leave-requests";
import { jsonBody, noBody, params } from "../../lib/validate";
import { askForLeave, cancelLeave, leaveRequestView, staffHoliday } from "../../services/leave-requests";
import type { AppEnv } from "../../types";

// The staff app: my holiday and leave requests (docs/staff-app.md, "Holiday and leave requests"). Mounted at
// /api/staff/me behind the staff session guard; every call acts on the signed-in employee's own records.

export const staffLeaveRoutes = new Hono<AppEnv>()
  .get("/holiday", async (c) =>
    c.json<StaffHolidayResponse>(await staffHoliday(c.env, c.var.db, c.var.staff, Date.now())),
  )

  .get("/leave-requests", async (c) => {
    const rows = await employeeLeaveRequests(c.var.db, c.var.staff.employeeId);
    return c.json<StaffLeaveRequestsResponse>({ requests: rows.map(leaveRequestView) });
  })

  .post("/leave-requests", jsonBody(leaveRequestCreate), async (c) => {
    const created = await askForLeave(c.env, c.var.db, c.var.staff, c.req.valid("json"), Date.now());
    return c.json<LeaveRequestCreated>(created, 201);
  })

  .delete("/leave-requests/:requestId", params(leaveRequestParams), noBody, async (c) => {
    const { requestId } = c.req.valid("param");
    return c.json<{ request: LeaveRequestView }>({
      request: await cancelLeave(c.env, c.var.db, c.var.staff, requestId, Date.now()),
    });
  });
