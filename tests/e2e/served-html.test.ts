import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_ORIGIN, SEO_PAGES } from "../../app/seo/pages";
import { baseUrl } from "./support/browser";

// What a crawler or a link preview gets: the HTML as served, no JavaScript run.
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
/** The text of the page's only <h1>, as a browser reads it (React escapes ' and " in text). */
const headings = (html: string) =>
  [...html.matchAll(/<h1\b[^>]*>([^<]*)<\/h1>/g)].map(([, text = ""]) =>
    text
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&"),
  );
const served = async (path: string) => {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { Accept: "text/html" } });
  expect(response.status).toBe(200);
  return response.text();
};

describe("the HTML served for each public page, without JavaScript", () => {
  for (const page of SEO_PAGES) {
    it(`${page.path} carries its own title, description, canonical, Open Graph tags and whole page`, async () => {
      const html = await served(page.path);
      const url = `${DEFAULT_SITE_ORIGIN}${page.path}`;
      expect(html).toContain(`<title>${page.title}</title>`);
      expect(html).toContain(`<meta name="description" content="${escaped(page.description)}"`);
      expect(html).toContain(`<link rel="canonical" href="${url}"`);
      expect(html).toContain(`<meta property="og:title" content="${escaped(page.title)}"`);
      expect(html).toContain(`<meta property="og:description" content="${escaped(page.description)}"`);
      expect(html).toContain(`<meta property="og:url" content="${url}"`);
      expect(html).toContain(`<meta property="og:type" content="${page.ogType}"`);
      expect(headings(html)).toEqual([page.heading]);
      expect(html).toContain(page.intro);
      // The whole page, as React renders it (app/routes/prerender.tsx), for main.tsx to hydrate.
      expect(html).toContain('<div id="root" class="prerendered"><div class="public-page">');
      expect(html).toContain('<footer class="site-footer">');
      // Exactly one title and one description: the shell's own were replaced, not duplicated.
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    });
  }

  it("keeps the plain app shell for the app's own screens", async () => {
    for (const path of ["/manager-dashboard", "/super-admin", "/attendance/a/b"]) {
      const html = await served(path);
      expect(html, path).not.toContain('rel="canonical"');
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).toContain('src="/app/main.tsx"');
      expect(html, path).not.toContain("kiosk-main");
    }
    expect(await served("/")).toContain('src="/app/main.tsx"');
  });

  it("serves the kiosk's own page, not the app, at /kiosk and /attendance/{locationId}", async () => {
    for (const path of ["/kiosk", "/attendance/any-location-id", "/attendance/any-location-id/"]) {
      const html = await served(path);
      expect(html, path).toContain('<html lang="en-GB">');
      expect(html, path).toContain("<title>Clock in — Clocked</title>");
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).toContain('src="/app/kiosk-main.tsx"');
      expect(html, path).not.toContain("/app/main.tsx");
      expect(html, path).not.toContain('rel="canonical"');
    }
  });

  it("serves a sitemap of the public pages and a robots.txt pointing at it", async () => {
    const sitemap = await served("/sitemap.xml");
    for (const page of SEO_PAGES) expect(sitemap).toContain(`<loc>${DEFAULT_SITE_ORIGIN}${page.path}</loc>`);
    const robots = await served("/robots.txt");
    expect(robots).toContain(`Sitemap: ${DEFAULT_SITE_ORIGIN}/sitemap.xml`);
    expect(robots).toContain("Disallow: /manager-dashboard");
    expect(robots).not.toMatch(/^Disallow: \/$/m);
  });
});
