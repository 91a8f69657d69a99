import { resolve } from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { kioskPwa, release } from "./scripts/kiosk-pwa";
import { preloadDeps } from "./scripts/preload-deps-plugin";
import { securityHeaders } from "./scripts/security-headers-plugin";
import { prerenderSeo } from "./scripts/seo/prerender-plugin";

export default defineConfig(({ command, isPreview }) => {
  const preload = preloadDeps();
  return {
    plugins: [
      react(),
      preload.plugin,
      // Before cloudflare(): in dev its middleware must answer the public pages first.
      prerenderSeo(),
      // After prerenderSeo(): it hashes the inline scripts of the pages as emitted. Build only (no CSP in dev).
      securityHeaders(),
      kioskPwa(),
      cloudflare({
        // CLOCKED_PERSIST_DIR gives the browser tests a throw-away local D1/R2/DO state.
        ...(process.env.CLOCKED_PERSIST_DIR
          ? { persistState: { path: process.env.CLOCKED_PERSIST_DIR } }
          : {}),
        // wrangler.toml says production, so whatever is built and deployed fails closed; only `vite dev`
        // runs as development (dev routes, the e-mail outbox, the billing sandbox). `vite preview` serves
        // the build as built: production, with the local secrets from .dev.vars.
        ...(command === "serve" && !isPreview ? { config: { vars: { ENVIRONMENT: "development" } } } : {}),
      }),
    ],
    environments: {
      client: {
        // Three pages: the app (index.html), the kiosk (kiosk.html) and the staff app (me.html); the last two
        // load neither the router nor any other screen.
        build: {
          modulePreload: { resolveDependencies: preload.resolveDependencies },
          rolldownOptions: {
            input: {
              index: resolve(import.meta.dirname, "index.html"),
              kiosk: resolve(import.meta.dirname, "kiosk.html"),
              me: resolve(import.meta.dirname, "me.html"),
            },
            output: {
              codeSplitting: {
                groups: [
                  { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                  // TanStack Query in one chunk: split by which screen uses which of its parts, it came in four,
                  // each with its own imports and exports (1.7 kB more gzipped on the dashboard's first screen).
                  { name: "query", test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
                  // What the kiosk page shares with the dashboard (the zod-free contracts, the HTTP helpers, the
                  // typed client and the stored session), in one chunk: split by the dashboard's lazy parts,
                  // their chunks' own overhead tipped the kiosk over 80 kB.
                  {
                    name: "kiosk-shared",
                    test: /[\\/](worker[\\/]contracts[\\/](appearance|kiosk-notices|socket-close)|app[\\/]lib[\\/](http|stored-session)|node_modules[\\/]hono[\\/]dist[\\/]client[\\/].*)\.[jt]s$/,
                  },
                ],
              },
            },
          },
        },
      },
    },
    // %CLOCKED_RELEASE% in kiosk.html (Vite replaces import.meta.env names in HTML).
    define: { "import.meta.env.CLOCKED_RELEASE": JSON.stringify(release()) },
    resolve: {
      // The app's names for the code it shares with the Worker (tsconfig.app.json `paths`, the same names).
      // @worker/* is not here: the app imports the Worker's route types only, which leave no code behind.
      alias: {
        "@contracts": resolve(import.meta.dirname, "worker/contracts"),
        "@domain": resolve(import.meta.dirname, "worker/domain"),
      },
    },
    server: { port: Number(process.env.PORT ?? 5173), strictPort: !!process.env.PORT },
  };
});
