// Standard Webhooks 1.0 signatures (docs/webhooks.md, "Verifying a delivery"): HMAC-SHA256 of
// `{webhook-id}.{webhook-timestamp}.{body}` keyed with the base64 bytes after `whsec_`, sent as `v1,<base64>`;
// while a rotated secret still signs, both signatures go, space-separated. Web Crypto only, no I/O.

export const SECRET_PREFIX = "whsec_";

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** A new signing secret: `whsec_` and 32 random bytes in base64, as the spec's libraries expect. */
export const newWebhookSecret = () =>
  `${SECRET_PREFIX}${toBase64(crypto.getRandomValues(new Uint8Array(32)))}`;

export const isWebhookSecret = (secret: string) => /^whsec_[A-Za-z0-9+/]{43}=$/.test(secret);

async function signWith(secret: string, content: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    fromBase64(secret.slice(SECRET_PREFIX.length)),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(content));
  return `v1,${toBase64(new Uint8Array(mac))}`;
}

/** The `webhook-signature` header: one signature per secret still signing, newest first. */
export async function webhookSignature(
  secrets: readonly string[],
  message: { id: string; timestamp: number; body: string },
): Promise<string> {
  const content = `${message.id}.${message.timestamp}.${message.body}`;
  return (await Promise.all(secrets.map((secret) => signWith(secret, content)))).join(" ");
}
