import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { SEO_PAGES } from "../../app/seo/pages";
import {
  DASHBOARD_LAZY_PARTS,
  dashboardLazyPartSizes,
  documentScripts,
  routeJsSizes,
} from "../../scripts/route-js-sizes";

// `vite build` writes what Cloudflare's asset server sends: index.html for / (and, as the single-page
// app fallback, for every other path), <path>.html, which `auto-trailing-slash` serves at /<path>, and
// kiosk.html, the kiosk's own page (at /kiosk, and from the Worker at /attendance/{locationId}).
const ORIGIN = "https://www.clocked-test.co.uk";
const read = (file: string) => readFileSync(`dist/client/${file}`, "utf8");
/** The text of each <h1>, as a browser reads it (React escapes ' and " in text). */
const headings = (html: string) =>
  [...html.matchAll(/<h1\b[^>]*>([^<]*)<\/h1>/g)].map(([, text = ""]) =>
    text
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&"),
  );
const KIOSK_ROUTE = "/kiosk and /attendance/:locationId";
/** The staff app's budget (docs/staff-app.md): a phone on a poor signal, every time it opens. */
const STAFF_APP_BUDGET_BYTES = 100_000;
/** TanStack Query's client names its cache so. */
const TANSTACK_QUERY = "QueryClient";
/**
 * window.__reactRouterVersion is set by React Router's code; `data-sonner-toaster` is sonner's; zod names its
 * error class ZodError.
 */
const REACT_ROUTER = "__reactRouterVersion";
const SONNER = "data-sonner-toaster";
const ZOD = "ZodError";
/**
 * The dashboard's first screen (Live Status, or the sign-in form), gzipped (docs/dashboard.md): 145 kB since the
 * team's roles came to it (docs/performance.md, "Page weights").
 */
const DASHBOARD_BUDGET_BYTES = 145_000;
const builtJs = () => readdirSync("dist/client/assets").filter((file) => file.endsWith(".js"));

describe("the production build", () => {
  beforeAll(() => {
    // NODE_ENV as `npm run build` has it: vitest's "test" would bundle React's development builds.
    execFileSync("vite", ["build", "--logLevel", "error"], {
      env: { ...process.env, APP_URL: ORIGIN, NODE_ENV: "production" },
    });
  }, 120_000);

  for (const page of SEO_PAGES) {
    const file = page.path === "/" ? "index.html" : `${page.path.slice(1)}.html`;
    it(`prerenders ${page.path} into ${file} with canonical links on APP_URL`, () => {
      const html = read(file);
      expect(html).toContain(`<title>${page.title}</title>`);
      expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${page.path}"`);
      expect(headings(html)).toEqual([page.heading]);
      expect(html).toContain('<div id="root" class="prerendered"><div class="public-page">');
    });

    it(`paints ${page.path} styled from its HTML and CSS alone, then starts the app`, () => {
      const html = read(file);
      const head = html.slice(0, html.indexOf("</head>"));
      // The screen's own stylesheets, besides the app's, are in the head: no restyle when it loads.
      expect(head.match(/<link rel="stylesheet" [^>]*href="\/assets\/[\w-]+\.css"/g)?.length).toBeGreaterThan(
        1,
      );
      // No script in the head: the app's entry and its preloads wait in a template for the first paint.
      expect(head).not.toMatch(/<script|modulepreload/);
      expect(html).toMatch(
        /<template id="app-scripts"><script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/,
      );
      expect(html).toContain("requestAnimationFrame(()=>requestAnimationFrame(loadApp))");
    });
  }

  it("clears the landing page from index.html and starts the app at once when it is another path's fallback", () => {
    expect(read("index.html")).toContain(
      'if(location.pathname!=="/"){const r=document.getElementById("root");r.replaceChildren();',
    );
    expect(read("index.html")).toMatch(/e\.remove\(\);loadApp\(\)\}else /);
    expect(read("time-tracking-software.html")).not.toContain("location.pathname");
  });

  it("writes sitemap.xml and robots.txt on the same origin", () => {
    expect(read("sitemap.xml")).toContain(`<loc>${ORIGIN}/retail-attendance-software</loc>`);
    expect(read("robots.txt")).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it("keeps the dashboard's code out of the landing page, the marketing pages and the kiosk", () => {
    const sizes = routeJsSizes();
    const dashboard = sizes.find((route) => route.route === "/manager-dashboard");
    expect(dashboard?.files.some((file) => file.startsWith("manager-dashboard-"))).toBe(true);
    for (const route of sizes.filter((r) => r.route !== "/manager-dashboard")) {
      expect(
        route.files.filter((file) => file.startsWith("manager-dashboard-")),
        route.route,
      ).toEqual([]);
    }
  });

  it("loads the dashboard's other tabs and heavier dialogs only when they first open", () => {
    const firstScreen = routeJsSizes().find((route) => route.route === "/manager-dashboard")?.files ?? [];
    const parts = dashboardLazyPartSizes();
    expect(parts.map((part) => part.name)).toEqual(DASHBOARD_LAZY_PARTS.map((part) => part.name));
    for (const [index, part] of parts.entries()) {
      const own = DASHBOARD_LAZY_PARTS[index]?.chunk ?? "";
      expect(
        part.files.filter((file) => file.startsWith(`${own}-`)),
        part.name,
      ).toHaveLength(1);
      expect(
        firstScreen.filter((file) => file.startsWith(`${own}-`)),
        part.name,
      ).toEqual([]);
    }
  });

  it("writes kiosk.html as the kiosk's own plain page, untouched by the public pages' prerendering", () => {
    const html = read("kiosk.html");
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1.0" />');
    expect(html).toContain("<title>Clock in — Clocked</title>");
    expect(html).toContain('<div id="root"></div>');
    for (const landing of ["data-seo", 'rel="canonical"', "prerendered", "location.pathname", "<h1>"]) {
      expect(html).not.toContain(landing);
    }
    expect(documentScripts(html)[0]).toMatch(/^kiosk-[\w-]{8}\.js$/);
  });

  it("loads neither React Router nor sonner on the kiosk, and stays within 80 kB of gzipped JavaScript", () => {
    const sizes = routeJsSizes();
    const kiosk = sizes.find((route) => route.route === KIOSK_ROUTE);
    const landing = sizes.find((route) => route.route === "/");
    if (!kiosk || !landing) throw new Error("routeJsSizes lost the kiosk or the landing page");
    const code = (files: string[]) => files.map((file) => read(`assets/${file}`)).join("\n");
    // The markers are real: the app's pages load React Router, and the app has sonner in a chunk of its own.
    expect(code(landing.files)).toContain(REACT_ROUTER);
    expect(code(builtJs())).toContain(SONNER);
    expect(code(kiosk.files)).not.toContain(REACT_ROUTER);
    expect(code(kiosk.files)).not.toContain(SONNER);
    expect(kiosk.files.some((file) => file.startsWith("index-"))).toBe(false);
    expect(kiosk.gzipBytes).toBeLessThanOrEqual(80_000);
  });

  it("loads no dashboard code, React Router, sonner, zod or TanStack Query in the staff app, within 100 kB", () => {
    const sizes = routeJsSizes();
    const staffApp = sizes.find((route) => route.route === "/me");
    const dashboard = sizes.find((route) => route.route === "/manager-dashboard");
    if (!staffApp || !dashboard) throw new Error("routeJsSizes lost /me or /manager-dashboard");
    const code = (files: string[]) => files.map((file) => read(`assets/${file}`)).join("\n");
    // The markers are real: the dashboard loads TanStack Query, and the built app has the others.
    expect(code(dashboard.files)).toContain(TANSTACK_QUERY);
    for (const marker of [REACT_ROUTER, SONNER, ZOD, TANSTACK_QUERY]) {
      expect(code(builtJs())).toContain(marker);
      expect(code(staffApp.files), marker).not.toContain(marker);
    }
    expect(staffApp.files.some((file) => file.startsWith("index-"))).toBe(false);
    expect(staffApp.gzipBytes).toBeLessThanOrEqual(STAFF_APP_BUDGET_BYTES);
  });

  it("paints the dashboard's first screen within 145 kB of gzipped JavaScript, without zod or sonner", () => {
    const dashboard = routeJsSizes().find((route) => route.route === "/manager-dashboard");
    if (!dashboard) throw new Error("routeJsSizes lost /manager-dashboard");
    const code = (files: string[]) => files.map((file) => read(`assets/${file}`)).join("\n");
    // The markers are real: the built app has both libraries, loaded when first needed.
    expect(code(builtJs())).toContain(ZOD);
    expect(code(builtJs())).toContain(SONNER);
    expect(code(dashboard.files)).not.toContain(ZOD);
    expect(code(dashboard.files)).not.toContain(SONNER);
    expect(dashboard.gzipBytes).toBeLessThanOrEqual(DASHBOARD_BUDGET_BYTES);
  });
});
