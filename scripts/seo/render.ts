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

const ROOT = '<div id="root"></div>';

/** What Vite writes into the shell's <head> to start the app: its module script and modulepreload links. */
const APP_SCRIPTS = /\s*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)/g;

// The app's scripts wait in a <template> (inert: nothing is fetched) until the page has been painted from
// its HTML and CSS, then go into <head>: on a phone the first paint does not share the network with them.
const LOAD_APP =
  'const t=document.getElementById("app-scripts");document.head.append(document.importNode(t.content,true))';
const AFTER_FIRST_PAINT =
  'document.visibilityState==="hidden"?loadApp():requestAnimationFrame(()=>requestAnimationFrame(loadApp))';

// index.html is also what Cloudflare serves for every other path (single-page-application fallback): there
// the landing page's markup, tags and stylesheets are removed before the first paint, the app renders from
// an empty root, and its scripts load at once.
const CLEAR_LANDING =
  'const r=document.getElementById("root");r.replaceChildren();r.removeAttribute("class");' +
  'for(const e of document.querySelectorAll("[data-seo]"))e.remove()';

const loaderScript = (spaFallback: boolean) =>
  `<script>{const loadApp=()=>{${LOAD_APP}};` +
  (spaFallback
    ? `if(location.pathname!=="/"){${CLEAR_LANDING};loadApp()}else ${AFTER_FIRST_PAINT}}</script>`
    : `${AFTER_FIRST_PAINT}}</script>`);

/** What one page adds to the shell. */
export type PageParts = {
  /** What React renders for the page (app/routes/prerender.tsx), which app/main.tsx hydrates. */
  markup: string;
  /** The page's own stylesheets (its screen's chunk's CSS), besides those the shell links already. */
  stylesheets?: readonly string[];
  /** Start the app's scripts after the first paint (the build; `vite dev` keeps its own script). */
  scriptsAfterPaint?: boolean;
  /** index.html, which is also the app's fallback document for every path without a file of its own. */
  spaFallback?: boolean;
};

/**
 * The shell with this page's head tags, stylesheets and markup. The root is marked `prerendered` until
 * main.tsx has hydrated it (tests/e2e wait for the mark to go).
 */
export function renderPage(shell: string, page: SeoPage, origin: string, parts: PageParts): string {
  if (!shell.includes(ROOT) || !shell.includes("</head>")) {
    throw new Error('index.html must contain </head> and an empty <div id="root"></div>');
  }
  const scripts = parts.scriptsAfterPaint ? [...shell.matchAll(APP_SCRIPTS)].map(([tag]) => tag.trim()) : [];
  if (parts.scriptsAfterPaint && !scripts.some((tag) => tag.startsWith("<script"))) {
    throw new Error("index.html as built has no module script to start the app with");
  }
  const stylesheets = (parts.stylesheets ?? []).map(
    (href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" data-seo />`,
  );
  const head = (parts.scriptsAfterPaint ? shell.replace(APP_SCRIPTS, "") : shell)
    .replace(/\s*<title>[\s\S]*?<\/title>/, "")
    .replace(/\s*<meta\s+name="description"[^>]*>/, "")
    .replace("</head>", () => `  ${[...stylesheets, headTags(page, origin)].join("\n    ")}\n  </head>`);
  const body = [
    `<div id="root" class="prerendered">${parts.markup}</div>`,
    scripts.length ? `<template id="app-scripts">${scripts.join("")}</template>` : "",
    scripts.length ? loaderScript(!!parts.spaFallback) : "",
    // Without the deferred scripts (vite dev), the fallback only clears the landing page.
    !scripts.length && parts.spaFallback
      ? `<script>if(location.pathname!=="/"){${CLEAR_LANDING}}</script>`
      : "",
  ].join("");
  // A replacer function: a "$" in the page's text is not a replacement pattern.
  return head.replace(ROOT, () => body);
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
