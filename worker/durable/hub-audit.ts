import type { OutboxAudit } from "../domain/hub-exchange";
import { newId } from "../lib/crypto";

// The hub's outbox of audit rows (schema v7: audit_outbox): what a manager changed in the hub's own records
// (an approval or an unlock, an employee's PIN, breaks or status), waiting for D1's audit log. `user_id` is
// the member who acted and, since v13, `actor_name` their name then. Written in the
// same transaction as the change; the control-plane link sends them, keyed by their id, so a resend adds
// nothing twice.

type OutboxRow = {
  id: string;
  entity: OutboxAudit["entity"];
  entity_id: string;
  action: string;
  user_id: string;
  actor_name: string | null;
  before_json: string | null;
  after_json: string;
  at: number;
};

const parsed = (json: string | null) => (json === null ? null : (JSON.parse(json) as object | null));

export class HubAuditOutbox {
  constructor(private readonly sql: SqlStorage) {}

  add(row: Omit<OutboxAudit, "id">) {
    this.sql.exec(
      `INSERT INTO audit_outbox (id, entity, entity_id, action, user_id, actor_name, before_json, after_json, at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      newId(),
      row.entity,
      row.entityId,
      row.action,
      row.actor.id,
      row.actor.name,
      row.before === null ? null : JSON.stringify(row.before),
      JSON.stringify(row.after),
      row.at,
    );
  }

  unaudited(limit = 100): OutboxAudit[] {
    return this.sql
      .exec<OutboxRow>("SELECT * FROM audit_outbox ORDER BY at LIMIT ?", limit)
      .toArray()
      .map((row) => ({
        id: row.id,
        entity: row.entity,
        entityId: row.entity_id,
        action: row.action,
        actor: { id: row.user_id, name: row.actor_name },
        before: parsed(row.before_json),
        after: parsed(row.after_json),
        at: row.at,
      }));
  }

  /** D1 has these rows: they leave the outbox. */
  markAudited(ids: readonly string[]) {
    this.sql.exec(
      "DELETE FROM audit_outbox WHERE id IN (SELECT value FROM json_each(?))",
      JSON.stringify(ids),
    );
  }

  hasUnaudited(): boolean {
    return this.sql.exec("SELECT 1 FROM audit_outbox LIMIT 1").toArray().length > 0;
  }
}
