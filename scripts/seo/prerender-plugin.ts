import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { DEFAULT_SITE_ORIGIN, SEO_PAGES, seoPageFor } from "../../app/seo/pages";
import { renderPage, robotsTxt, sitemapXml, siteOrigin } from "./render";

/**
 * Public pages that search engines and link previews can read without JavaScript.
 * - `vite build`: index.html carries the landing page; `<path>.html` is written for each marketing page
 *   (Cloudflare's default `auto-trailing-slash` serves `/time-tracking-software` from
 *   `time-tracking-software.html`), plus sitemap.xml and robots.txt.
 * - `vite dev`: the same HTML for the same paths, and the same two files, from a middleware.
 * The canonical origin is APP_URL at build time, or DEFAULT_SITE_ORIGIN.
 */
export function prerenderSeo(origin = siteOrigin(process.env.APP_URL, DEFAULT_SITE_ORIGIN)): Plugin {
  return {
    name: "clocked:prerender-seo",

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
          send("text/html", renderPage(shell, page, origin));
        } catch (error) {
          next(error);
        }
      });
    },

    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const index = bundle["index.html"];
        if (index?.type !== "asset") return; // not the client environment
        const shell =
          typeof index.source === "string" ? index.source : new TextDecoder().decode(index.source);
        for (const page of SEO_PAGES) {
          const fileName = page.path === "/" ? "index.html" : `${page.path.slice(1)}.html`;
          const source = renderPage(shell, page, origin, page.path === "/");
          if (page.path === "/") index.source = source;
          else this.emitFile({ type: "asset", fileName, source });
        }
        this.emitFile({ type: "asset", fileName: "sitemap.xml", source: sitemapXml(origin) });
        this.emitFile({ type: "asset", fileName: "robots.txt", source: robotsTxt(origin) });
      },
    },
  };
}
