// Secrets are not in wrangler.toml, so `wrangler types` does not see them: declared here.
interface Secrets {
  /** Keys PIN, code and token hashing. Required outside development. */
  APP_SECRET?: string;
  /** When set, e-mail goes through the HTTP API at EMAIL_API_URL instead of the outbox. */
  EMAIL_API_KEY?: string;
  /** Stripe's secret API key. Unset: the billing sandbox (development only). */
  STRIPE_SECRET_KEY?: string;
  /** The signing secret of the webhook endpoint registered for /api/billing/webhook. */
  STRIPE_WEBHOOK_SECRET?: string;
  /** Tests only: a local server standing in for https://api.stripe.com (ignored outside development). */
  STRIPE_API_BASE?: string;
  /** OpenAI API key for both assistants. Unset: the built-in offline analyst answers. */
  OPENAI_API_KEY?: string;
  /** Chat model (default gpt-4o-mini). */
  OPENAI_MODEL?: string;
  /** Another OpenAI-compatible endpoint (tests: the fake server on 127.0.0.1). */
  OPENAI_BASE_URL?: string;
  /** The super admin's username. */
  SUPER_ADMIN_USERNAME?: string;
  /** PBKDF2 hash of the super admin password, from `npm run hash-password`. */
  SUPER_ADMIN_PASSWORD_HASH?: string;
  /** Base32 TOTP secret from `npm run super-admin:totp`. When set, super admin sign-in needs its code. */
  SUPER_ADMIN_TOTP_SECRET?: string;
  /** Web Push (docs/staff-app.md): the VAPID public key, an uncompressed P-256 point, base64url. */
  VAPID_PUBLIC_KEY?: string;
  /** The VAPID private key, the 32-byte P-256 scalar, base64url. */
  VAPID_PRIVATE_KEY?: string;
  /** Who push services may contact about our messages: "mailto:..." or an https URL. */
  VAPID_SUBJECT?: string;
  /** Xero Payroll UK (docs/xero.md): the app's OAuth client id and secret, from Xero's developer portal. */
  XERO_CLIENT_ID?: string;
  XERO_CLIENT_SECRET?: string;
  /** At least 32 characters: Xero's tokens are sealed with an AES-GCM key derived from it (HKDF). */
  XERO_TOKEN_KEY?: string;
  /** Development only (ignored elsewhere): one stand-in for all of Xero's hosts, or each host on its own. */
  XERO_BASE_URL?: string;
  XERO_LOGIN_BASE?: string;
  XERO_IDENTITY_BASE?: string;
  XERO_API_BASE?: string;
}
interface Env extends Secrets {}
declare namespace Cloudflare {
  interface Env extends Secrets {}
}
