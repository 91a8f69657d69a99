import { base64url } from "./crypto";

// Secrets Clocked must use again and so cannot only hash (a webhook endpoint's signing secret; docs/security.md,
// "Secrets at rest"): AES-256-GCM under a key derived with HKDF-SHA256 from the app's secret and a purpose, so
// each kind of secret has its own key and a leaked database row alone reveals nothing.

const encoder = new TextEncoder();
const fromBase64url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (char) => char.charCodeAt(0));

async function keyFor(appSecret: string, purpose: string) {
  const material = await crypto.subtle.importKey("raw", encoder.encode(appSecret), "HKDF", false, [
    "deriveKey",
  ]);
  return crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: encoder.encode("clocked secret box"),
      info: encoder.encode(purpose),
    },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** `v1.<iv>.<ciphertext>`, base64url; the purpose is bound in as associated data too. */
export async function sealSecret(appSecret: string, purpose: string, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(purpose) },
    await keyFor(appSecret, purpose),
    encoder.encode(plaintext),
  );
  return `v1.${base64url(iv)}.${base64url(new Uint8Array(sealed))}`;
}

/** The plaintext of a sealed secret; throws when it was sealed under another key or purpose, or changed. */
export async function openSecret(appSecret: string, purpose: string, box: string): Promise<string> {
  const [version, iv, sealed] = box.split(".");
  if (version !== "v1" || !iv || !sealed) throw new Error("Not a sealed secret");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64url(iv), additionalData: encoder.encode(purpose) },
    await keyFor(appSecret, purpose),
    fromBase64url(sealed),
  );
  return new TextDecoder().decode(plain);
}
