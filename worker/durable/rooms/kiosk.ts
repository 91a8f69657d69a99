import type { KioskEmployee, KioskLocation, OfflinePunch, OfflinePunchResult } from "../../contracts/kiosk";
import { appSecret } from "../../lib/config";
import type { HubCore } from "../hub-core";
import type { HubRecords, Site } from "../hub-records";
import type { StaffEditor } from "../hub-staff";
import { type PunchOutcome, type PunchRequest, preparePunch, punch } from "../punch";

const PRUNE_EVERY_MS = 24 * 60 * 60_000;

/** Who a kiosk call comes from: the public kiosk, or one paired device. */
export type KioskCaller = { source: string; deviceId: string | null };

/**
 * Why a kiosk may not use this location now; the Worker words it. `retired`: the location was archived or
 * its account closed, so no kiosk of it will work again.
 */
export type KioskRefusal = "not_found" | "retired" | "only_paired" | "not_paired";

export type KioskView =
  | { ok: true; location: KioskLocation; staff: KioskEmployee[] }
  | { ok: false; refusal: KioskRefusal };

export type SubmitAnswer = PunchOutcome | { kind: "kiosk_refused"; refusal: KioskRefusal };

/** The kiosks' room: punches live and offline, what a kiosk shows, and the PIN guard's locks. */
export class KioskRoom {
  constructor(private readonly hub: HubCore) {}

  /**
   * A kiosk check-in or check-out. The employee lookup and PIN hash run side by side for every submit;
   * the decision and its write are one synchronous step, so no two interleave and nothing waits on D1.
   */
  async submit(request: PunchRequest & { deviceId: string | null }): Promise<SubmitAnswer> {
    const { hub } = this;
    const site = await hub.site();
    const refusal = admit(site, request, hub.records);
    if (refusal || !site) return { kind: "kiosk_refused", refusal: refusal ?? "not_found" };
    const prepared = await preparePunch(hub.records.siteCopy.punchable(), appSecret(hub.env()), request);
    const now = Date.now();
    const answer = punch(
      {
        storage: hub.pins,
        records: hub.records,
        now,
        timeZone: site.timezone,
        recordBreaks: site.recordBreaks,
        incidentOpened: (source: string) => {
          const incident = hub.pins.openIncidents(now).find((open) => open.source === source);
          hub.waitUntil(hub.control.reportIncident(incident));
          hub.waitUntil(hub.live.pushLiveStatus());
        },
      },
      request,
      prepared,
    );
    const recorded = answer.kind === "recorded";
    if (recorded) {
      // A device's last use is its last clock-in or clock-out, as the account export describes it.
      if (request.deviceId) hub.records.usage.touchDevice(request.deviceId, now);
      hub.waitUntil(hub.live.pushLiveStatus());
      // The account's webhooks hear of it after the answer has gone (docs/webhooks.md, "Punches").
      hub.waitUntil(hub.control.punched());
    }
    // Live Status lists who is locked out, with an Unlock button.
    if (answer.kind === "locked") hub.waitUntil(hub.live.pushLiveStatus());
    // What a recorded punch left unreported (its day's check-ins, the device's last use) reaches D1 within ten
    // to fifteen minutes; what a refused one stored (a wrong PIN, an answer to replay) is pruned by the alarm
    // if nothing else comes. Usage left unreported earlier already has its alarm, and the alarm sets the next
    // one.
    hub.waitUntil(hub.alarms.ensure(now + (recorded ? hub.reportEvery : PRUNE_EVERY_MS)));
    return answer;
  }

  /** The public key a paired kiosk seals the PINs of offline punches to, or why it may not have it. */
  async sealKey(
    caller: KioskCaller,
  ): Promise<{ ok: true; key: string } | { ok: false; refusal: KioskRefusal }> {
    const refusal = admit(await this.hub.site(), caller, this.hub.records);
    if (refusal) return { ok: false, refusal };
    return { ok: true, key: JSON.stringify((await this.hub.offline.keys()).publicJwk) };
  }

  /**
   * A paired kiosk's offline punches, oldest first: PINs unsealed and hashed side by side, then every
   * decision and write in one synchronous step, like a live punch.
   */
  async offlinePunches(
    caller: KioskCaller & { deviceId: string },
    punches: OfflinePunch[],
  ): Promise<{ ok: true; results: OfflinePunchResult[] } | { ok: false; refusal: KioskRefusal }> {
    const { hub } = this;
    const refusal = admit(await hub.site(), caller, hub.records);
    if (refusal) return { ok: false, refusal };
    const prepared = await hub.offline.prepare(punches, appSecret(hub.env()));
    const now = Date.now();
    const results = hub.offline.decide(caller.deviceId, prepared, now);
    if (results.some((r) => r.status === "recorded")) hub.records.usage.touchDevice(caller.deviceId, now);
    hub.waitUntil(hub.live.pushLiveStatus());
    hub.waitUntil(hub.control.punched());
    hub.waitUntil(hub.alarms.ensure(now + hub.reportEvery));
    return { ok: true, results };
  }

  /** What a kiosk shows: the location's name and look and its active staff, or why it may not. */
  async kiosk(caller: KioskCaller): Promise<KioskView> {
    const site = await this.hub.site();
    const refusal = admit(site, caller, this.hub.records);
    if (refusal || !site) return { ok: false, refusal: refusal ?? "not_found" };
    return {
      ok: true,
      location: { id: site.id, name: site.name, record_breaks: site.recordBreaks, ...site.appearance },
      staff: this.hub.records.siteCopy.kioskStaff(),
    };
  }

  /** Whether a kiosk caller may use the location now (a paired kiosk asking for a socket ticket). */
  async admits(caller: KioskCaller): Promise<KioskRefusal | null> {
    return admit(await this.hub.site(), caller, this.hub.records);
  }

  /**
   * A manager unlocks an employee locked out at any of the location's kiosks, audited in the same step;
   * null when no such employee works here, else how many kiosks' locks were lifted.
   */
  async unlockPins(employeeId: string, by: StaffEditor): Promise<number | null> {
    const { hub } = this;
    if (!(await hub.employs(employeeId))) return null;
    const now = Date.now();
    let lifted: { source: string; lockedUntil: number }[] = [];
    hub.ctx.storage.transactionSync(() => {
      lifted = hub.pins.unlock(employeeId, now);
      if (lifted.length === 0) return;
      hub.records.audits.add({
        entity: "employee",
        entityId: employeeId,
        action: "pin_unlocked",
        actor: by,
        before: { locked_until: new Date(Math.max(...lifted.map((l) => l.lockedUntil))).toISOString() },
        after: { locked_until: null },
        at: now,
      });
    });
    if (lifted.length > 0) await hub.afterAudited();
    return lifted.length;
  }
}

/** Whether a kiosk caller may use the location now: it is open, and the caller is one it accepts. */
function admit(
  site: Site | null,
  caller: { deviceId: string | null },
  records: HubRecords,
): KioskRefusal | null {
  if (!site) return "not_found";
  if (!site.open) return "retired";
  if (caller.deviceId) return records.siteCopy.isPaired(caller.deviceId) ? null : "not_paired";
  return site.onlyPaired ? "only_paired" : null;
}
