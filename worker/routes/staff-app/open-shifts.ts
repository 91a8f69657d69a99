import { Hono } from "hono";
import type { RotaWarning } from "../../contracts/rota";
import {
  CLAIM_OVERLAP,
  CLAIM_WARNINGS,
  type ClaimResponse,
  MY_SHIFTS_DAYS,
  type OpenShiftsResponse,
  openShiftParams,
} from "../../contracts/staff-shifts";
import { findOwnedLocation } from "../../db/locations";
import { safeTimeZone } from "../../domain/local-time";
import { addDays, localDateOf, startOfLocalDate } from "../../domain/time-zone";
import { hubFor } from "../../durable/client";
import { ApiError, notFound } from "../../lib/errors";
import { noBody, params } from "../../lib/validate";
import { myShiftView } from "../../services/my-shifts";
import {
  autoApprovesClaims,
  claimRefused,
  claimWarnings,
  shiftWhen,
  tellClaimants,
} from "../../services/shift-claims";
import type { AppEnv } from "../../types";

// Open shifts at my location and claiming one (docs/staff-app.md, "My shifts, availability and open shifts").
// A claim is checked as the rota checks a shift (open, not started, no overlap, the working-time rules with
// the shift given to me), then waits for a manager, unless the location approves claims automatically.

export const staffOpenShiftRoutes = new Hono<AppEnv>()
  .get("/open-shifts", async (c) => {
    const { staff } = c.var;
    const zone = safeTimeZone(staff.location.timezone);
    const now = Date.now();
    const today = localDateOf(now, zone);
    const hub = hubFor(c.env, staff.location.id);
    const bounds = {
      start: startOfLocalDate(today, zone),
      end: startOfLocalDate(addDays(today, MY_SHIFTS_DAYS), zone),
    };
    const [open, mine] = await Promise.all([hub.openShifts(bounds, now), hub.claimsOf(staff.employeeId)]);
    const myClaim = new Map(mine.map((claim) => [claim.shiftId, claim.status]));
    return c.json<OpenShiftsResponse>({
      today,
      timezone: zone,
      open_shifts: open.map(({ shift }) => {
        const { location_name: _, ...view } = myShiftView(shift, staff.location.name, zone);
        return { ...view, my_claim: myClaim.get(shift.id) ?? null };
      }),
    });
  })

  .post("/open-shifts/:shiftId/claim", params(openShiftParams), noBody, async (c) => {
    const { staff, db } = c.var;
    const { shiftId } = c.req.valid("param");
    const zone = safeTimeZone(staff.location.timezone);
    const hub = hubFor(c.env, staff.location.id);
    const checked = await hub.checkClaim(shiftId, staff.employeeId);
    if (!checked.ok) {
      if (checked.refusal !== "overlap") throw claimRefused(checked.refusal);
      throw new ApiError(409, CLAIM_OVERLAP(...shiftWhen(checked.clash, zone)));
    }
    const location = await findOwnedLocation(db, staff.accountId, staff.location.id);
    if (!location) throw notFound("Location not found");
    const warnings = await claimWarnings(c.env, db, location, checked.shift, staff.employeeId, Date.now());
    if (warnings.length > 0) {
      return c.json<{ detail: string; warnings: RotaWarning[] }>(
        { detail: CLAIM_WARNINGS(warnings.length), warnings },
        409,
      );
    }
    const claimant = { id: staff.employeeId, name: `${staff.firstName} ${staff.lastName}` };
    const result = await hub.claimShift(shiftId, claimant, await autoApprovesClaims(db, location.id));
    if (!result.ok) {
      if (result.refusal !== "overlap") throw claimRefused(result.refusal);
      throw new ApiError(
        409,
        result.clash ? CLAIM_OVERLAP(...shiftWhen(result.clash, zone)) : "This shift overlaps one of yours.",
      );
    }
    if (result.claim.status === "approved") {
      await tellClaimants(c.env, db, staff.location, result.shift, {
        employeeId: staff.employeeId,
        approved: true,
        declined: result.declined,
      });
    }
    return c.json<ClaimResponse>(
      { claim_id: result.claim.id, status: result.claim.status === "approved" ? "approved" : "pending" },
      201,
    );
  });
