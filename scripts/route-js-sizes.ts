// The JavaScript each screen downloads, gzipped: the entry chunk, the screen's lazy chunk and every
// chunk those import statically. Run after `vite build`: `npm run size` (README, Performance).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** Route → the file-name prefix of its lazy chunk (app/router.tsx imports ./routes/<name>). */
export const ROUTE_CHUNKS: Record<string, string> = {
  "/": "landing",
  "/time-tracking-software (and the other two marketing pages)": "marketing",
  "/kiosk and /attendance/:locationId": "kiosk",
  "/manager-dashboard": "manager-dashboard",
  "/super-admin": "super-admin",
};

/** `files` starts with the entry chunk, which every route shares (`entryGzipBytes` of the total). */
export type RouteJs = { route: string; files: string[]; gzipBytes: number; entryGzipBytes: number };

export function routeJsSizes(clientDir = "dist/client"): RouteJs[] {
  const assets = join(clientDir, "assets");
  const names = readdirSync(assets).filter((name) => name.endsWith(".js"));
  const entry = /<script type="module" crossorigin src="\/assets\/([^"]+\.js)"/.exec(
    readFileSync(join(clientDir, "index.html"), "utf8"),
  )?.[1];
  if (!entry) throw new Error(`No entry script in ${clientDir}/index.html: run vite build first`);

  const source = (name: string) => readFileSync(join(assets, name));
  const staticImports = (name: string) =>
    [
      ...source(name)
        .toString("utf8")
        .matchAll(/(?:^|[;}\s])import\s*(?:[\w${},*\s]+from\s*)?"\.\/([^"]+\.js)"/g),
    ].map((match) => match[1] ?? "");
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const imported of staticImports(name)) visit(imported);
    };
    for (const name of start) visit(name);
    return [...seen];
  };

  return Object.entries(ROUTE_CHUNKS).map(([route, prefix]) => {
    const chunk = names.find((name) => new RegExp(`^${prefix}-[\\w-]{8}\\.js$`).test(name));
    if (!chunk) throw new Error(`No ${prefix}-*.js chunk in ${assets}`);
    const files = closure([entry, chunk]);
    const gzipBytes = files.reduce((sum, name) => sum + gzipSync(source(name)).length, 0);
    return { route, files, gzipBytes, entryGzipBytes: gzipSync(source(entry)).length };
  });
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log("Gzipped JavaScript per route (entry chunk + the route's own chunks):");
  for (const { route, files, gzipBytes, entryGzipBytes } of routeJsSizes()) {
    console.log(
      `${kB(gzipBytes).padStart(9)} = ${kB(entryGzipBytes)} + ${kB(gzipBytes - entryGzipBytes)}  ${route}`,
    );
    console.log(`            ${files.join(" + ")}`);
  }
}
