import { absoluteUrl, PRIVATE_PATHS, SEO_PAGES, type SeoPage, SITE_NAME } from "../../app/seo/pages";

// Pure string work on the HTML shell, shared by the dev server and the build (prerender-plugin.ts).

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The canonical origin: APP_URL when set at build time, else the documented default. */
export function siteOrigin(configured: string | undefined, fallback: string): string {
  const value = configured?.trim() || fallback;
  const url = new URL(value);
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`APP_URL must be an http(s) address, got "${value}"`);
  }
  return url.origin;
}

export function headTags(page: SeoPage, origin: string): string {
  const url = absoluteUrl(origin, page.path);
  const meta = (attribute: "name" | "property", key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" data-seo />`;
  return [
    `<title>${escapeHtml(page.title)}</title>`,
    meta("name", "description", page.description),
    `<link rel="canonical" href="${escapeHtml(url)}" data-seo />`,
    meta("property", "og:site_name", SITE_NAME),
    meta("property", "og:locale", "en_GB"),
    meta("property", "og:type", page.ogType),
    meta("property", "og:title", page.title),
    meta("property", "og:description", page.description),
    meta("property", "og:url", url),
    meta("name", "twitter:card", "summary"),
  ].join("\n    ");
}

/** What a reader without JavaScript sees; React replaces it when the page's code has loaded. */
export function staticBody(page: SeoPage): string {
  return [
    `<div class="prerendered">`,
    `<header class="site-header"><a class="logo" href="/"><span>${SITE_NAME}</span></a>`,
    `<nav aria-label="Account" class="site-header__account"><a class="button" href="/manager-dashboard">Start Free Trial</a></nav></header>`,
    `<main class="hero"><h1>${escapeHtml(page.heading)}</h1><p>${escapeHtml(page.intro)}</p></main>`,
    `</div>`,
  ].join("");
}

// index.html is also what Cloudflare serves for every other path (single-page-application fallback), so
// there the landing page's copy and tags are removed before the first paint.
const FALLBACK_SCRIPT =
  '<script>if(location.pathname!=="/"){document.getElementById("root").replaceChildren();' +
  'for(const e of document.querySelectorAll("[data-seo]"))e.remove()}</script>';

const ROOT = '<div id="root"></div>';

/** The shell with this page's head tags and static copy. */
export function renderPage(shell: string, page: SeoPage, origin: string, spaFallback = false): string {
  if (!shell.includes(ROOT) || !shell.includes("</head>")) {
    throw new Error('index.html must contain </head> and an empty <div id="root"></div>');
  }
  const head = shell
    .replace(/\s*<title>[\s\S]*?<\/title>/, "")
    .replace(/\s*<meta\s+name="description"[^>]*>/, "")
    .replace("</head>", `  ${headTags(page, origin)}\n  </head>`);
  const body = `<div id="root">${staticBody(page)}</div>${spaFallback ? FALLBACK_SCRIPT : ""}`;
  return head.replace(ROOT, body);
}

export function sitemapXml(origin: string): string {
  const urls = SEO_PAGES.map(
    (page) => `  <url><loc>${escapeHtml(absoluteUrl(origin, page.path))}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    "Allow: /",
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
