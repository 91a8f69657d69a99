import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readLocationSettings } from "../../worker/db/location-settings";
import { api, createManager } from "../support/api";
import {
  GIF_LIKE_POLYGLOT,
  HTML,
  HTML_THEN_PNG,
  joinBytes,
  SVG_WITH_SCRIPT,
  TINY_PNG,
  WEBP_START,
} from "../support/images";
import { addLocation, auditRowsFor, db } from "../support/kiosk";

const INVALID = "Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.";
const TOO_LARGE = "File too large. Maximum size is 5MB.";

async function upload(token: string, locationId: string, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type }));
  const response = await exports.default.fetch(
    `http://clocked.test/api/manager/locations/${locationId}/logo`,
    {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function proShop(plan: "pro" | "business" = "pro") {
  const manager = await createManager({ plan });
  return { manager, locationId: await addLocation(manager) };
}

const logoKeyOf = async (locationId: string) => (await readLocationSettings(db(), locationId)).logoKey;

describe("logo upload", () => {
  it("accepts a PNG renamed .jpg and sent as image/jpeg, and serves it as a PNG", async () => {
    const { manager, locationId } = await proShop();
    const uploaded = await upload(manager.token, locationId, TINY_PNG, "shop.jpg", "image/jpeg");
    expect(uploaded).toEqual({
      status: 200,
      body: {
        logo_url: expect.stringMatching(new RegExp(`^/locations/${locationId}/logo\\?v=[A-Za-z0-9_-]+$`)),
        filename: "shop.jpg",
      },
    });

    const served = await exports.default.fetch(`http://clocked.test/api${uploaded.body.logo_url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const etag = served.headers.get("ETag");
    expect(etag).toMatch(/^".+"$/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(TINY_PNG);

    const again = await exports.default.fetch(`http://clocked.test/api${uploaded.body.logo_url}`, {
      headers: { "If-None-Match": etag ?? "" },
    });
    expect(again.status).toBe(304);

    const customization = await api("GET", `/api/manager/locations/${locationId}/customization`, {
      token: manager.token,
    });
    expect(customization.body.customization).toMatchObject({
      logo_url: uploaded.body.logo_url,
      logo_filename: "shop.jpg",
    });
    expect((await api("GET", `/api/locations/${locationId}`)).body).toMatchObject({
      logo_url: uploaded.body.logo_url,
    });
  });

  it("accepts WebP on Business", async () => {
    const { manager, locationId } = await proShop("business");
    const webp = joinBytes(WEBP_START, new Uint8Array(32));
    expect(await upload(manager.token, locationId, webp, "logo.webp", "image/webp")).toMatchObject({
      status: 200,
    });
  });

  it.each([
    ["an HTML file named .png", HTML, "logo.png", "image/png"],
    ["an SVG with a script", SVG_WITH_SCRIPT, "logo.svg", "image/svg+xml"],
    ["an SVG with a script, named and typed as a PNG", SVG_WITH_SCRIPT, "logo.png", "image/png"],
    ["GIF-like text that is not a GIF signature", GIF_LIKE_POLYGLOT, "logo.gif", "image/gif"],
    ["HTML with a real PNG after it", HTML_THEN_PNG, "logo.png", "image/png"],
  ])("refuses %s with 400", async (_label, bytes, name, type) => {
    const { manager, locationId } = await proShop();
    expect(await upload(manager.token, locationId, bytes, name, type)).toEqual({
      status: 400,
      body: { detail: INVALID },
    });
    expect(await logoKeyOf(locationId)).toBeNull();
  });

  it("refuses a file of 5 MB + 1 byte with 413, and a body declared larger before reading it", async () => {
    const { manager, locationId } = await proShop();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(TINY_PNG);
    expect(await upload(manager.token, locationId, big, "big.png", "image/png")).toEqual({
      status: 413,
      body: { detail: TOO_LARGE },
    });
    const declared = await exports.default.fetch(
      `http://clocked.test/api/manager/locations/${locationId}/logo`,
      {
        method: "POST",
        headers: {
          Authorization: `Bearer ${manager.token}`,
          "Content-Type": "multipart/form-data; boundary=x",
          "Content-Length": String(6 * 1024 * 1024),
        },
        body: "x".repeat(100),
      },
    );
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ detail: TOO_LARGE });
  });

  it("refuses a request without a file as a 400", async () => {
    const { manager, locationId } = await proShop();
    const response = await api("POST", `/api/manager/locations/${locationId}/logo`, {
      token: manager.token,
      body: { file: "x" },
    });
    expect(response.status).toBe(400);
  });

  it("is a Pro and Business feature: Starter gets 403 naming the plans", async () => {
    const manager = await createManager({ plan: "starter" });
    const locationId = await addLocation(manager);
    expect(await upload(manager.token, locationId, TINY_PNG, "logo.png", "image/png")).toEqual({
      status: 403,
      body: { detail: "Logo upload is available on the Pro and Business plans. Upgrade to unlock it." },
    });
  });

  it("answers 404 for another account's location, before looking at the plan", async () => {
    const owner = await proShop();
    const starter = await createManager({ plan: "starter" });
    const pro = await createManager({ plan: "pro" });
    for (const other of [starter, pro]) {
      expect(await upload(other.token, owner.locationId, TINY_PNG, "logo.png", "image/png")).toMatchObject({
        status: 404,
      });
    }
    const removed = await api("DELETE", `/api/manager/locations/${owner.locationId}/logo`, {
      token: pro.token,
    });
    expect(removed.status).toBe(404);
  });

  it("deletes the old object from R2 when replaced, and DELETE removes the logo", async () => {
    const { manager, locationId } = await proShop();
    const first = await upload(manager.token, locationId, TINY_PNG, "first.png", "image/png");
    const firstKey = await logoKeyOf(locationId);
    expect(firstKey).toMatch(new RegExp(`^logos/${locationId}/[A-Za-z0-9_-]+$`));
    expect(await env.FILES.get(firstKey ?? "")).not.toBeNull();

    const second = await upload(manager.token, locationId, TINY_PNG, "second.png", "image/png");
    const secondKey = await logoKeyOf(locationId);
    expect(secondKey).not.toBe(firstKey);
    expect(second.body.logo_url).not.toBe(first.body.logo_url);
    expect(await env.FILES.get(firstKey ?? "")).toBeNull();
    expect(await env.FILES.get(secondKey ?? "")).not.toBeNull();

    const removed = await api("DELETE", `/api/manager/locations/${locationId}/logo`, {
      token: manager.token,
    });
    expect(removed).toMatchObject({ status: 200, body: { success: true } });
    expect(await env.FILES.get(secondKey ?? "")).toBeNull();
    expect(await logoKeyOf(locationId)).toBeNull();
    expect((await api("GET", `/api/locations/${locationId}/logo`)).status).toBe(404);

    const actions = (await auditRowsFor(locationId)).map((row) => row.action);
    // After the location's own "created".
    expect(actions).toEqual(["created", "logo_uploaded", "logo_uploaded", "logo_removed"]);
  });

  it("has no logo to serve for a location without one, or one that does not exist", async () => {
    const { locationId } = await proShop();
    expect(await api("GET", `/api/locations/${locationId}/logo`)).toMatchObject({
      status: 404,
      body: { detail: "This location has no logo" },
    });
    expect((await api("GET", "/api/locations/nope/logo")).status).toBe(404);
  });
});
