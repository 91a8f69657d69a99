import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { hashPassword } from "./scripts/lib/password-hash.ts";
import { TEST_SUPER_ADMIN } from "./tests/support/super-admin-credentials";
import { XERO_SANDBOX_SECRETS } from "./worker/services/xero/sandbox";

/** What the Worker is configured with, beyond the test plumbing; the fake server stands in outside. */
type Bindings = (fakeServerUrl: string) => Record<string, string>;

/** `npm run dev`'s configuration: development, with the local secrets .dev.vars would hold. */
export const developmentBindings: Bindings = (fakeServerUrl) => ({
  ENVIRONMENT: "development",
  APP_SECRET: "test-only-secret-0123456789abcdef0123456789abcdef",
  SUPER_ADMIN_USERNAME: TEST_SUPER_ADMIN.username,
  SUPER_ADMIN_PASSWORD_HASH: hashPassword(TEST_SUPER_ADMIN.password),
  // A test-only VAPID key pair (docs/staff-app.md, "Notifications"); the fake push service checks its JWTs.
  VAPID_PUBLIC_KEY: "BGasDa6NU3X5MdVxtJZx7rAGM1-4RtG0mfV8dKfzov8j6N1o7oTCOCT4qWnXnWgqPksGJ3oaPtHCFM1A7vVWQrc",
  VAPID_PRIVATE_KEY: "Qn42OxTMfOklD-ZrE4Sf6nm-uHpQCrjXv_ECDsXoUHE",
  VAPID_SUBJECT: "mailto:push@clocked.test",
  // Xero Payroll UK (docs/xero.md) against the fake Xero (tests/support/fake-xero.ts).
  ...XERO_SANDBOX_SECRETS,
  XERO_BASE_URL: `${fakeServerUrl}/xero`,
});

/** The real Worker, D1, R2 and Durable Objects under miniflare, storage isolated per test file. */
export const workersConfig = (include: string[], testTimeout = 30_000, bindings = developmentBindings) =>
  defineConfig({
    plugins: [
      cloudflareTest(async ({ inject }) => ({
        main: "./worker/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // wrangler.toml's static assets (binding ASSETS) need a directory; the real one is vite build's
          // output, so the Worker's page routes get two stand-in documents.
          assets: { directory: "./tests/support/assets" },
          bindings: {
            ...bindings(inject<string>("fakeServerUrl")),
            TEST_MIGRATIONS: await readD1Migrations("./migrations"),
            FAKE_SERVER_URL: inject<string>("fakeServerUrl"),
          },
        },
      })),
    ],
    test: {
      include,
      setupFiles: ["./tests/support/apply-migrations.ts"],
      globalSetup: ["./tests/support/fake-server.ts"],
      testTimeout,
    },
  });

// The workerd suite.
export default workersConfig(["tests/{api,domain,durable,hostile}/**/*.test.ts"]);
