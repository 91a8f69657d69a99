import type { KioskAction } from "../../contracts/kiosk";
import { checkGeofence, keptPosition, type ReportedPosition } from "../../domain/geofence";
import { punchMessages } from "../../domain/punch-rules";
import type { HubCore } from "../hub-core";
import { idempotent, type PunchOutcome, recordFor } from "../punch";

// Staff clocking from their own phones (docs/staff-app.md, "Clocking in from the phone"). The staff session
// says who they are, the site's circle where they must be; the rest is a kiosk punch: the same decision in
// one synchronous step, the same refusals, idempotency and live push, with the position kept beside it.

export type PhonePunchRequest = {
  employeeId: string;
  action: KioskAction;
  position: ReportedPosition;
  idempotencyKey?: string;
  confirmLeave?: boolean;
};

/** Why a phone may not clock here: `off`, not allowed at this location; else where the phone is. */
export type PhoneRefusal =
  | { kind: "phone_refused"; refusal: "off" | "unknown" }
  | { kind: "phone_refused"; refusal: "outside" | "too_vague"; distance: number; place: string };

export type PhoneAnswer = PunchOutcome | PhoneRefusal;

/** Where an employee stands now, for the staff app's Clock card. */
export type PhoneState = {
  enabled: boolean;
  name: string;
  radiusMetres: number;
  recordBreaks: boolean;
  status: { status: "out" } | { status: "in"; since: number } | { status: "on_break"; since: number };
};

export class PhoneRoom {
  constructor(private readonly hub: HubCore) {}

  async phonePunch(request: PhonePunchRequest): Promise<PhoneAnswer> {
    const { hub } = this;
    const site = await hub.site();
    if (!site?.open) return { kind: "phone_refused", refusal: "unknown" };
    const circle = site.phoneClockIn;
    if (!circle) return { kind: "phone_refused", refusal: "off" };
    const now = Date.now();
    const desk = {
      storage: hub.pins,
      records: hub.records,
      now,
      timeZone: site.timezone,
      recordBreaks: site.recordBreaks,
      // No PIN is typed: no wrong-PIN budget to spend.
      incidentOpened: () => undefined,
    };
    // Keys are the staff member's own: one cannot replay another's answer.
    const key = request.idempotencyKey && `phone:${request.employeeId}:${request.idempotencyKey}`;
    const print = () => JSON.stringify([{ id: request.employeeId }, request.action, "phone"]);
    const answer = idempotent<PhoneRefusal>(desk, key, print, () => {
      const check = checkGeofence(circle, request.position);
      if (!check.inside) {
        return { kind: "phone_refused", refusal: check.reason, distance: check.distance, place: site.name };
      }
      const employee = hub.records.siteCopy.punchable().find((e) => e.id === request.employeeId);
      if (!employee) return { kind: "refused", refusal: "invalid", detail: punchMessages.unknownEmployee };
      const isBreak = request.action === "break_start" || request.action === "break_end";
      if (isBreak && !site.recordBreaks) {
        return { kind: "refused", refusal: "invalid", detail: punchMessages.breaksOff };
      }
      const before = hub.records.openSessionOf(employee.id);
      const outcome = recordFor(desk, request, employee.id);
      if (outcome.kind === "recorded") {
        const sessionId = before?.id ?? hub.records.openSessionOf(employee.id)?.id;
        if (sessionId) {
          hub.records.positions.add({
            ...keptPosition(request.position),
            sessionId,
            employeeId: employee.id,
            action: request.action,
            at: now,
            distance: check.distance,
          });
        }
      }
      return outcome;
    });
    if (answer.kind === "recorded") {
      hub.waitUntil(hub.live.pushLiveStatus());
      hub.waitUntil(hub.control.punched());
      hub.waitUntil(hub.alarms.ensure(now + hub.reportEvery));
    }
    return answer;
  }

  /** The Clock card: whether this location allows it, and whether the employee is out, in or on a break. */
  async phoneState(employeeId: string): Promise<PhoneState | null> {
    const { hub } = this;
    const site = await hub.site();
    if (!site?.open) return null;
    const open = hub.records.openSessionOf(employeeId);
    const onBreak = open ? hub.records.breaks.openOf(employeeId) : null;
    return {
      enabled: site.phoneClockIn !== null,
      name: site.name,
      radiusMetres: site.phoneClockIn?.radiusMetres ?? 0,
      recordBreaks: site.recordBreaks,
      status: onBreak
        ? { status: "on_break", since: onBreak.start }
        : open
          ? { status: "in", since: open.checkIn }
          : { status: "out" },
    };
  }
}
