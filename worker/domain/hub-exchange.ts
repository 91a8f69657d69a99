import type { KioskAppearance } from "../contracts/appearance";
import type { BreakOverrideRecord, StatusPeriodRecord } from "./account-export";
import type { SiteCircle } from "./geofence";
import type { Punchable } from "./punch-rules";
import type { PlannedShift } from "./rota";
import type { YoungNightSettings } from "./working-time-night";

// The records a location's hub and the control plane (D1) hand each other: the site D1 describes to the hub,
// the sessions and staff rows D1 kept before hubs did, and the audit rows the hub's outboxes send to D1's
// audit log (docs/hub.md).

/** What the control plane tells a hub about its location (worker/db/hub-sync.ts reads it from D1). */
export type SiteSnapshot = {
  location: {
    id: string;
    name: string;
    timezone: string;
    /** Not archived, account not closed: kiosks may use it. */
    open: boolean;
    onlyPaired: boolean;
    /** Staff clock their breaks at the kiosk. */
    recordBreaks: boolean;
    /** A session open this long is closed by the hub and flagged for review; null: never. */
    autoCloseAfterHours: number | null;
    /** The location's standard workday: what an auto-closed session counts at most. */
    workdayMinutes: number;
    /** Young workers' night work here (regs 6A and 27A): Live Status warns of it. */
    youngNight: YoungNightSettings;
    /** Minutes after a published shift's start before someone not in is late (docs/rota.md). */
    lateGraceMinutes: number;
    /** Minutes after a published shift's start before someone still not in is a no-show. */
    noShowMinutes: number;
    /** Pay goes by the published shift (docs/rota.md, "Pay to the rota"). */
    payToRota: boolean;
    appearance: KioskAppearance;
    /** Staff may clock in from their phones within this circle (docs/staff-app.md); null: not here. */
    phoneClockIn: SiteCircle | null;
    /** An endpoint of the account wants attendance.punched (docs/webhooks.md): punches go to the outbox. */
    punchWebhooks: boolean;
  } | null;
  /** Every employee of the location, deleted ones too (their names stay on their sessions). */
  staff: (Omit<Punchable, "pinHash"> & { deleted: boolean; adultFrom: string | null })[];
  /** Paired devices not revoked. */
  devices: string[];
};

/** A shift written outside the dashboard (the demo's seed), waiting in D1 for the hub's rota (docs/rota.md). */
export type ShiftImport = PlannedShift & {
  /** Who published its week; null: a draft. */
  publishedBy: { id: string; name: string } | null;
};

/** An attendance session as the location's hub records it (the system of record). */
export type AttendanceSession = {
  id: string;
  employeeId: string;
  checkIn: number;
  checkOut: number | null;
  closedBy: "kiosk" | "manager" | "auto" | null;
  createdAt: number;
};

/** An employee's status now, with the dates of the period that set it. */
export type StaffStatus = {
  status: string;
  note: string | null;
  startDate: string | null;
  endDate: string | null;
};

/** What D1 held for an employee before the hub owned it: copied in once (the backfill). */
export type LegacyStaff = {
  id: string;
  pinHash: string;
  status: StaffStatus;
  override: Omit<BreakOverrideRecord, "employeeId"> | null;
  history: StatusPeriodRecord[];
};

/** An audit row waiting for D1. */
export type OutboxAudit = {
  id: string;
  entity: "timesheet_approval" | "timesheet_entry" | "employee" | "rota" | "staff_query";
  entityId: string;
  action: string;
  /** The member who acted (docs/team.md "Who did it"); no name on rows written before the hub kept one. */
  actor: { id: string; name: string | null };
  before: object | null;
  after: object | null;
  at: number;
};

/** An audit row waiting for D1: one per correction. */
export type CorrectionAudit = {
  entryId: string;
  version: number;
  employeeId: string;
  action: "added" | "edited" | "voided";
  by: string;
  byName: string;
  at: number;
  reason: string;
  before: EntryState | null;
  after: EntryState;
};

/** An entry's times as the audit log keeps them. */
export type EntryState = {
  check_in_at: string;
  check_out_at: string | null;
  breaks: string[];
  voided: boolean;
};

/** A punch recorded at the hub, for the account's webhooks (docs/webhooks.md, "Punches"). */
export type PunchEvent = { id: number; employeeId: string; action: string; at: number; sessionId: string };

/** Check-in totals per UTC day and each paired device's last use, not yet reported to D1. */
export type UsageReport = {
  days: { day: string; checkIns: number }[];
  devices: { id: string; lastUsedAt: number }[];
};

/** What a hub asks the manager to be told when its alarm closed sessions nobody clocked out of. */
export type AutoClosedMail = {
  managerName: string;
  locationName: string;
  sessions: readonly { name: string; checkIn: number; checkOut: number }[];
  timeZone: string;
  dashboardUrl: string;
};

/** What a hub asks the people who run a location to be told when staff are not in by the no-show threshold. */
export type NoShowMail = {
  managerName: string;
  locationName: string;
  /** Each shift that just became a no-show: whose, its local "HH:MM–HH:MM", its role. */
  shifts: readonly { name: string; shift: string; role: string | null; start: number }[];
  timeZone: string;
  dashboardUrl: string;
};

/** What a hub asks the manager to be told about a wrong-PIN incident at its kiosks. */
export type PinAttackMail = {
  managerName: string;
  locationName: string;
  publicKiosk: boolean;
  wrongPins: number;
  startedAt: number;
  timeZone: string;
  dashboardUrl: string;
};
