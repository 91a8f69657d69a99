// The JavaScript each page downloads, gzipped. An app screen: what index.html loads (its entry script,
// the chunks it preloads and imports statically) plus the screen's lazy chunk and every chunk that
// imports statically. The kiosk: everything kiosk.html loads, its own document without the router; the staff
// app (/me) likewise everything me.html loads.
// The dashboard's first screen (Live Status) is its route's figure; each other tab and each heavier
// dialog is a lazy part of its own, measured as what it adds to that first screen.
// Run after `vite build`: `npm run size` (docs/performance.md, docs/dashboard.md).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** A measured route: the HTML document it is served, and for an app screen its lazy chunk's name prefix. */
type RouteSpec = { route: string; document: string; lazyChunk?: string };

/**
 * In the order of docs/performance.md's table. `lazyChunk`: app/router.tsx imports ./routes/<name> as a lazy
 * screen.
 */
export const ROUTES: readonly RouteSpec[] = [
  { route: "/", document: "index.html", lazyChunk: "landing" },
  {
    route: "/time-tracking-software (and the other two marketing pages)",
    document: "index.html",
    lazyChunk: "marketing",
  },
  { route: "/kiosk and /attendance/:locationId", document: "kiosk.html" },
  { route: "/me", document: "me.html" },
  { route: "/manager-dashboard", document: "index.html", lazyChunk: "manager-dashboard" },
  { route: "/super-admin", document: "index.html", lazyChunk: "super-admin" },
];

/**
 * The manager dashboard's parts that load when first opened (React.lazy): `chunk` is the name prefix of
 * the lazy chunk, the file a feature's loader imports (the `load…` exports of app/features/<feature>/index.ts).
 */
export const DASHBOARD_LAZY_PARTS: readonly { name: string; chunk: string }[] = [
  { name: "Employees tab", chunk: "employees-tab" },
  { name: "Hours tab", chunk: "hours-tab" },
  { name: "Rota tab", chunk: "rota-tab" },
  { name: "Leave tab", chunk: "leave-tab" },
  { name: "Compliance tab", chunk: "compliance-tab" },
  { name: "Attendance Form tab", chunk: "kiosk-settings-tab" },
  { name: "Manage Subscription dialog", chunk: "manage-subscription-dialog" },
  { name: "Kiosk overlay (Clock someone in here)", chunk: "kiosk-overlay" },
];

/** A lazy part's own JavaScript: the files it loads beyond the first screen's. */
export type LazyPartJs = { name: string; files: string[]; gzipBytes: number };

/**
 * `files`: the document's scripts first, then the screen's own chunks. `documentGzipBytes` is the
 * document's part of the total: for an app screen the entry every screen shares; for the kiosk all of it.
 */
export type RouteJs = {
  route: string;
  document: string;
  files: string[];
  gzipBytes: number;
  documentGzipBytes: number;
};

/** The /assets/*.js a built HTML document loads: module scripts and modulepreload links. */
export function documentScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script type="module"[^>]*\ssrc="\/assets\/([^"]+\.js)"/g)];
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*\shref="\/assets\/([^"]+\.js)"/g)];
  return [...scripts, ...preloads].map((match) => match[1] ?? "");
}

function builtAssets(clientDir: string) {
  const assets = join(clientDir, "assets");
  const names = readdirSync(assets).filter((name) => name.endsWith(".js"));
  const source = (name: string) => readFileSync(join(assets, name));
  const gzipBytes = (files: string[]) => files.reduce((sum, name) => sum + gzipSync(source(name)).length, 0);
  const staticImports = (name: string) =>
    [
      ...source(name)
        .toString("utf8")
        .matchAll(/(?:^|[;}\s]|\*\/)import\s*(?:[\w${},*\s]+from\s*)?"\.\/([^"]+\.js)"/g),
    ].map((match) => match[1] ?? "");
  const closure = (start: string[], seen = new Set<string>()) => {
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const imported of staticImports(name)) visit(imported);
    };
    for (const name of start) visit(name);
    return seen;
  };
  const documentFiles = (document: string) => {
    const scripts = documentScripts(readFileSync(join(clientDir, document), "utf8"));
    if (scripts.length === 0) throw new Error(`No script in ${clientDir}/${document}: run vite build first`);
    return closure(scripts);
  };
  const chunkNamed = (prefix: string) => {
    const chunk = names.find((name) => new RegExp(`^${prefix}-[\\w-]{8}\\.js$`).test(name));
    if (!chunk) throw new Error(`No ${prefix}-*.js chunk in ${assets}`);
    return chunk;
  };
  return { gzipBytes, closure, documentFiles, chunkNamed };
}

export function routeJsSizes(clientDir = "dist/client"): RouteJs[] {
  const { gzipBytes, closure, documentFiles, chunkNamed } = builtAssets(clientDir);
  return ROUTES.map(({ route, document, lazyChunk }) => {
    const loaded = documentFiles(document);
    const documentGzipBytes = gzipBytes([...loaded]);
    if (lazyChunk) closure([chunkNamed(lazyChunk)], loaded);
    const files = [...loaded];
    return { route, document, files, gzipBytes: gzipBytes(files), documentGzipBytes };
  });
}

/** Each of the dashboard's lazy parts: what opening it downloads once the first screen is there. */
export function dashboardLazyPartSizes(clientDir = "dist/client"): LazyPartJs[] {
  const { gzipBytes, closure, chunkNamed } = builtAssets(clientDir);
  const firstScreen = routeJsSizes(clientDir).find((route) => route.route === "/manager-dashboard");
  if (!firstScreen) throw new Error("ROUTES lost /manager-dashboard");
  return DASHBOARD_LAZY_PARTS.map(({ name, chunk }) => {
    const loaded = new Set(firstScreen.files);
    const files = [...closure([chunkNamed(chunk)], new Set(loaded))].filter((file) => !loaded.has(file));
    return { name, files, gzipBytes: gzipBytes(files) };
  });
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log("Gzipped JavaScript per route (the HTML document's scripts + the route's own lazy chunks):");
  for (const { route, document, files, gzipBytes, documentGzipBytes } of routeJsSizes()) {
    console.log(
      `${kB(gzipBytes).padStart(9)} = ${kB(documentGzipBytes)} + ${kB(gzipBytes - documentGzipBytes)}  ${route} (${document})`,
    );
    console.log(`            ${files.join(" + ")}`);
  }
  console.log(
    "/manager-dashboard's lazy parts, loaded when first opened (what each adds to its first screen):",
  );
  for (const { name, files, gzipBytes } of dashboardLazyPartSizes()) {
    console.log(`${`+${kB(gzipBytes)}`.padStart(10)}  ${name}`);
    console.log(`            ${files.join(" + ")}`);
  }
}
