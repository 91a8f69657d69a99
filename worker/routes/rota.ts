import { type Context, Hono } from "hono";
import type { SuccessResponse } from "../contracts/employees";
import type { Location } from "../contracts/locations";
import {
  type ClearWeekResponse,
  type CopyWeekResponse,
  clearWeekRequest,
  copyWeekRequest,
  NOT_A_MONDAY,
  type PublishResponse,
  publishRequest,
  type RotaTemplatesResponse,
  type RotaWarning,
  type RotaWeekResponse,
  rotaParams,
  rotaWeekQuery,
  SAME_WEEK,
  SHIFT_NOT_FOUND,
  type ShiftRequest,
  type ShiftResponse,
  shiftParams,
  shiftRequest,
  TEMPLATE_NOT_FOUND,
  type TemplateResponse,
  TOO_MANY_TEMPLATES,
  templateParams,
  templateRequest,
  UNACKNOWLEDGED_WARNINGS,
} from "../contracts/rota";
import {
  addTemplate,
  deleteTemplate,
  listTemplates,
  MAX_TEMPLATES,
  updateTemplate,
} from "../db/rota-templates";
import { safeTimeZone } from "../domain/local-time";
import { isMonday, weekOf } from "../domain/rota";
import { templateProblem } from "../domain/rota-templates";
import { hubFor, type ShiftWriteResult } from "../durable/client";
import { newId } from "../lib/crypto";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { jsonBody, noBody, params, query } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import { actorOf } from "../middleware/session";
import { v1Shift } from "../services/public-records";
import { tellStaff } from "../services/rota-mail";
import { renderRotaPdf } from "../services/rota-pdf";
import { readRotaWeek, rotaShiftView, rotaWeekResponse, weekWarnings } from "../services/rota-week";
import { overlapDetail, shiftAsk } from "../services/shift-writes";
import { publishEvent } from "../services/webhook-events";
import type { AppEnv } from "../types";

// The rota (docs/rota.md, "Planning"): a location's week of planned shifts, its templates and its publication.
// The location's hub decides each shift write in one transaction (no overlaps, audited); D1 keeps templates.
// The week's reads check the location before the query string: another account's location is a 404 whatever
// its query says.

type AtLocation = Context<AppEnv & { Variables: { location: Location } }>;

/** A week named by its Monday, or a 400. */
function monday(date: string): string {
  if (!isMonday(date)) throw badRequest(NOT_A_MONDAY(date));
  return date;
}

/** The shift asked for at the route's location, checked (services/shift-writes.ts). */
const shiftAsked = (c: AtLocation, input: ShiftRequest) => shiftAsk(c.var.db, c.var.location.id, input);

/** A shift write's answer: the shift and the week's warnings on it, or the refusal. */
async function shiftAnswer(c: AtLocation, result: ShiftWriteResult, name: string, timeZone: string) {
  if (!result.ok && result.refusal === "not_found") throw notFound(SHIFT_NOT_FOUND);
  if (!result.ok) throw new ApiError(409, overlapDetail(name, result.clash, timeZone));
  const { db, location } = c.var;
  const week = weekOf(result.shift.start, timeZone);
  const read = await readRotaWeek(c.env, location, week);
  const warnings = await weekWarnings(c.env, db, location, week, read.planned, Date.now());
  return {
    shift: rotaShiftView(result.shift, read.publication !== null),
    warnings: warnings.filter((w) => w.shift_id === result.shift.id),
  } satisfies ShiftResponse;
}

/** The week's publication: refused (409, with the warnings) while it has warnings not acknowledged. */
async function publishWeek(c: AtLocation, week: string, acknowledged: boolean) {
  const { db, location } = c.var;
  const read = await readRotaWeek(c.env, location, week);
  const warnings = await weekWarnings(c.env, db, location, week, read.planned, Date.now());
  if (warnings.length > 0 && !acknowledged) {
    return c.json<{ detail: string; warnings: RotaWarning[] }>(
      { detail: UNACKNOWLEDGED_WARNINGS(warnings.length), warnings },
      409,
    );
  }
  const published = await hubFor(c.env, location.id).publishWeek(week, read.timeZone, actorOf(c));
  const told = await tellStaff(c.env, db, location, week, published.changes);
  await publishEvent(c.env, c.var.user.id, {
    type: "rota.published",
    data: {
      location_id: location.id,
      week,
      published_at: new Date(published.publishedAt).toISOString(),
      shifts: read.planned.map(v1Shift),
    },
  });
  return c.json<PublishResponse>({
    week,
    published_at: new Date(published.publishedAt).toISOString(),
    ...told,
  });
}

const zoneOf = (c: AtLocation) => safeTimeZone(c.var.location.timezone);

export const rotaRoutes = new Hono<AppEnv>()
  .get("/:locationId", params(rotaParams), ownedLocation, query(rotaWeekQuery), async (c) => {
    const week = monday(c.req.valid("query").week);
    return c.json<RotaWeekResponse>(
      await rotaWeekResponse(c.env, c.var.db, c.var.location, week, Date.now()),
    );
  })

  /** The week for the staff-room wall: A4 landscape. */
  .get("/:locationId/pdf", params(rotaParams), ownedLocation, query(rotaWeekQuery), async (c) => {
    const week = monday(c.req.valid("query").week);
    const pdf = await renderRotaPdf(c.env, c.var.db, c.var.location, week);
    return c.body(pdf.slice().buffer, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="rota-${week}.pdf"`,
    });
  })

  .post("/:locationId/shifts", params(rotaParams), jsonBody(shiftRequest), ownedLocation, async (c) => {
    const { fields, name } = await shiftAsked(c, c.req.valid("json"));
    const timeZone = zoneOf(c);
    const result = await hubFor(c.env, c.var.location.id).addShift(fields, timeZone, actorOf(c));
    return c.json<ShiftResponse>(await shiftAnswer(c, result, name, timeZone), 201);
  })

  .put(
    "/:locationId/shifts/:shiftId",
    params(shiftParams),
    jsonBody(shiftRequest),
    ownedLocation,
    async (c) => {
      const { fields, name } = await shiftAsked(c, c.req.valid("json"));
      const timeZone = zoneOf(c);
      const hub = hubFor(c.env, c.var.location.id);
      const result = await hub.editShift(c.req.valid("param").shiftId, fields, timeZone, actorOf(c));
      return c.json<ShiftResponse>(await shiftAnswer(c, result, name, timeZone));
    },
  )

  .delete("/:locationId/shifts/:shiftId", params(shiftParams), noBody, ownedLocation, async (c) => {
    const deleted = await hubFor(c.env, c.var.location.id).deleteShift(
      c.req.valid("param").shiftId,
      actorOf(c),
    );
    if (!deleted) throw notFound(SHIFT_NOT_FOUND);
    return c.json<SuccessResponse>({ success: true });
  })

  /** Every shift of one week into another as drafts, at the same weekdays and local times. */
  .post("/:locationId/copy-week", params(rotaParams), jsonBody(copyWeekRequest), ownedLocation, async (c) => {
    const body = c.req.valid("json");
    const from = monday(body.from_week);
    const to = monday(body.to_week);
    if (from === to) throw badRequest(SAME_WEEK);
    const result = await hubFor(c.env, c.var.location.id).copyWeek(from, to, zoneOf(c), actorOf(c));
    return c.json<CopyWeekResponse>(result);
  })

  .post(
    "/:locationId/clear-week",
    params(rotaParams),
    jsonBody(clearWeekRequest),
    ownedLocation,
    async (c) => {
      const week = monday(c.req.valid("json").week);
      const deleted = await hubFor(c.env, c.var.location.id).clearWeek(week, zoneOf(c), actorOf(c));
      return c.json<ClearWeekResponse>({ deleted });
    },
  )

  .post("/:locationId/publish", params(rotaParams), jsonBody(publishRequest), ownedLocation, async (c) => {
    const body = c.req.valid("json");
    return publishWeek(c, monday(body.week), body.acknowledge_warnings === true);
  })

  .get("/:locationId/templates", params(rotaParams), ownedLocation, async (c) => {
    return c.json<RotaTemplatesResponse>({ templates: await listTemplates(c.var.db, c.var.location.id) });
  })

  .post("/:locationId/templates", params(rotaParams), jsonBody(templateRequest), ownedLocation, async (c) => {
    const input = c.req.valid("json");
    const problem = templateProblem(input);
    if (problem) throw badRequest(problem);
    const template = await addTemplate(c.var.db, templateActor(c), newId(), input);
    if (!template) throw badRequest(TOO_MANY_TEMPLATES(MAX_TEMPLATES));
    return c.json<TemplateResponse>({ template }, 201);
  })

  .put(
    "/:locationId/templates/:templateId",
    params(templateParams),
    jsonBody(templateRequest),
    ownedLocation,
    async (c) => {
      const input = c.req.valid("json");
      const problem = templateProblem(input);
      if (problem) throw badRequest(problem);
      const template = await updateTemplate(
        c.var.db,
        templateActor(c),
        c.req.valid("param").templateId,
        input,
      );
      if (!template) throw notFound(TEMPLATE_NOT_FOUND);
      return c.json<TemplateResponse>({ template });
    },
  )

  .delete("/:locationId/templates/:templateId", params(templateParams), noBody, ownedLocation, async (c) => {
    const deleted = await deleteTemplate(c.var.db, templateActor(c), c.req.valid("param").templateId);
    if (!deleted) throw notFound(TEMPLATE_NOT_FOUND);
    return c.json<SuccessResponse>({ success: true });
  });

const templateActor = (c: AtLocation) => ({
  userId: c.var.user.id,
  actor: actorOf(c),
  locationId: c.var.location.id,
});
