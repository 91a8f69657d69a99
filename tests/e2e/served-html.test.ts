import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_ORIGIN, SEO_PAGES } from "../../app/seo/pages";
import { baseUrl } from "./support/browser";

// What a crawler or a link preview gets: the HTML as served, no JavaScript run.
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
const served = async (path: string) => {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { Accept: "text/html" } });
  expect(response.status).toBe(200);
  return response.text();
};

describe("the HTML served for each public page, without JavaScript", () => {
  for (const page of SEO_PAGES) {
    it(`${page.path} carries its own title, description, canonical, Open Graph tags and heading`, async () => {
      const html = await served(page.path);
      const url = `${DEFAULT_SITE_ORIGIN}${page.path}`;
      expect(html).toContain(`<title>${page.title}</title>`);
      expect(html).toContain(`<meta name="description" content="${escaped(page.description)}"`);
      expect(html).toContain(`<link rel="canonical" href="${url}"`);
      expect(html).toContain(`<meta property="og:title" content="${escaped(page.title)}"`);
      expect(html).toContain(`<meta property="og:description" content="${escaped(page.description)}"`);
      expect(html).toContain(`<meta property="og:url" content="${url}"`);
      expect(html).toContain(`<meta property="og:type" content="${page.ogType}"`);
      expect(html).toContain(`<h1>${page.heading}</h1>`);
      expect(html).toContain(page.intro);
      // Exactly one title and one description: the shell's own were replaced, not duplicated.
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    });
  }

  it("keeps the plain app shell for the app's own screens", async () => {
    const html = await served("/kiosk");
    expect(html).not.toContain('rel="canonical"');
    expect(html).toContain('<div id="root"></div>');
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
