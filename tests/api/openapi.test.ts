import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import type { OpenApiDocument } from "../../worker/openapi/document";
import { apiMarkdown } from "../../worker/openapi/markdown";

const URL_OF_DOCUMENT = "http://clocked.test/api/openapi.json";

async function fetchDocument(): Promise<OpenApiDocument> {
  const response = await exports.default.fetch(URL_OF_DOCUMENT);
  expect(response.status).toBe(200);
  return response.json();
}

/** `/a/:id/*` as the document writes it, `/a/{id}/{path}`. */
const documentedPath = (honoPath: string) => honoPath.replace(/:(\w+)/g, "{$1}").replace(/\/\*$/, "/{path}");

describe("the API's OpenAPI document", () => {
  it("is public and cacheable, with an ETag, and keeps the API's security headers", async () => {
    const response = await exports.default.fetch(URL_OF_DOCUMENT);
    expect(response.status).toBe(200);
    const headers = Object.fromEntries(response.headers);
    expect(headers).toMatchObject({
      "cache-control": "public, max-age=300",
      etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
      "content-type": expect.stringContaining("application/json"),
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
    });
    expect(((await response.json()) as OpenApiDocument).openapi).toBe("3.1.0");

    const again = await exports.default.fetch(URL_OF_DOCUMENT, {
      headers: { "If-None-Match": headers.etag ?? "" },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(headers.etag);
  });

  it("documents every route the Worker mounts, and no route it does not", async () => {
    const document = await fetchDocument();
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    // Walked here on its own: what Hono routes to a handler of a method (`ALL` entries are middleware).
    const mounted = new Set(
      app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${documentedPath(r.path)}`),
    );
    expect([...mounted].filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !mounted.has(route))).toEqual([]);
    expect(mounted.size).toBeGreaterThan(80);
    expect(documented).toContain("GET /api/openapi.json");
  });

  it("says who may call each route, as the route's own guards do", async () => {
    const { paths } = await fetchDocument();
    const who = (method: string, path: string) => {
      const operation = paths[path]?.[method];
      return [operation?.["x-caller"], operation?.security, operation?.["x-development-only"] ?? false];
    };
    expect(who("get", "/api/manager/locations")).toEqual(["manager", [{ managerSession: [] }], false]);
    expect(who("post", "/api/manager/logout")).toEqual(["account", [{ accountSession: [] }], false]);
    expect(who("post", "/api/manager/login")).toEqual(["public", [], false]);
    expect(who("post", "/api/kiosk/submit")).toEqual(["kiosk-device", [{ kioskDevice: [] }], false]);
    expect(who("post", "/api/kiosk/submit/{locationId}")).toEqual(["public", [], false]);
    expect(who("get", "/api/super-admin/analytics")).toEqual([
      "super-admin",
      [{ superAdminSession: [] }],
      false,
    ]);
    expect(who("get", "/api/dev/outbox")).toEqual(["public", [], true]);
    expect(who("get", "/api/openapi.json")).toEqual(["public", [], false]);
  });

  it("gives each operation the schemas of its body, path parameters and query string, and the error shape", async () => {
    const document = await fetchDocument();
    const create = document.paths["/api/manager/locations"]?.post;
    expect(create?.requestBody).toMatchObject({
      required: true,
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["name"],
            additionalProperties: false,
            properties: { name: { type: "string" } },
          },
        },
      },
    });
    expect(document.paths["/api/manager/staff-hours/{locationId}"]?.get?.parameters).toEqual([
      { name: "locationId", in: "path", required: true, schema: expect.objectContaining({ type: "string" }) },
      { name: "period", in: "query", required: expect.any(Boolean), schema: expect.any(Object) },
      { name: "search", in: "query", required: false, schema: expect.any(Object) },
    ]);
    expect(document.paths["/api/manager/logout"]?.post?.requestBody).toMatchObject({ required: false });
    expect(document.components.schemas.Error).toEqual({
      type: "object",
      required: ["detail"],
      properties: { detail: { type: "string", description: expect.any(String) } },
    });
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations)) {
        expect(operation.responses["4XX"]).toMatchObject({
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        });
      }
    }
  });

  it("is summarised in docs/api.md as it stands (npm run docs:api rewrites it)", async () => {
    await expect(apiMarkdown(await fetchDocument())).toMatchFileSnapshot("../../docs/api.md");
  });
});
