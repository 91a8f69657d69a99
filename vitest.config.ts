import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// The workerd suite: the real Worker, D1, R2 and Durable Objects under miniflare, storage isolated per test file.
export default defineConfig({
  plugins: [
    cloudflareTest(async ({ inject }) => ({
      main: "./worker/index.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          ENVIRONMENT: "development",
          APP_SECRET: "test-only-secret-0123456789abcdef0123456789abcdef",
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          FAKE_SERVER_URL: inject<string>("fakeServerUrl"),
        },
      },
    })),
  ],
  test: {
    include: ["tests/{api,domain,durable,hostile}/**/*.test.ts"],
    setupFiles: ["./tests/support/apply-migrations.ts"],
    globalSetup: ["./tests/support/fake-server.ts"],
    testTimeout: 30_000,
  },
});
