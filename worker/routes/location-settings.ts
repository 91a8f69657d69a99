import { Hono } from "hono";
import {
  BREAK_SETTINGS_FIELDS,
  breakSettingsRequest,
  type CustomizationResponse,
  customizationPatch,
  type SaveCustomizationResponse,
} from "../contracts/settings";
import { readLocationSettings, saveLocationSettings, toCustomization } from "../db/location-settings";
import { ownedLocation } from "../db/locations";
import { notifyHub } from "../lib/hub";
import { requireFeature } from "../lib/plan-gate";
import { jsonBody } from "../lib/validate";
import { requireManager } from "../middleware/session";
import type { AppEnv } from "../types";

// A location's customization (spec §3, §7). Every plan reads it and sets the kiosk's look; the
// workday and break fields are the Daily Break Settings, which Starter cannot change (spec §6).

/** Mounted at /api/manager/locations, beside the locations themselves. */
export const locationSettingsRoutes = new Hono<AppEnv>()
  .use(requireManager)
  .get("/:id/customization", async (c) => {
    const db = c.get("db");
    const location = await ownedLocation(db, c.get("user").id, c.req.param("id"));
    return c.json<CustomizationResponse>({
      customization: toCustomization(await readLocationSettings(db, location.id)),
    });
  })

  /** Any of the editable fields; the next screens (appearance choosers) send only what they change. */
  .put("/:id/customization", jsonBody(customizationPatch), async (c) => {
    const db = c.get("db");
    const user = c.get("user");
    const location = await ownedLocation(db, user.id, c.req.param("id"));
    const patch = c.req.valid("json");
    if (BREAK_SETTINGS_FIELDS.some((field) => patch[field] !== undefined)) {
      requireFeature(user, "dailyBreakSettings");
    }
    const saved = await saveLocationSettings(db, user.id, location.id, patch);
    // Open kiosks take the new look (and public ones close when only paired kiosks may be used).
    if (APPEARANCE_FIELDS.some((field) => patch[field] !== undefined)) {
      await notifyHub(c.env, location.id, "appearance");
    }
    return c.json<SaveCustomizationResponse>({ success: true, customization: toCustomization(saved) });
  });

const APPEARANCE_FIELDS = ["button_shape", "background_theme", "only_paired_kiosks"] as const;

/** PUT /api/manager/customization/{locationId}: the Daily Break Settings form. */
export const breakSettingsRoutes = new Hono<AppEnv>()
  .use(requireManager)
  .put("/:locationId", jsonBody(breakSettingsRequest), async (c) => {
    const db = c.get("db");
    const user = c.get("user");
    const location = await ownedLocation(db, user.id, c.req.param("locationId"));
    requireFeature(user, "dailyBreakSettings");
    const saved = await saveLocationSettings(db, user.id, location.id, c.req.valid("json"));
    return c.json<SaveCustomizationResponse>({ success: true, customization: toCustomization(saved) });
  });
