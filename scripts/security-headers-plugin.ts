import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import type { Plugin } from "vite";
import {
  headersFile,
  inlineHandlers,
  inlineScripts,
  pageSecurityHeaders,
} from "../worker/lib/security-headers";

/** The `_headers` file that Cloudflare's static assets read from the asset directory (and never serve). */
export const HEADERS_FILE = "_headers";

/** A CSP hash source for an inline script: sha256 of its UTF-8 text, in base64. */
export const scriptHash = (script: string) =>
  `sha256-${createHash("sha256").update(script).digest("base64")}`;

/**
 * `vite build` only: once every page is in the bundle (after the prerendering, registered before this
 * plugin), hashes each inline script of each emitted .html page and writes `_headers`, which gives every
 * page (and every other static file) the headers of worker/lib/security-headers.ts with a CSP that allows
 * exactly those scripts. The Worker's own kiosk page (/attendance/{id}) is kiosk.html fetched through the
 * ASSETS binding, which applies the same file. `vite dev` gets no CSP: its HMR preamble is inline.
 */
export function securityHeaders(): Plugin {
  let publicDir = "";
  return {
    name: "clocked:security-headers",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        // Files in public/ are copied as they are, after this hook: they would escape the hashing.
        const fromPublic =
          publicDir && existsSync(publicDir) ? readdirSync(publicDir, { recursive: true }) : [];
        const unhashed = fromPublic
          .map(String)
          .filter((file) => file === HEADERS_FILE || file.endsWith(".html"));
        if (unhashed.length > 0) {
          this.error(`public/ must not hold ${unhashed.join(", ")}: the build writes the pages and _headers`);
        }
        const hashes = new Set<string>();
        for (const file of Object.values(bundle)) {
          if (file.type !== "asset" || !file.fileName.endsWith(".html")) continue;
          const html = typeof file.source === "string" ? file.source : new TextDecoder().decode(file.source);
          const handlers = inlineHandlers(html);
          if (handlers.length > 0) {
            this.error(
              `${file.fileName} has inline event handlers a CSP hash cannot allow: ${handlers.join(" ")}`,
            );
          }
          for (const script of inlineScripts(html)) hashes.add(scriptHash(script));
        }
        if (bundle[HEADERS_FILE]) this.error(`${HEADERS_FILE} was already emitted by another plugin`);
        this.emitFile({
          type: "asset",
          fileName: HEADERS_FILE,
          source: headersFile({ "/*": pageSecurityHeaders([...hashes]) }),
        });
      },
    },
  };
}
