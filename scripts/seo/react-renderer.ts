import { resolve } from "node:path";
import { type Alias, createServer, type ViteDevServer } from "vite";
import type { SeoPage } from "../../app/seo/pages";

/** The module that renders a public page with React (app code, so it is loaded through Vite, never imported). */
export const RENDER_MODULE = "/app/routes/prerender.tsx";

export type RenderPublicPage = (page: SeoPage) => string;

async function load(server: ViteDevServer): Promise<RenderPublicPage> {
  const module = await server.ssrLoadModule(RENDER_MODULE);
  const render: unknown = module.renderPublicPage;
  if (typeof render !== "function") throw new Error(`${RENDER_MODULE} must export renderPublicPage(page)`);
  return (page) => {
    const html: unknown = render(page);
    if (typeof html !== "string") throw new Error(`renderPublicPage(${page.path}) did not return a string`);
    return html;
  };
}

/** `vite dev`: the dev server's own SSR environment, so an edited component is rendered as edited. */
export const devRenderer = (server: ViteDevServer) => load(server);

/**
 * `vite build`: a throw-away Vite server in Node for the length of `use` (the build itself only bundles
 * for the browser and the Worker). The app's aliases, no plugins: TSX is compiled as tsconfig says, CSS
 * imports are no-ops on the server. Its own cache directory, nothing to pre-bundle: a `vite dev` running
 * alongside keeps its own.
 */
export async function withBuildRenderer<T>(
  root: string,
  alias: readonly Alias[],
  use: (render: RenderPublicPage) => T,
): Promise<T> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: "error",
    appType: "custom",
    cacheDir: resolve(root, "node_modules/.vite-prerender"),
    resolve: { alias: [...alias] },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    return use(await load(server));
  } finally {
    await server.close();
  }
}
