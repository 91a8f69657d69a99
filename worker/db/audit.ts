import { type SQL, sql } from "drizzle-orm";
import { newId } from "../lib/crypto";
import { runBatch } from "./batch";
import type { Db } from "./client";
import type { auditLog } from "./schema";

export type AuditEntity =
  | "employee"
  | "attendance_session"
  | "timesheet_entry"
  | "timesheet_approval"
  | "kiosk_device"
  | "location"
  | "account_settings"
  | "team"
  | "export"
  /** A location's planned shifts and their publication (docs/rota.md). */
  | "rota"
  /** A staff member's leave request, its decision or cancellation (docs/staff-app.md). */
  | "leave_request"
  /** A staff member's query about their hours, answered by a manager (docs/staff-app.md). */
  | "staff_query"
  /** An API key created or revoked (docs/public-api.md). */
  | "api_key";

/** Who acted: the signed-in member (the owner is one too), by id and by their name at the time. */
export type Actor = { id: string; name: string };

/** The location of an account-wide change or export, which has none (docs/team.md "Who did it"). */
export const ACCOUNT_WIDE = "";

export type AuditEntry = {
  /** The account (its owner's users.id), whoever acted; the location's account for rows a hub sends. */
  userId: string | SQL;
  /** A null name: a hub's row from before it kept names, made by the account's owner. */
  actor: Actor | { id: string; name: null };
  /** ACCOUNT_WIDE for a change or export that is not one location's. */
  locationId: string;
  entity: AuditEntity;
  entityId: string;
  action: string;
  /** Plain snapshots; callers never put a PIN or a hash in them. */
  before: object | null;
  after: object | null;
};

const json = (value: object | null) => (value === null ? null : JSON.stringify(value));

/** The account a location belongs to, for the audit rows its hub sends (they name the member, not it). */
export const accountOfLocation = (locationId: string): SQL =>
  sql`(SELECT user_id FROM locations WHERE id = ${locationId})`;

/** "Only if the statement just before this one in the batch changed a row." */
export const AFTER_A_CHANGE = sql`changes() > 0`;

/**
 * An audit row as a batch statement, so it commits or fails with the change it describes.
 * `onlyIf` lets the row depend on that change having happened (see AFTER_A_CHANGE).
 */
export function auditStatement(entry: AuditEntry, onlyIf: SQL = sql`1`, now = Date.now(), id = newId()): SQL {
  return sql`
    INSERT INTO audit_log (id, user_id, actor_id, actor_name, location_id, entity, entity_id, action, before_json,
                           after_json, created_at)
    SELECT ${id}, ${entry.userId}, ${entry.actor.id}, ${entry.actor.name}, ${entry.locationId}, ${entry.entity},
           ${entry.entityId}, ${entry.action}, ${json(entry.before)}, ${json(entry.after)}, ${now}
    WHERE ${onlyIf}
    ON CONFLICT (id) DO NOTHING`;
}

/** The audit row of a change to one of the account's own settings, which belong to no location. */
export const accountSettingAudit = (
  userId: string,
  actor: Actor,
  action: string,
  before: object | null,
  after: object | null,
): SQL =>
  auditStatement({
    userId,
    actor,
    locationId: ACCOUNT_WIDE,
    entity: "account_settings",
    entityId: userId,
    action,
    before,
    after,
  });

/** A change to the team (docs/team.md "Who did it"): account-wide, about one member or invitation. */
export type TeamChange = {
  accountId: string;
  actor: Actor;
  /** The member's or the invitation's id. */
  entityId: string;
  action:
    | "member_invited"
    | "invitation_resent"
    | "invitation_revoked"
    | "member_joined"
    | "member_changed"
    | "member_removed"
    | "ownership_transferred";
  before: object | null;
  after: object | null;
};

export const teamAudit = (change: TeamChange, onlyIf: SQL = sql`1`, now = Date.now()): SQL =>
  auditStatement(
    {
      userId: change.accountId,
      actor: change.actor,
      locationId: ACCOUNT_WIDE,
      entity: "team",
      entityId: change.entityId,
      action: change.action,
      before: change.before,
      after: change.after,
    },
    onlyIf,
    now,
  );

/** The same row as values for a drizzle batch (whose statements cannot carry raw SQL with parameters). */
export const teamAuditValues = (change: TeamChange, now = Date.now()): typeof auditLog.$inferInsert => ({
  id: newId(),
  userId: change.accountId,
  actorId: change.actor.id,
  actorName: change.actor.name,
  locationId: ACCOUNT_WIDE,
  entity: "team",
  entityId: change.entityId,
  action: change.action,
  beforeJson: json(change.before),
  afterJson: json(change.after),
  createdAt: now,
});

export type ExportRecord = {
  userId: string;
  actor: Actor;
  /** ACCOUNT_WIDE for the account export. */
  locationId: string;
  /** What was exported, e.g. "payroll_exported". */
  action: string;
  /** Which file: its format, period or range, employee. Never the data itself. */
  details: object;
};

/** An export's audit row: pay and working-time records leaving Clocked, and who took them. */
export async function recordExport(db: Db, record: ExportRecord, now = Date.now()) {
  const { userId, actor, locationId, action, details } = record;
  await runBatch(db, [
    auditStatement(
      {
        userId,
        actor,
        locationId,
        entity: "export",
        entityId: locationId === ACCOUNT_WIDE ? userId : locationId,
        action,
        before: null,
        after: details,
      },
      undefined,
      now,
    ),
  ]);
}
