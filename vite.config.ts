import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { prerenderSeo } from "./scripts/seo/prerender-plugin";

export default defineConfig({
  plugins: [
    react(),
    // Before cloudflare(): in dev its middleware must answer the public pages first.
    prerenderSeo(),
    // CLOCKED_PERSIST_DIR gives the browser tests a throw-away local D1/R2/DO state.
    cloudflare(
      process.env.CLOCKED_PERSIST_DIR ? { persistState: { path: process.env.CLOCKED_PERSIST_DIR } } : {},
    ),
  ],
  server: { port: Number(process.env.PORT ?? 5173), strictPort: !!process.env.PORT },
});
