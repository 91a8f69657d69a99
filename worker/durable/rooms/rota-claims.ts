import { asPublished, type PlannedShift, type StoredShift } from "../../domain/rota";
import { newId } from "../../lib/crypto";
import { assignOpenShift, HubClaims, type ShiftClaim } from "../hub-claims";
import type { HubCore } from "../hub-core";
import type { Manager } from "../hub-entries";
import type { Bounds } from "../hub-records";

// Open shifts and staff's claims on them (docs/staff-app.md, "My shifts, availability and open shifts"). An
// open shift is a published shift with nobody's name, as published and as planned now. A claim, and a
// manager's decision on one, are each one synchronous transaction: two claims racing for a shift that the
// location approves automatically cannot both win.

export type OpenShift = { shift: PlannedShift; claims: ShiftClaim[] };

export type ClaimRefusal = "not_found" | "taken" | "started" | "overlap" | "already_claimed" | "not_pending";

export type ClaimCheck = { ok: true; shift: PlannedShift } | Extract<ClaimResult, { ok: false }>;

export type ClaimResult =
  | { ok: true; claim: ShiftClaim; shift: PlannedShift; declined: string[] }
  | { ok: false; refusal: Exclude<ClaimRefusal, "overlap"> }
  | { ok: false; refusal: "overlap"; clash: PlannedShift };

/** The shift as staff were shown it, when it is still open (nobody's, as published and as planned). */
const openAsPublished = (shift: StoredShift | null): PlannedShift | null => {
  const published = shift ? asPublished(shift) : null;
  if (!shift || shift.deleted || !published) return null;
  return published.employeeId === null && shift.employeeId === null ? published : null;
};

export class RotaClaimsRoom {
  readonly #claims: HubClaims;

  constructor(private readonly hub: HubCore) {
    this.#claims = new HubClaims(hub.ctx.storage.sql);
  }

  /** The open shifts starting in the period and after `now`, each with its claims. */
  async openShifts(bounds: Bounds, now: number): Promise<OpenShift[]> {
    await this.hub.site();
    const pending = this.#claims.pending();
    const open: OpenShift[] = [];
    for (const stored of this.hub.rota.begunBetween(bounds)) {
      const shift = openAsPublished(stored);
      if (!shift || shift.start <= now) continue;
      open.push({ shift, claims: pending.filter((c) => c.shiftId === shift.id) });
    }
    return open;
  }

  /** The shifts this employee claimed (any status), by shift id. */
  async claimsOf(employeeId: string): Promise<ShiftClaim[]> {
    await this.hub.site();
    return this.#claims.employeeClaims(employeeId);
  }

  /**
   * Whether the shift could be given to this employee now (open, not started, no overlap with theirs): the
   * checks before the working-time ones, which the claim itself makes again in its transaction.
   */
  async checkClaim(shiftId: string, employeeId: string): Promise<ClaimCheck> {
    await this.hub.site();
    const result = this.#stillOpen(shiftId, employeeId, Date.now());
    return "refusal" in result ? result : { ok: true, shift: result };
  }

  async pendingClaims(): Promise<{ claim: ShiftClaim; shift: PlannedShift }[]> {
    await this.hub.site();
    return this.#claims.pending().flatMap((claim) => {
      const stored = this.hub.rota.find(claim.shiftId);
      const shift = stored ? asPublished(stored) : null;
      return shift ? [{ claim, shift }] : [];
    });
  }

  async claim(id: string): Promise<ShiftClaim | null> {
    await this.hub.site();
    return this.#claims.find(id);
  }

  /**
   * A staff member claims an open shift: refused when it is no longer open, has started, or would overlap one
   * of theirs. With `autoApprove` the first valid claim takes the shift there and then.
   */
  async claimShift(shiftId: string, claimant: Manager, autoApprove: boolean): Promise<ClaimResult> {
    return this.#write((now) => {
      const shift = this.#stillOpen(shiftId, claimant.id, now);
      if ("refusal" in shift) return shift;
      const id = newId();
      if (!this.#claims.add(id, shiftId, claimant.id, now)) return { ok: false, refusal: "already_claimed" };
      this.#audit(shiftId, "shift_claimed", claimant, { claim_id: id }, now);
      const claim = this.#claims.find(id) as ShiftClaim;
      if (!autoApprove) return { ok: true, claim, shift, declined: [] };
      return this.#approve(claim, shift, claimant, now);
    });
  }

  /** A manager approves (the shift becomes the claimant's, the others on it are declined) or declines a claim. */
  async decideClaim(claimId: string, approve: boolean, by: Manager): Promise<ClaimResult> {
    return this.#write((now) => {
      const claim = this.#claims.find(claimId);
      if (!claim) return { ok: false, refusal: "not_found" };
      if (claim.status !== "pending") return { ok: false, refusal: "not_pending" };
      if (!approve) {
        this.#claims.decide(claim, "declined", by, now);
        this.#audit(
          claim.shiftId,
          "claim_declined",
          by,
          { claim_id: claim.id, employee_id: claim.employeeId },
          now,
        );
        const stored = this.hub.rota.find(claim.shiftId);
        const shift = stored ? asPublished(stored) : null;
        if (!shift) return { ok: false, refusal: "not_found" };
        return { ok: true, claim: this.#claims.find(claimId) as ShiftClaim, shift, declined: [] };
      }
      const shift = this.#stillOpen(claim.shiftId, claim.employeeId, now);
      if ("refusal" in shift) return shift;
      return this.#approve(claim, shift, by, now);
    });
  }

  #stillOpen(
    shiftId: string,
    employeeId: string,
    now: number,
  ): PlannedShift | Extract<ClaimResult, { ok: false }> {
    const stored = this.hub.rota.find(shiftId);
    if (!stored || stored.published === null) return { ok: false, refusal: "not_found" };
    const shift = openAsPublished(stored);
    if (!shift) return { ok: false, refusal: "taken" };
    if (shift.start <= now) return { ok: false, refusal: "started" };
    const clash = this.hub.rota.clash({ ...shift, employeeId }, shiftId);
    if (clash) return { ok: false, refusal: "overlap", clash };
    return shift;
  }

  #approve(claim: ShiftClaim, shift: PlannedShift, by: Manager, now: number): ClaimResult {
    assignOpenShift(this.hub.ctx.storage.sql, shift.id, claim.employeeId, by, now);
    const declined = this.#claims.decide(claim, "approved", by, now);
    this.#audit(shift.id, "claim_approved", by, { claim_id: claim.id, employee_id: claim.employeeId }, now);
    return {
      ok: true,
      claim: this.#claims.find(claim.id) as ShiftClaim,
      shift: { ...shift, employeeId: claim.employeeId },
      declined,
    };
  }

  /** One transaction; a shift given away changes the published rota, which the live watch reads again. */
  async #write(decide: (now: number) => ClaimResult): Promise<ClaimResult> {
    await this.hub.site();
    const now = Date.now();
    const result = this.hub.ctx.storage.transactionSync(() => decide(now));
    await this.hub.afterAudited();
    if (result.ok && result.claim.status === "approved") await this.hub.afterRotaPublished();
    return result;
  }

  #audit(shiftId: string, action: string, by: Manager, after: object, at: number) {
    this.hub.records.audits.add({
      entity: "rota",
      entityId: shiftId,
      action,
      actor: by,
      before: null,
      after,
      at,
    });
  }
}
