import { execFileSync } from "node:child_process";
import type { OutputBundle } from "rolldown";
import type { Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { KIOSK_SCOPE, KIOSK_SERVICE_WORKER_URL } from "../app/features/kiosk/pwa";

// The paired kiosk (/kiosk) as an app a tablet installs and opens with no network (docs/offline-kiosk.md): a
// Workbox service worker, made by vite-plugin-pwa, that precaches the kiosk's own page and exactly the files
// it loads, and caches one kind of API answer: a location's logo (public, versioned, immutable). Every other
// /api answer (names, statuses, anything personal) passes by to the network; the offline directory is the
// kiosk's own (app/features/kiosk/offline.ts). The manifest is public/kiosk.webmanifest.

const CLIENT_DIR = "dist/client";
/** Files in public/ the installed kiosk needs besides its page and scripts. */
const KIOSK_PUBLIC_FILES = ["kiosk.webmanifest", "favicon.svg", "icons/"];

/**
 * Which build this is: CLOCKED_RELEASE, else the commit. The kiosk's page names it (`<meta name="clocked-release">`),
 * so every deploy is a new kiosk page, hence a new service worker, and support can ask a tablet which build it
 * runs.
 */
export function release(): string {
  const named = process.env.CLOCKED_RELEASE;
  if (named !== undefined) {
    if (!/^[\w.-]{1,64}$/.test(named)) throw new Error(`CLOCKED_RELEASE must be letters, digits, . _ or -`);
    return named;
  }
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return "local";
  }
}

/** kiosk.html's chunks, their imports (static and dynamic) and the CSS and assets they bring. */
function kioskFiles(bundle: OutputBundle): Set<string> {
  const files = new Set<string>(["kiosk.html"]);
  const entry = Object.values(bundle).find(
    (file) => file.type === "chunk" && file.isEntry && file.name === "kiosk",
  );
  if (!entry) throw new Error("No kiosk entry in the client bundle");
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (files.has(fileName) || chunk?.type !== "chunk") return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
    for (const imported of [...chunk.imports, ...chunk.dynamicImports]) visit(imported);
  };
  visit(entry.fileName);
  return files;
}

export function kioskPwa(): Plugin[] {
  let precached = new Set<string>();
  const collect: Plugin = {
    name: "clocked:kiosk-files",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      precached = kioskFiles(bundle);
    },
  };
  return [
    collect,
    ...VitePWA({
      strategies: "generateSW",
      filename: KIOSK_SERVICE_WORKER_URL.slice(1),
      outDir: CLIENT_DIR,
      scope: KIOSK_SCOPE,
      // The kiosk registers it itself (app/features/kiosk/service-worker.ts), and links its own manifest.
      injectRegister: false,
      manifest: false,
      workbox: {
        globDirectory: CLIENT_DIR,
        globPatterns: ["**/*.{html,js,css,svg,png,webmanifest}"],
        manifestTransforms: [
          (entries) => ({
            manifest: entries
              .filter(
                ({ url }) =>
                  precached.has(url) ||
                  KIOSK_PUBLIC_FILES.some((file) => url === file || url.startsWith(file)),
              )
              // The page is asked for, and answered, at /kiosk.
              .map((entry) => (entry.url === "kiosk.html" ? { ...entry, url: KIOSK_SCOPE.slice(1) } : entry)),
            warnings: [],
          }),
        ],
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        // A new build takes over at once; the open kiosk reloads when nobody is using it.
        skipWaiting: true,
        clientsClaim: true,
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && /^\/api\/locations\/[^/]+\/logo$/.test(url.pathname) && url.searchParams.has("v"),
            handler: "CacheFirst",
            options: {
              cacheName: "kiosk-logo",
              expiration: { maxEntries: 4 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ];
}
