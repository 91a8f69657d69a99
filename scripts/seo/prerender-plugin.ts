import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { Alias, Plugin, Rollup } from "vite";
import { DEFAULT_SITE_ORIGIN, SEO_PAGES, type SeoPage, seoPageFor } from "../../app/seo/pages";
import { devRenderer, withBuildRenderer } from "./react-renderer";
import { renderPage, robotsTxt, sitemapXml, siteOrigin } from "./render";

/**
 * Public pages that search engines, link previews and a phone's first paint read without JavaScript: each
 * is rendered with React (app/routes/prerender.tsx) into the HTML its path is served with, and the app
 * hydrates it (app/main.tsx).
 * - `vite build`: index.html carries the landing page; `<path>.html` is written for each marketing page
 *   (Cloudflare's default `auto-trailing-slash` serves `/time-tracking-software` from
 *   `time-tracking-software.html`), plus sitemap.xml and robots.txt. Each page links its screen's
 *   stylesheets, so it is painted styled, before any script has run.
 * - `vite dev`: the same HTML for the same paths (styles arrive with the scripts), and the same two files,
 *   from a middleware.
 * The canonical origin is APP_URL at build time, or DEFAULT_SITE_ORIGIN.
 */
export function prerenderSeo(origin = siteOrigin(process.env.APP_URL, DEFAULT_SITE_ORIGIN)): Plugin {
  let root = process.cwd();
  let alias: readonly Alias[] = [];
  return {
    name: "clocked:prerender-seo",

    configResolved(config) {
      root = config.root;
      alias = config.resolve.alias;
    },

    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const accept = req.headers.accept ?? "";
        if ((req.method !== "GET" && req.method !== "HEAD") || accept.includes("text/x-vite-ping")) {
          return next();
        }
        const path = new URL(req.url ?? "/", "http://localhost").pathname;
        const send = (type: string, body: string) => {
          res.setHeader("Content-Type", `${type}; charset=utf-8`);
          res.end(req.method === "HEAD" ? undefined : body);
        };
        if (path === "/sitemap.xml") return send("application/xml", sitemapXml(origin));
        if (path === "/robots.txt") return send("text/plain", robotsTxt(origin));
        const page = seoPageFor(path);
        if (!page) return next();
        try {
          const template = await readFile(resolve(server.config.root, "index.html"), "utf8");
          const shell = await server.transformIndexHtml(req.url ?? path, template, req.originalUrl);
          const render = await devRenderer(server);
          send("text/html", renderPage(shell, page, origin, { markup: render(page) }));
        } catch (error) {
          next(error);
        }
      });
    },

    generateBundle: {
      order: "post",
      async handler(_options, bundle) {
        const index = bundle["index.html"];
        if (index?.type !== "asset") return; // not the client environment
        const shell =
          typeof index.source === "string" ? index.source : new TextDecoder().decode(index.source);
        const markups = await withBuildRenderer(root, alias, (render) => SEO_PAGES.map(render));
        SEO_PAGES.forEach((page, i) => {
          const source = renderPage(shell, page, origin, {
            markup: markups[i] ?? "",
            stylesheets: screenStylesheets(bundle, page, shell),
            scriptsAfterPaint: true,
            spaFallback: page.path === "/",
          });
          if (page.path === "/") index.source = source;
          else this.emitFile({ type: "asset", fileName: `${page.path.slice(1)}.html`, source });
        });
        this.emitFile({ type: "asset", fileName: "sitemap.xml", source: sitemapXml(origin) });
        this.emitFile({ type: "asset", fileName: "robots.txt", source: robotsTxt(origin) });
      },
    },
  };
}

/**
 * The CSS that the page's screen chunk (app/routes/<screen>.tsx) and the chunks it imports statically
 * bring, which the router would otherwise add only once that chunk had loaded; less what the shell links.
 */
function screenStylesheets(bundle: Rollup.OutputBundle, page: SeoPage, shell: string): string[] {
  const screen = Object.values(bundle).find(
    (file) =>
      file.type === "chunk" &&
      file.facadeModuleId?.replaceAll("\\", "/").endsWith(`/app/routes/${page.screen}.tsx`),
  );
  if (screen?.type !== "chunk") {
    throw new Error(`No chunk for app/routes/${page.screen}.tsx, the screen of ${page.path}`);
  }
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (next?.type === "chunk") visit(next);
    }
  };
  visit(screen);
  return [...css].filter((file) => !shell.includes(`/${file}"`)).map((file) => `/${file}`);
}
