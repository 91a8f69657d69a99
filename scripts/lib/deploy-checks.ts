// What a deploy must have, as plain data in and sentences out (scripts/deploy-preflight.ts gathers the
// data; tests/node/deploy-checks.test.ts checks the rules).

/** Secrets a deployed Clocked cannot do without, and what each is for. */
export const REQUIRED_SECRETS: Record<string, string> = {
  APP_SECRET: "keys PIN, code and token hashes (at least 32 random characters)",
  SUPER_ADMIN_USERNAME: "the super admin's sign-in name",
  SUPER_ADMIN_PASSWORD_HASH: "the super admin's password hash, from `npm run hash-password`",
  EMAIL_API_KEY: "sends sign-up, reset and alert e-mails",
  STRIPE_SECRET_KEY: "takes payment for plans",
  STRIPE_WEBHOOK_SECRET: "verifies Stripe's webhooks",
  OPENAI_API_KEY: "answers the AI assistants",
  VAPID_PUBLIC_KEY: "Web Push to staff phones: the public key browsers subscribe with",
  VAPID_PRIVATE_KEY: "Web Push to staff phones: signs each message's VAPID JWT",
  VAPID_SUBJECT: "Web Push to staff phones: who push services may contact (mailto: or https:)",
  XERO_CLIENT_ID: "Xero Payroll UK: the app's OAuth client id (docs/xero.md)",
  XERO_CLIENT_SECRET: "Xero Payroll UK: the app's OAuth client secret",
  XERO_TOKEN_KEY: "Xero Payroll UK: seals Xero's tokens (at least 32 random characters)",
};

/** Secrets that are optional but worth a word when missing. */
export const RECOMMENDED_SECRETS: Record<string, string> = {
  SUPER_ADMIN_TOTP_SECRET:
    "the super admin signs in with a password only; `npm run super-admin:totp` sets up a second factor",
};

/** What a deploy may go ahead without, said once so nobody is surprised. */
export function deployWarnings(secretNames: readonly string[] | null): string[] {
  if (!secretNames) return [];
  return Object.entries(RECOMMENDED_SECRETS)
    .filter(([name]) => !secretNames.includes(name))
    .map(([name, consequence]) => `${name} is not set: ${consequence}.`);
}

const PLACEHOLDER_DATABASE = /^0{8}-0{4}-0{4}-0{4}-0{12}$/;

export function deployProblems(input: {
  vars: Record<string, unknown>;
  databaseIds: readonly string[];
  /** null when they could not be listed. */
  secretNames: readonly string[] | null;
}): string[] {
  const problems: string[] = [];
  if (input.vars.ENVIRONMENT !== "production") {
    problems.push(
      `wrangler.toml sets ENVIRONMENT = ${JSON.stringify(input.vars.ENVIRONMENT ?? null)}: a deployed Worker must say "production" (development opens the dev routes, the outbox and the billing sandbox).`,
    );
  }
  for (const [name, value] of Object.entries(input.vars)) {
    if (name in REQUIRED_SECRETS && value) {
      problems.push(
        `${name} is a plain var in wrangler.toml: remove it and set it with \`npx wrangler secret put ${name}\`.`,
      );
    }
  }
  if (input.databaseIds.length === 0 || input.databaseIds.some((id) => PLACEHOLDER_DATABASE.test(id))) {
    problems.push(
      "wrangler.toml's D1 database_id is the placeholder: create the database with `npx wrangler d1 create clocked` and paste its id.",
    );
  }
  if (input.secretNames) {
    for (const [name, purpose] of Object.entries(REQUIRED_SECRETS)) {
      if (!input.secretNames.includes(name)) {
        problems.push(`Secret ${name} is not set (${purpose}): \`npx wrangler secret put ${name}\`.`);
      }
    }
  }
  return problems;
}
