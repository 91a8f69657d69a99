import { Hono } from "hono";
import { LOCATION_NOT_FOUND } from "../contracts/locations";
import { locationParams } from "../contracts/params";
import { type LogoRemoveResponse, type LogoUploadResponse, logoQuery } from "../contracts/settings";
import { findOpenLocation } from "../db/kiosk-directory";
import { setLocationLogo } from "../db/location-logo";
import { logoUrl, logoVersion, readLocationSettings } from "../db/location-settings";
import {
  cleanLogoFilename,
  LOGO_CONTENT_TYPES,
  LOGO_INVALID_TYPE,
  LOGO_TOO_LARGE,
  type LogoContentType,
  overLogoLimit,
  sniffLogoType,
} from "../domain/logo-image";
import { notifyHub } from "../durable/client";
import { newId } from "../lib/crypto";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { requireFeature } from "../lib/plan-gate";
import { noBody, params, query } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import { actorOf } from "../middleware/session";
import type { AppEnv } from "../types";

// A location's logo, kept in R2 (FILES) under a random key. The body is limited in
// worker/app.ts (Content-Length is refused before anything is read); the file's size and type are checked
// here, the type from its first bytes only.

const NO_FILE = "Choose an image file to upload (multipart form field 'file').";

/** Mounted at /api/manager/locations, in the manager sub-app. */
export const logoRoutes = new Hono<AppEnv>()
  // Another account's location is a 404 whatever its plan: ownership before the plan gate.
  .post("/:locationId/logo", params(locationParams), ownedLocation, async (c) => {
    const { db, user, location } = c.var;
    requireFeature(user, "logoUpload");

    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw badRequest(NO_FILE);
    }
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) throw badRequest(NO_FILE);
    if (overLogoLimit(file.size)) throw new ApiError(413, LOGO_TOO_LARGE);
    // SVG can carry script: refused whatever its bytes look like (and its bytes never pass the sniffing).
    if (/svg/i.test(file.type) || /\.svgz?$/i.test(file.name)) throw badRequest(LOGO_INVALID_TYPE);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (overLogoLimit(bytes.byteLength)) throw new ApiError(413, LOGO_TOO_LARGE);
    const contentType = sniffLogoType(bytes);
    if (!contentType) throw badRequest(LOGO_INVALID_TYPE);

    const key = `logos/${location.id}/${newId()}`;
    const filename = cleanLogoFilename(file.name, contentType);
    await c.env.FILES.put(key, bytes, { httpMetadata: { contentType } });
    let saved: Awaited<ReturnType<typeof setLocationLogo>>;
    try {
      saved = await setLocationLogo(db, user.id, actorOf(c), location.id, { key, filename, contentType });
    } catch (error) {
      await c.env.FILES.delete(key);
      throw error;
    }
    if (saved.previousKey && saved.previousKey !== key) await c.env.FILES.delete(saved.previousKey);
    await notifyHub(c.env, location.id, "appearance");
    return c.json<LogoUploadResponse>({ logo_url: logoUrl(saved.settings) ?? "", filename });
  })

  /** Any plan may remove a logo (a downgraded account can still take its old one down). */
  .delete("/:locationId/logo", params(locationParams), noBody, ownedLocation, async (c) => {
    const { db, user, location } = c.var;
    const current = await readLocationSettings(db, location.id);
    if (current.logoKey) {
      const { previousKey } = await setLocationLogo(db, user.id, actorOf(c), location.id, null);
      if (previousKey) await c.env.FILES.delete(previousKey);
      await notifyHub(c.env, location.id, "appearance");
    }
    return c.json<LogoRemoveResponse>({ success: true });
  });

const isLogoType = (value: string | null): value is LogoContentType =>
  (LOGO_CONTENT_TYPES as readonly (string | null)[]).includes(value);

/** GET /api/locations/{id}/logo: public, because every kiosk shows it. Mounted at /api/locations. */
export const publicLogoRoutes = new Hono<AppEnv>().get(
  "/:locationId/logo",
  params(locationParams),
  query(logoQuery),
  async (c) => {
    const db = c.get("db");
    const location = await findOpenLocation(db, c.req.valid("param").locationId);
    if (!location) throw notFound(LOCATION_NOT_FOUND);
    const settings = await readLocationSettings(db, location.id);
    if (!settings.logoKey || !isLogoType(settings.logoContentType))
      throw notFound("This location has no logo");
    const version = logoVersion(settings.logoKey);
    const etag = `"${version}"`;
    // The address carries the version, so the current one can be cached for good; any other version of
    // the address (an old link) is revalidated.
    const cacheControl =
      c.req.valid("query").v === version
        ? "public, max-age=31536000, immutable"
        : "public, max-age=0, must-revalidate";
    const headers = {
      "Content-Type": settings.logoContentType,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": cacheControl,
      ETag: etag,
    };
    if (c.req.header("If-None-Match") === etag) return c.body(null, 304, headers);
    const object = await c.env.FILES.get(settings.logoKey);
    if (!object) throw notFound("This location has no logo");
    return c.body(object.body, 200, headers);
  },
);
