import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SEO_PAGES } from "../../app/seo/pages";
import { waitForApp } from "./support/browser";
import { CHROMIUM_ARGS } from "./support/chromium";
import { freePort, waitFor } from "./support/server";

// The production build as Cloudflare serves it: `vite build`, then `vite preview`, which runs the built
// Worker and its static assets (with the `_headers` file the build writes) in workerd, as production, on a
// throw-away state prepared as `npm run dev` prepares its own (secrets, migrations, the demo location).
// The dev server the rest of the suite uses has no CSP at all (its HMR preamble is an inline script).

const MARKETING_PAGE = SEO_PAGES.find((page) => page.path !== "/")?.path ?? "/time-tracking-software";
const LANDING_HEADING = SEO_PAGES.find((page) => page.path === "/")?.heading ?? "";

let preview: ChildProcess | undefined;
let previewLog = "";
let stateDir = "";
let base = "";
/** The demo location seeded by scripts/prepare-local.mjs: its kiosk has staff and a live socket. */
let locationId = "";
let browser: Browser;

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), "clocked-headers-"));
  const env = { ...process.env, CLOCKED_PERSIST_DIR: stateDir, CI: "true" };
  // .dev.vars (the local secrets the build hands to preview), migrations and demo data, in stateDir.
  execFileSync("node", ["scripts/prepare-local.mjs"], { env, stdio: "ignore" });
  const rows = JSON.parse(
    execFileSync(
      "wrangler",
      [
        "d1",
        "execute",
        "DB",
        "--local",
        "--persist-to",
        stateDir,
        "--json",
        "--command",
        "SELECT id FROM locations",
      ],
      { env, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
    ),
  ) as { results: { id: string }[] }[];
  locationId = rows[0]?.results[0]?.id ?? "";
  if (!locationId) throw new Error("prepare-local.mjs seeded no demo location");

  // NODE_ENV as `npm run build` has it: vitest's "test" would bundle React's development builds.
  execFileSync("vite", ["build", "--logLevel", "error"], { env: { ...env, NODE_ENV: "production" } });

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  preview = spawn("vite", ["preview", "--host", "127.0.0.1", "--port", String(port), "--strictPort"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    previewLog += chunk;
  };
  preview.stdout?.on("data", keep);
  preview.stderr?.on("data", keep);
  try {
    await waitFor(`${base}/api/health`, preview, 60_000, "vite preview");
  } catch (error) {
    console.error(previewLog);
    throw error;
  }
  browser = await chromium.launch({ executablePath: inject("chromiumPath"), args: CHROMIUM_ARGS });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (preview && preview.exitCode === null) {
    const exited = new Promise((resolve) => preview?.once("exit", resolve));
    preview.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  }
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

/** The policy's directives, by name, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const directive of policy.split(";")) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name) parsed.set(name.toLowerCase(), sources);
  }
  return parsed;
}

/** The text of each inline script, as Chromium's own HTML parser reads the document (scripts not run). */
async function inlineScriptsOf(html: string): Promise<string[]> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.setContent(html);
    return await page.evaluate(() =>
      [...document.querySelectorAll("script:not([src])")].map((script) => script.textContent ?? ""),
    );
  } finally {
    await context.close();
  }
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

const PAGES = [
  "/",
  "/manager-dashboard",
  "/attendance/{locationId}",
  "/kiosk",
  "/super-admin",
  "/me",
  "/me/hours",
  MARKETING_PAGE,
];

describe("security headers of the production build", () => {
  for (const template of PAGES) {
    it(`${template} carries the CSP (hashes, no unsafe-inline scripts) and the other security headers`, async () => {
      const path = template.replace("{locationId}", locationId);
      const response = await fetch(`${base}${path}`, { headers: { Accept: "text/html" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
      const html = await response.text();

      const policy = response.headers.get("Content-Security-Policy");
      expect(policy, "Content-Security-Policy").toBeTruthy();
      const csp = directives(policy ?? "");
      const scriptSrc = csp.get("script-src") ?? csp.get("default-src") ?? [];
      expect(scriptSrc).toContain("'self'");
      for (const loose of ["'unsafe-inline'", "'unsafe-eval'", "*", "data:", "http:", "https:"]) {
        expect(scriptSrc).not.toContain(loose);
      }
      const scripts = await inlineScriptsOf(html);
      if (path === "/") expect(scripts.length, "the landing page's fallback script").toBeGreaterThan(0);
      for (const script of scripts) expect(scriptSrc, script).toContain(sha256(script));
      expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("base-uri")).toEqual(["'self'"]);
      expect(csp.get("connect-src")).toEqual(["'self'"]);

      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
      expect(response.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
      const permissions = response.headers.get("Permissions-Policy") ?? "";
      for (const denied of ["camera=()", "microphone=()", "payment=()"]) {
        expect(permissions).toContain(denied);
      }
      // The site's own pages may ask for a position and a passkey; nothing they embed may.
      expect(permissions).toContain("geolocation=(self)");
      expect(permissions).toContain("publickey-credentials-get=(self)");
    });
  }

  it("lets the staff app ask for the phone's position and sign in with a passkey", async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${base}/me`);
      const allowed = await page.evaluate(() => {
        const policy = (
          document as Document & { featurePolicy: { allowsFeature: (feature: string) => boolean } }
        ).featurePolicy;
        return ["geolocation", "publickey-credentials-get", "camera"].map((f) => policy.allowsFeature(f));
      });
      expect(allowed).toEqual([true, true, false]);
    } finally {
      await context.close();
    }
  });

  it("leaves the dev server without a CSP: its HMR preamble is an inline script", async () => {
    const response = await fetch(`${inject("baseUrl")}/`, { headers: { Accept: "text/html" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Security-Policy")).toBeNull();
  });

  it("API answers holding personal data are never cached and carry their own headers", async () => {
    // The public kiosk's staff list: names, no sign-in needed.
    const response = await fetch(`${base}/api/employees/by-initial/${locationId}/A`);
    expect(response.status).toBe(200);
    expect(JSON.stringify(await response.json())).toContain("Amelia");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(directives(response.headers.get("Content-Security-Policy") ?? "").get("default-src")).toEqual([
      "'none'",
    ]);
  });

  it("serves the API's OpenAPI document cacheable, revalidated by its ETag, with the API's headers", async () => {
    for (const server of [base, inject("baseUrl")]) {
      const response = await fetch(`${server}/api/openapi.json`);
      expect(response.status, server).toBe(200);
      expect(((await response.json()) as { openapi: string }).openapi).toBe("3.1.0");
      expect(response.headers.get("Cache-Control"), server).toBe("public, max-age=300");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
      const etag = response.headers.get("ETag") ?? "";
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      const again = await fetch(`${server}/api/openapi.json`, { headers: { "If-None-Match": etag } });
      expect(again.status, server).toBe(304);
      expect(await again.text()).toBe("");
    }
  });
});

describe("the production build under its CSP, in Chromium", () => {
  /** A page that records every CSP violation and every console error or policy warning. */
  async function open(path: string) {
    const context = await browser.newContext({ baseURL: base, locale: "en-GB", timezoneId: "Europe/London" });
    // Runs before the page's own scripts, outside its CSP.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as { cspViolations?: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) => {
        seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} ${event.sample}`);
      });
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || /Content.Security.Policy|Permissions-Policy/i.test(message.text())) {
        problems.push(`${message.type()}: ${message.text()}`);
      }
    });
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    const socketMessages: string[] = [];
    page.on("websocket", (socket) => {
      socket.on("framereceived", (frame) => socketMessages.push(String(frame.payload)));
    });
    await page.goto(path);
    return { page, problems, socketMessages, close: () => context.close() };
  }

  const violations = (page: Page) =>
    page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations ?? []);

  it("renders the landing page with no violation, and blocks a script injected into it", async () => {
    const { page, problems, close } = await open("/");
    await waitForApp(page);
    await page.getByRole("heading", { level: 1, name: LANDING_HEADING }).waitFor();
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);

    // The policy is in force: an inline script nobody hashed does not run, and is reported.
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.body.append(script);
      return (window as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    await expect
      .poll(() => violations(page))
      .toEqual([expect.stringMatching(/^script-src-elem blocked inline/)]);
    await close();
  });

  it("runs the kiosk and its live socket (same-origin ws:) with no violation", async () => {
    const { page, problems, socketMessages, close } = await open(`/attendance/${locationId}`);
    await page.getByRole("heading", { name: "Camden High Street" }).waitFor();
    await page.getByRole("button", { name: "Check In" }).waitFor();
    // The location's hub sends the kiosk its look as soon as the socket opens.
    await expect
      .poll(() => socketMessages.map((message) => JSON.parse(message).type))
      .toContain("appearance");
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it("opens the dashboard's and the super admin's sign-in with no violation (the fallback script ran by its hash)", async () => {
    for (const [path, heading] of [
      ["/manager-dashboard", "Welcome Back"],
      ["/super-admin", "Super Admin"],
    ] as const) {
      const { page, problems, close } = await open(path);
      await page.getByRole("heading", { name: heading }).waitFor();
      // index.html's inline script removes the landing page's tags on every other path.
      expect(await page.locator("[data-seo]").count(), path).toBe(0);
      expect(await violations(page), path).toEqual([]);
      expect(problems, path).toEqual([]);
      await close();
    }
  });
});
