import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { SEO_PAGES } from "../../app/seo/pages";
import { routeJsSizes } from "../../scripts/route-js-sizes";

// `vite build` writes what Cloudflare's asset server sends: index.html for / (and, as the single-page
// app fallback, for every other path) and <path>.html, which `auto-trailing-slash` serves at /<path>.
const ORIGIN = "https://www.clocked-test.co.uk";
const read = (file: string) => readFileSync(`dist/client/${file}`, "utf8");

describe("the production build", () => {
  beforeAll(() => {
    execFileSync("vite", ["build", "--logLevel", "error"], { env: { ...process.env, APP_URL: ORIGIN } });
  }, 120_000);

  for (const page of SEO_PAGES) {
    const file = page.path === "/" ? "index.html" : `${page.path.slice(1)}.html`;
    it(`prerenders ${page.path} into ${file} with canonical links on APP_URL`, () => {
      const html = read(file);
      expect(html).toContain(`<title>${page.title}</title>`);
      expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${page.path}"`);
      expect(html).toContain(`<h1>${page.heading}</h1>`);
      expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    });
  }

  it("clears the landing copy from index.html when it is served as the fallback for another path", () => {
    expect(read("index.html")).toContain('if(location.pathname!=="/")');
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
});
