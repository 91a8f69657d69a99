import type { OutputBundle } from "rolldown";
import type { Plugin } from "vite";

// Vite lists, with each dynamic import() in a built chunk, every chunk the imported one needs, so the browser
// fetches them at once (modulepreload). That list also names the chunks the importing chunk itself imports
// statically: those have run before any code of the importing chunk can, so naming them again only costs
// bytes, about a fifth of a kilobyte gzipped per lazy screen, tab or dialog (docs/performance.md). This
// drops them; what the browser fetches, and when, stays the same.

/** The chunks `fileName` imports statically, directly or through others. */
function staticClosure(bundle: OutputBundle, fileName: string): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (seen.has(name) || chunk?.type !== "chunk") return;
    seen.add(name);
    for (const imported of chunk.imports) visit(imported);
  };
  visit(fileName);
  return seen;
}

/**
 * The plugin keeps the client's bundle in sight (before Vite writes the lists, in the same hook) and
 * `resolveDependencies` (Vite's `build.modulePreload.resolveDependencies`) trims each list with it.
 */
export function preloadDeps() {
  let bundle: OutputBundle | undefined;
  const plugin: Plugin = {
    name: "clocked:preload-deps",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle: {
      order: "pre",
      handler(_options, output) {
        bundle = output;
      },
    },
  };
  const resolveDependencies = (
    _file: string,
    deps: string[],
    { hostId, hostType }: { hostId: string; hostType: "html" | "js" },
  ) => {
    if (hostType !== "js" || !bundle?.[hostId]) return deps;
    const loaded = staticClosure(bundle, hostId);
    return deps.filter((dep) => !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
}
