// Secrets are not in wrangler.toml, so `wrangler types` does not see them: declared here.
interface Secrets {
  /** Keys PIN, code and token hashing. Required outside development. */
  APP_SECRET?: string;
  /** When set, e-mail goes through the HTTP API at EMAIL_API_URL instead of the outbox. */
  EMAIL_API_KEY?: string;
}
interface Env extends Secrets {}
declare namespace Cloudflare {
  interface Env extends Secrets {}
}
