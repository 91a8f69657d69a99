import { Hono } from "hono";
import { type AvailabilityResponse, availabilityRequest } from "../../contracts/staff-shifts";
import { replaceUnavailableTimes, unavailableTimesOf } from "../../db/availability";
import { availabilityProblem } from "../../domain/availability";
import { badRequest } from "../../lib/errors";
import { jsonBody } from "../../lib/validate";
import type { AppEnv } from "../../types";

// The times each week I cannot work (docs/staff-app.md, "My shifts, availability and open shifts"): the whole
// list is read and replaced at once, for the signed-in employee only.

export const staffAvailabilityRoutes = new Hono<AppEnv>()
  .get("/availability", async (c) =>
    c.json<AvailabilityResponse>({ unavailable: await unavailableTimesOf(c.var.db, c.var.staff.employeeId) }),
  )

  .put("/availability", jsonBody(availabilityRequest), async (c) => {
    const unavailable = c.req.valid("json").unavailable.map((t) => ({ ...t, note: t.note || null }));
    const problem = availabilityProblem(unavailable);
    if (problem) throw badRequest(problem);
    await replaceUnavailableTimes(c.var.db, c.var.staff.employeeId, unavailable);
    return c.json<AvailabilityResponse>({
      unavailable: await unavailableTimesOf(c.var.db, c.var.staff.employeeId),
    });
  });
