import { hashPassword } from "./scripts/lib/password-hash.ts";
import { TEST_SUPER_ADMIN } from "./tests/support/super-admin-credentials";
import { workersConfig } from "./vitest.config";

// The hostile suite's production run: the Worker as `npm run deploy` ships it (ENVIRONMENT from
// wrangler.toml, "production"), with every secret configured, its outside services on the fake server.
// The tests take secrets away one at a time to see each refusal.
export const PRODUCTION_SECRETS = {
  APP_SECRET: "production-test-secret-0123456789abcdef0123456789",
  SUPER_ADMIN_USERNAME: TEST_SUPER_ADMIN.username,
  SUPER_ADMIN_PASSWORD_HASH: hashPassword(TEST_SUPER_ADMIN.password),
  EMAIL_API_KEY: "re_test_key",
  STRIPE_SECRET_KEY: "sk_test_production_run",
  STRIPE_WEBHOOK_SECRET: "whsec_production_run",
  OPENAI_API_KEY: "sk-test-production-run",
  XERO_CLIENT_ID: "xero-production-run",
  XERO_CLIENT_SECRET: "xero-production-run-secret",
  XERO_TOKEN_KEY: "production-run-xero-token-key-0123456789abcdef",
};

export default workersConfig(["tests/production/**/*.test.ts"], 30_000, (fakeServerUrl) => ({
  ...PRODUCTION_SECRETS,
  EMAIL_API_URL: `${fakeServerUrl}/emails`,
  OPENAI_BASE_URL: `${fakeServerUrl}/openai/v1`,
  // Ignored in production (docs/xero.md): Xero's own hosts are used whatever this says.
  XERO_BASE_URL: `${fakeServerUrl}/xero`,
}));
