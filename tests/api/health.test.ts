import { exports } from "cloudflare:workers";
import { expect, it } from "vitest";

it("answers unknown API paths with a JSON 404 detail", async () => {
  const response = await exports.default.fetch("http://clocked.test/api/nope");
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ detail: "Not found" });
});

it("sends every API answer, an error too, never cached and with the API's security headers", async () => {
  for (const [path, status] of [
    ["/api/health", 200],
    ["/api/nope", 404],
    ["/api/kiosk/submit/not-a-location", 400],
  ] as const) {
    const response = await exports.default.fetch(`http://clocked.test${path}`, {
      method: path.includes("submit") ? "POST" : "GET",
      headers: { "Content-Type": "application/json" },
      body: path.includes("submit") ? "{}" : undefined,
    });
    expect(response.status, path).toBe(status);
    expect(Object.fromEntries(response.headers), path).toMatchObject({
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "x-frame-options": "DENY",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-content-type-options": "nosniff",
      "content-type": expect.stringContaining("application/json"),
    });
  }
});
