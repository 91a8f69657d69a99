import { defineConfig } from "vitest/config";

// The browser suite: Debian's Chromium, driven by playwright-core, against the real dev server; and the
// tests of the Node-side tooling (tests/node), which need no browser.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts", "tests/node/**/*.test.ts"],
    globalSetup: ["./tests/e2e/global-setup.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
