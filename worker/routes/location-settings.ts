import { Hono } from "hono";
import { locationParams } from "../contracts/params";
import {
  BREAK_SETTINGS_FIELDS,
  breakSettingsRequest,
  type CustomizationResponse,
  customizationPatch,
  rotaThresholdsProblem,
  type SaveCustomizationResponse,
} from "../contracts/settings";
import {
  PHONE_CLOCK_IN_NEEDS_POSITION,
  type PhoneClockInSettings,
  POSITION_NEEDS_BOTH,
  phoneClockInPatch,
} from "../contracts/staff-phone";
import {
  readLocationSettings,
  saveLocationSettings,
  toCustomization,
  toPhoneClockIn,
} from "../db/location-settings";
import { notifyHub } from "../durable/client";
import { badRequest } from "../lib/errors";
import { requireFeature } from "../lib/plan-gate";
import { jsonBody, params } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import { actorOf } from "../middleware/session";
import type { AppEnv } from "../types";

// A location's customization. Every plan reads it and sets the kiosk's look; the
// workday and break fields are the Daily Break Settings, which Starter cannot change.

const APPEARANCE_FIELDS = ["button_shape", "background_theme", "only_paired_kiosks"] as const;
/**
 * Settings the location's hub acts on: the break buttons, and closing forgotten sessions (after how long, and
 * at most a workday's length).
 */
const BREAK_HUB_FIELDS = ["record_breaks", "auto_close_after_hours", "workday_hours"] as const;
/** The rota's settings, on every plan: the hub's alarm decides lateness and no-shows by them (docs/rota.md). */
const ROTA_FIELDS = ["late_grace_minutes", "no_show_minutes", "pay_to_rota"] as const;
const HUB_FIELDS = [...BREAK_HUB_FIELDS, ...ROTA_FIELDS] as const;
const changesBreaks = (patch: Partial<Record<(typeof BREAK_HUB_FIELDS)[number], unknown>>) =>
  BREAK_HUB_FIELDS.some((field) => patch[field] !== undefined);
const changesHub = (patch: Partial<Record<(typeof HUB_FIELDS)[number], unknown>>) =>
  HUB_FIELDS.some((field) => patch[field] !== undefined);

/** The location's phone clock-in (docs/staff-app.md): on or off, the site's position and the radius. */
export const phoneClockInRoutes = new Hono<AppEnv>()
  .get("/:locationId/phone-clock-in", params(locationParams), ownedLocation, async (c) => {
    const { db, location } = c.var;
    return c.json<PhoneClockInSettings>(toPhoneClockIn(await readLocationSettings(db, location.id)));
  })

  .put(
    "/:locationId/phone-clock-in",
    params(locationParams),
    jsonBody(phoneClockInPatch),
    ownedLocation,
    async (c) => {
      const { db, user, location } = c.var;
      requireFeature(user, "phoneClockIn");
      const patch = c.req.valid("json");
      if ((patch.latitude === undefined) !== (patch.longitude === undefined)) {
        throw badRequest(POSITION_NEEDS_BOTH);
      }
      if ((patch.latitude === null) !== (patch.longitude === null)) throw badRequest(POSITION_NEEDS_BOTH);
      const current = await readLocationSettings(db, location.id);
      const enabled = patch.enabled ?? current.phoneClockIn;
      const latitude = patch.latitude === undefined ? current.siteLatitude : patch.latitude;
      if (enabled && latitude === null) throw badRequest(PHONE_CLOCK_IN_NEEDS_POSITION);
      const saved = await saveLocationSettings(
        db,
        user.id,
        actorOf(c),
        location.id,
        {
          phone_clock_in: patch.enabled,
          site_latitude: patch.latitude,
          site_longitude: patch.longitude,
          phone_radius_metres: patch.radius_metres,
        },
        undefined,
        "phone_clock_in_changed",
      );
      await notifyHub(c.env, location.id, "site");
      return c.json<PhoneClockInSettings>(toPhoneClockIn(saved));
    },
  );

/** Mounted at /api/manager/locations, beside the locations themselves. */
export const locationSettingsRoutes = new Hono<AppEnv>()
  .get("/:locationId/customization", params(locationParams), ownedLocation, async (c) => {
    const { db, location } = c.var;
    return c.json<CustomizationResponse>({
      customization: toCustomization(await readLocationSettings(db, location.id)),
    });
  })

  /** Any of the editable fields; the next screens (appearance choosers) send only what they change. */
  .put(
    "/:locationId/customization",
    params(locationParams),
    jsonBody(customizationPatch),
    ownedLocation,
    async (c) => {
      const { db, user, location } = c.var;
      const patch = c.req.valid("json");
      if (BREAK_SETTINGS_FIELDS.some((field) => patch[field] !== undefined) || changesBreaks(patch)) {
        requireFeature(user, "dailyBreakSettings");
      }
      if (patch.late_grace_minutes !== undefined || patch.no_show_minutes !== undefined) {
        // Either may change alone: the pair as it would stand is checked.
        const current = await readLocationSettings(db, location.id);
        const problem = rotaThresholdsProblem(
          patch.late_grace_minutes ?? current.lateGraceMinutes,
          patch.no_show_minutes ?? current.noShowMinutes,
        );
        if (problem) throw badRequest(problem);
      }
      const saved = await saveLocationSettings(db, user.id, actorOf(c), location.id, patch);
      // Open kiosks take the new look (and public ones close when only paired kiosks may be used); the hub
      // learns whether it records breaks.
      if (APPEARANCE_FIELDS.some((field) => patch[field] !== undefined)) {
        await notifyHub(c.env, location.id, "appearance");
      } else if (changesHub(patch)) {
        await notifyHub(c.env, location.id, "site");
      }
      return c.json<SaveCustomizationResponse>({ success: true, customization: toCustomization(saved) });
    },
  )

  .route("/", phoneClockInRoutes);

/** PUT /api/manager/customization/{locationId}: the Daily Break Settings form. */
export const breakSettingsRoutes = new Hono<AppEnv>().put(
  "/:locationId",
  params(locationParams),
  jsonBody(breakSettingsRequest),
  ownedLocation,
  async (c) => {
    const { db, user, location } = c.var;
    requireFeature(user, "dailyBreakSettings");
    const settings = c.req.valid("json");
    const saved = await saveLocationSettings(db, user.id, actorOf(c), location.id, settings);
    if (changesHub(settings)) await notifyHub(c.env, location.id, "site");
    return c.json<SaveCustomizationResponse>({ success: true, customization: toCustomization(saved) });
  },
);
