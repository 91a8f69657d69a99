import {
  type PlannedShift,
  type RotaChange,
  rotaChanges,
  type StoredShift,
  shiftMovedToWeek,
  shiftProblem,
  weekBounds,
  weekOf,
} from "../../domain/rota";
import { newId } from "../../lib/crypto";
import type { HubCore } from "../hub-core";
import type { Manager } from "../hub-entries";
import type { Bounds } from "../hub-records";
import type { RotaWeekRow, ShiftFields } from "../hub-rota";

/** A shift written, or why not: no such shift here, or the same employee's shift it would overlap. */
export type ShiftWriteResult =
  | { ok: true; shift: StoredShift }
  | { ok: false; refusal: "not_found" }
  | { ok: false; refusal: "overlap"; clash: PlannedShift };

export type CopyWeekResult = { copied: number; skipped: number };
export type PublishResult = { publishedAt: number; changes: RotaChange[] };

/** How the audit log records a shift (times as ISO 8601 UTC). */
const auditView = (shift: ShiftFields) => ({
  employee_id: shift.employeeId,
  start_at: new Date(shift.start).toISOString(),
  end_at: new Date(shift.end).toISOString(),
  break_minutes: shift.breakMinutes,
  role: shift.role,
  notes: shift.notes,
});

/**
 * The rota's room (docs/rota.md): a week's planned shifts, the published ones the rest of Clocked goes by, and
 * a manager's changes. Each change is one synchronous transaction, its audit row in the outbox with it, so two
 * managers saving at once cannot give one person overlapping shifts.
 */
export class RotaRoom {
  constructor(private readonly hub: HubCore) {}

  /** A week's shifts (drafts, published, deleted since publishing) and its publication, if any. */
  async week(
    week: string,
    bounds: Bounds,
  ): Promise<{ shifts: StoredShift[]; publication: RotaWeekRow | null }> {
    await this.hub.site();
    return { shifts: this.hub.rota.begunBetween(bounds), publication: this.hub.rota.publication(week) };
  }

  /** The published shifts overlapping a period, as published (hours, timesheets, reports, the assistant). */
  async plannedShifts(bounds: Bounds): Promise<PlannedShift[]> {
    await this.hub.site();
    return this.hub.rota.publishedOverlapping(bounds);
  }

  /** Adds a draft shift; refused when it overlaps the same employee's other shift. */
  async addShift(fields: ShiftFields, timeZone: string, by: Manager): Promise<ShiftWriteResult> {
    return this.#write((now) => {
      const clash = this.hub.rota.clash(fields, null);
      if (clash) return { ok: false, refusal: "overlap", clash };
      const id = newId();
      this.hub.rota.save(id, fields, weekOf(fields.start, timeZone), by, now);
      this.#audit(id, "shift_added", by, null, auditView(fields), now);
      return { ok: true, shift: this.hub.rota.find(id) as StoredShift };
    });
  }

  async editShift(id: string, fields: ShiftFields, timeZone: string, by: Manager): Promise<ShiftWriteResult> {
    return this.#write((now) => {
      const before = this.hub.rota.find(id);
      if (!before) return { ok: false, refusal: "not_found" };
      const clash = this.hub.rota.clash(fields, id);
      if (clash) return { ok: false, refusal: "overlap", clash };
      this.hub.rota.save(id, fields, weekOf(fields.start, timeZone), by, now);
      this.#audit(id, "shift_edited", by, auditView(before), auditView(fields), now);
      return { ok: true, shift: this.hub.rota.find(id) as StoredShift };
    });
  }

  /** False when there is no such shift (or it was deleted already). */
  async deleteShift(id: string, by: Manager): Promise<boolean> {
    const result = await this.#write((now) => {
      const before = this.hub.rota.find(id);
      if (!before) return false;
      this.hub.rota.remove(before, by, now);
      this.#audit(id, "shift_deleted", by, auditView(before), { deleted: true }, now);
      return true;
    });
    return result;
  }

  /**
   * Copies a week's shifts (not deleted) to another week as drafts, at the same weekdays and local times. A
   * shift that would overlap one already there, is no longer a valid length (a clock change), or belongs to
   * someone who has since left or been made inactive is skipped and counted.
   */
  async copyWeek(fromWeek: string, toWeek: string, timeZone: string, by: Manager): Promise<CopyWeekResult> {
    return this.#write((now) => {
      const { rota } = this.hub;
      let copied = 0;
      let skipped = 0;
      for (const source of rota.begunBetween(weekBounds(fromWeek, timeZone))) {
        if (source.deleted) continue;
        const { id: _id, week: _week, published: _published, deleted: _deleted, ...fields } = source;
        const moved = shiftMovedToWeek(fields, fromWeek, toWeek, timeZone);
        const gone = moved.employeeId !== null && !rota.mayWork(moved.employeeId);
        if (gone || shiftProblem(moved) || rota.clash(moved, null)) {
          skipped++;
          continue;
        }
        rota.save(newId(), moved, weekOf(moved.start, timeZone), by, now);
        copied++;
      }
      if (copied > 0) {
        this.#audit(toWeek, "week_copied", by, null, { from_week: fromWeek, to_week: toWeek, copied }, now);
      }
      return { copied, skipped };
    });
  }

  /** Deletes a week's drafts (shifts never published); how many. */
  async clearWeek(week: string, timeZone: string, by: Manager): Promise<number> {
    return this.#write((now) => {
      const deleted = this.hub.rota.clearDrafts(weekBounds(week, timeZone));
      if (deleted > 0) this.#audit(week, "week_cleared", by, null, { week, deleted }, now);
      return deleted;
    });
  }

  /**
   * Publishes a week as it now stands: what changed since the last publication is answered per employee (the
   * first time, everyone with a shift), for the e-mails.
   */
  async publish(week: string, timeZone: string, by: Manager): Promise<PublishResult> {
    const result = await this.#write((now) => {
      const { rota } = this.hub;
      const shifts = rota.begunBetween(weekBounds(week, timeZone));
      const changes = rotaChanges(shifts, rota.publication(week) === null);
      rota.publish(week, shifts, by, now);
      this.#audit(week, "week_published", by, null, { week, told: changes.length }, now);
      return { publishedAt: now, changes };
    });
    await this.hub.afterRotaPublished();
    return result;
  }

  /** One transaction, then the audit rows go to D1. */
  async #write<T>(decide: (now: number) => T): Promise<T> {
    await this.hub.site();
    const now = Date.now();
    const result = this.hub.ctx.storage.transactionSync(() => decide(now));
    await this.hub.afterAudited();
    return result;
  }

  #audit(entityId: string, action: string, by: Manager, before: object | null, after: object, at: number) {
    this.hub.records.audits.add({ entity: "rota", entityId, action, actor: by, before, after, at });
  }
}
