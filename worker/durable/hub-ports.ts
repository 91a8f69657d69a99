import type {
  AttendanceSession,
  AutoClosedMail,
  CorrectionAudit,
  LegacyStaff,
  NoShowMail,
  OutboxAudit,
  PinAttackMail,
  PunchEvent,
  ShiftImport,
  SiteSnapshot,
  UsageReport,
} from "../domain/hub-exchange";
import type { BillingFields } from "../domain/subscription";

// What the hub needs from outside itself, declared here and provided by the Worker's composition root
// (worker/hub.ts): the control plane's D1 and the e-mail it sends managers. The hub never imports the
// database or the mailer; a test can hand it others (docs/hub.md, "Ports").

/** Whom the hub e-mails about its location: its owner, admins and managers who want that e-mail (docs/team.md). */
export type LocationRecipients = {
  locationName: string;
  timezone: string;
  recipients: readonly { name: string; email: string }[];
};

/** What the hub reads from and writes to the control plane (D1). */
export type ControlPlanePort = {
  readSite(locationId: string): Promise<SiteSnapshot>;
  /** What D1 held for these employees before the hub owned it. */
  legacyStaff(employeeIds: readonly string[]): Promise<LegacyStaff[]>;
  /** D1's copies of these PIN hashes are erased (the hub keeps them). */
  forgetPins(employeeIds: readonly string[]): Promise<void>;
  /** D1's sessions of the location from before hubs kept them, a page at a time in check-in order. */
  legacySessions(
    locationId: string,
    after: { checkIn: number; id: string } | null,
    limit: number,
  ): Promise<AttendanceSession[]>;
  /** Shifts written outside the dashboard (the demo's seed) waiting for this hub's rota; forgotten once held. */
  shiftImports(locationId: string): Promise<ShiftImport[]>;
  forgetShiftImports(ids: readonly string[]): Promise<void>;
  recordUsage(locationId: string, usage: UsageReport): Promise<void>;
  auditCorrections(locationId: string, corrections: readonly CorrectionAudit[]): Promise<void>;
  auditOutboxRows(locationId: string, rows: readonly OutboxAudit[]): Promise<void>;
  /** The account a dashboard session belongs to while it lasts; null once it ended. */
  accountOfSession(sessionHash: string): Promise<BillingFields | null>;
  locationRecipients(locationId: string, mail: "review" | "alert"): Promise<LocationRecipients | null>;
  /** Punches for the account's webhooks (docs/webhooks.md); resolves once they are queued. */
  punched(locationId: string, punches: readonly PunchEvent[]): Promise<void>;
};

/** The e-mails the hub sends the people who run a location. */
export type MailPort = {
  autoClosed(to: string, mail: AutoClosedMail): Promise<void>;
  pinAttack(to: string, mail: PinAttackMail): Promise<void>;
  /** Staff on a published shift not in by the location's no-show threshold (docs/rota.md). */
  noShow(to: string, mail: NoShowMail): Promise<void>;
};

export type HubPorts = { controlPlane: ControlPlanePort; mail: MailPort; appUrl: string };

/** Made from the hub's env when used: a test may swap the hub's env. */
export type HubPortsOf = (env: Env) => HubPorts;
