import { and, asc, eq, sql } from "drizzle-orm";
import type { RotaTemplate, TemplateRequest } from "../contracts/rota";
import { type Actor, AFTER_A_CHANGE, auditStatement } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { rotaTemplates } from "./schema";

// A location's shift templates (docs/rota.md, "Planning"): settings, kept in D1, each change audited in the
// same batch.

/** A location keeps at most this many templates. */
export const MAX_TEMPLATES = 50;

type TemplateRow = typeof rotaTemplates.$inferSelect;
type Where = { userId: string; actor: Actor; locationId: string };
type Fields = Omit<RotaTemplate, "id">;

const toTemplate = (row: TemplateRow): RotaTemplate => ({
  id: row.id,
  name: row.name,
  start_time: row.startTime,
  end_time: row.endTime,
  break_minutes: row.breakMinutes,
  role: row.role,
});

const fieldsOf = (input: TemplateRequest): Fields => ({
  name: input.name,
  start_time: input.start_time,
  end_time: input.end_time,
  break_minutes: input.break_minutes,
  role: input.role ?? null,
});

const audit = (at: Where, id: string, action: string, before: object | null, after: object | null) =>
  auditStatement(
    {
      userId: at.userId,
      actor: at.actor,
      locationId: at.locationId,
      entity: "rota",
      entityId: id,
      action,
      before,
      after,
    },
    AFTER_A_CHANGE,
  );

/** The location's templates, by start time then name. */
export async function listTemplates(db: Db, locationId: string): Promise<RotaTemplate[]> {
  const rows = await db
    .select()
    .from(rotaTemplates)
    .where(eq(rotaTemplates.locationId, locationId))
    .orderBy(asc(rotaTemplates.startTime), asc(rotaTemplates.name), asc(rotaTemplates.id));
  return rows.map(toTemplate);
}

async function findTemplate(db: Db, locationId: string, id: string): Promise<RotaTemplate | null> {
  const row = await db.query.rotaTemplates.findFirst({
    where: and(eq(rotaTemplates.id, id), eq(rotaTemplates.locationId, locationId)),
  });
  return row ? toTemplate(row) : null;
}

/** Adds a template; null when the location has MAX_TEMPLATES already (checked in the insert itself). */
export async function addTemplate(db: Db, at: Where, id: string, input: TemplateRequest) {
  const fields = fieldsOf(input);
  const [inserted] = await runBatch(db, [
    sql`
      INSERT INTO rota_templates (id, location_id, name, start_time, end_time, break_minutes, role, created_at)
      SELECT ${id}, ${at.locationId}, ${fields.name}, ${fields.start_time}, ${fields.end_time},
             ${fields.break_minutes}, ${fields.role}, ${Date.now()}
      WHERE (SELECT count(*) FROM rota_templates WHERE location_id = ${at.locationId}) < ${MAX_TEMPLATES}`,
    audit(at, id, "template_added", null, fields),
  ]);
  return inserted?.meta.changes === 1 ? { id, ...fields } : null;
}

/** Saves a template's new fields; null when the location has no such template. */
export async function updateTemplate(db: Db, at: Where, id: string, input: TemplateRequest) {
  const before = await findTemplate(db, at.locationId, id);
  if (!before) return null;
  const fields = fieldsOf(input);
  await runBatch(db, [
    db
      .update(rotaTemplates)
      .set({
        name: fields.name,
        startTime: fields.start_time,
        endTime: fields.end_time,
        breakMinutes: fields.break_minutes,
        role: fields.role,
      })
      .where(and(eq(rotaTemplates.id, id), eq(rotaTemplates.locationId, at.locationId))),
    audit(at, id, "template_edited", before, fields),
  ]);
  return { id, ...fields };
}

/** False when the location has no such template. */
export async function deleteTemplate(db: Db, at: Where, id: string): Promise<boolean> {
  const before = await findTemplate(db, at.locationId, id);
  if (!before) return false;
  const [deleted] = await runBatch(db, [
    db
      .delete(rotaTemplates)
      .where(and(eq(rotaTemplates.id, id), eq(rotaTemplates.locationId, at.locationId))),
    audit(at, id, "template_deleted", before, null),
  ]);
  return deleted?.meta.changes === 1;
}
