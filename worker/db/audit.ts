import { type SQL, sql } from "drizzle-orm";
import { newId } from "../lib/crypto";

export type AuditEntity =
  | "employee"
  | "attendance_session"
  | "timesheet_entry"
  | "timesheet_approval"
  | "kiosk_device"
  | "location";

export type AuditEntry = {
  userId: string;
  locationId: string;
  entity: AuditEntity;
  entityId: string;
  action: string;
  /** Plain snapshots; callers never put a PIN or a hash in them. */
  before: object | null;
  after: object | null;
};

const json = (value: object | null) => (value === null ? null : JSON.stringify(value));

/** "Only if the statement just before this one in the batch changed a row." */
export const AFTER_A_CHANGE = sql`changes() > 0`;

/**
 * An audit row as a batch statement, so it commits or fails with the change it describes.
 * `onlyIf` lets the row depend on that change having happened (see AFTER_A_CHANGE).
 */
export function auditStatement(entry: AuditEntry, onlyIf: SQL = sql`1`, now = Date.now(), id = newId()): SQL {
  return sql`
    INSERT INTO audit_log (id, user_id, location_id, entity, entity_id, action, before_json, after_json, created_at)
    SELECT ${id}, ${entry.userId}, ${entry.locationId}, ${entry.entity}, ${entry.entityId}, ${entry.action},
           ${json(entry.before)}, ${json(entry.after)}, ${now}
    WHERE ${onlyIf}
    ON CONFLICT (id) DO NOTHING`;
}
