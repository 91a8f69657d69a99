import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

// wrangler.toml sends /attendance/* to the Worker first; it answers with the kiosk's own document
// (kiosk.html, through the ASSETS binding). Here ASSETS holds two stand-ins (tests/support/assets).
const page = async (path: string, method = "GET") => {
  const response = await exports.default.fetch(`http://clocked.test${path}`, {
    method,
    headers: { Accept: "text/html" },
  });
  return { status: response.status, type: response.headers.get("Content-Type"), html: await response.text() };
};

describe("the kiosk's page at /attendance/{locationId}", () => {
  it("is kiosk.html, with or without a trailing slash, whatever the location id", async () => {
    for (const path of ["/attendance/abc123", "/attendance/abc123/", "/attendance/no-such-location?x=1"]) {
      const answer = await page(path);
      expect(answer, path).toMatchObject({ status: 200, type: expect.stringContaining("text/html") });
      expect(answer.html, path).toContain("<title>Clock in — Clocked</title>");
    }
  });

  it("answers HEAD like GET, without a body", async () => {
    const answer = await page("/attendance/abc123", "HEAD");
    expect(answer.status).toBe(200);
    expect(answer.html).toBe("");
  });

  it("leaves any other path under /attendance to the app, as every unknown path is", async () => {
    for (const path of ["/attendance/a/b", "/attendance/"]) {
      const answer = await page(path);
      expect(answer.status, path).toBe(200);
      expect(answer.html, path).toContain("<title>App shell</title>");
    }
  });

  it("does not take other methods", async () => {
    expect((await page("/attendance/abc123", "POST")).status).toBe(404);
  });
});
