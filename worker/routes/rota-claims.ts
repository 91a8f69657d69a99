import { Hono } from "hono";
import type { RotaWarning } from "../contracts/rota";
import { rotaParams } from "../contracts/rota";
import {
  CLAIM_OVERLAP_MANAGER,
  CLAIM_WARNINGS_MANAGER,
  type ClaimSettings,
  claimParams,
  claimSettingsRequest,
  type DecideClaimResponse,
  decideClaimRequest,
  type PendingClaimsResponse,
} from "../contracts/staff-shifts";
import { listEmployees } from "../db/employees";
import { readLocationSettings, saveLocationSettings } from "../db/location-settings";
import { safeTimeZone } from "../domain/local-time";
import { hubFor } from "../durable/client";
import { ApiError } from "../lib/errors";
import { jsonBody, optionalJsonBody, params } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import { actorOf } from "../middleware/session";
import { claimRefused, claimWarnings, shiftWhen, tellClaimants } from "../services/shift-claims";
import type { AppEnv } from "../types";

// Staff's claims on open shifts, as managers decide them (docs/staff-app.md, "My shifts, availability and open
// shifts"): the pending claims, approving one (the rota's working-time checks first, as publishing does) or
// declining it, and whether the location lets claims through automatically.

const iso = (instant: number) => new Date(instant).toISOString();

export const rotaClaimRoutes = new Hono<AppEnv>()
  .get("/:locationId/claims", params(rotaParams), ownedLocation, async (c) => {
    const { db, location } = c.var;
    const [pending, staff] = await Promise.all([
      hubFor(c.env, location.id).pendingClaims(),
      listEmployees(db, location.id),
    ]);
    const names = new Map(staff.map((e) => [e.id, `${e.first_name} ${e.last_name}`]));
    return c.json<PendingClaimsResponse>({
      claims: pending.map(({ claim, shift }) => ({
        claim_id: claim.id,
        shift_id: shift.id,
        employee_id: claim.employeeId,
        name: names.get(claim.employeeId) ?? "Former employee",
        claimed_at: iso(claim.createdAt),
        start_at: iso(shift.start),
        end_at: iso(shift.end),
        role: shift.role,
      })),
    });
  })

  .post(
    "/:locationId/claims/:claimId/approve",
    params(claimParams),
    ownedLocation,
    optionalJsonBody(decideClaimRequest),
    async (c) => {
      const { db, location } = c.var;
      const { claimId } = c.req.valid("param");
      const acknowledged = c.req.valid("json")?.acknowledge_warnings === true;
      const zone = safeTimeZone(location.timezone);
      const hub = hubFor(c.env, location.id);
      const claim = await hub.shiftClaim(claimId);
      if (!claim) throw claimRefused("not_found", true);
      if (claim.status !== "pending") throw claimRefused("not_pending", true);
      const name = (await listEmployees(db, location.id)).find((e) => e.id === claim.employeeId);
      const who = name ? `${name.first_name} ${name.last_name}` : "This employee";
      const checked = await hub.checkClaim(claim.shiftId, claim.employeeId);
      if (!checked.ok) {
        if (checked.refusal !== "overlap") throw claimRefused(checked.refusal);
        throw new ApiError(409, CLAIM_OVERLAP_MANAGER(who, ...shiftWhen(checked.clash, zone)));
      }
      const warnings = await claimWarnings(c.env, db, location, checked.shift, claim.employeeId, Date.now());
      if (warnings.length > 0 && !acknowledged) {
        return c.json<{ detail: string; warnings: RotaWarning[] }>(
          { detail: CLAIM_WARNINGS_MANAGER(warnings.length), warnings },
          409,
        );
      }
      const result = await hub.decideClaim(claimId, true, actorOf(c));
      if (!result.ok) {
        if (result.refusal !== "overlap")
          throw claimRefused(result.refusal, result.refusal === "not_pending");
        throw new ApiError(409, CLAIM_OVERLAP_MANAGER(who, ...shiftWhen(result.clash, zone)));
      }
      await tellClaimants(c.env, db, location, result.shift, {
        employeeId: claim.employeeId,
        approved: true,
        declined: result.declined,
      });
      return c.json<DecideClaimResponse>({ claim_id: claimId, status: "approved" });
    },
  )

  .post("/:locationId/claims/:claimId/decline", params(claimParams), ownedLocation, async (c) => {
    const { db, location } = c.var;
    const { claimId } = c.req.valid("param");
    const result = await hubFor(c.env, location.id).decideClaim(claimId, false, actorOf(c));
    if (!result.ok) throw claimRefused(result.refusal === "overlap" ? "taken" : result.refusal, true);
    await tellClaimants(c.env, db, location, result.shift, {
      employeeId: result.claim.employeeId,
      approved: false,
      declined: [],
    });
    return c.json<DecideClaimResponse>({ claim_id: claimId, status: "declined" });
  })

  .get("/:locationId/claim-settings", params(rotaParams), ownedLocation, async (c) =>
    c.json<ClaimSettings>({
      auto_approve_claims: (await readLocationSettings(c.var.db, c.var.location.id)).autoApproveClaims,
    }),
  )

  .put(
    "/:locationId/claim-settings",
    params(rotaParams),
    ownedLocation,
    jsonBody(claimSettingsRequest),
    async (c) => {
      const { db, location, user } = c.var;
      const saved = await saveLocationSettings(db, user.id, actorOf(c), location.id, c.req.valid("json"));
      return c.json<ClaimSettings>({ auto_approve_claims: saved.autoApproveClaims });
    },
  );
