import { base64url } from "./crypto";

// Secrets the Worker must read back (Xero's tokens, docs/xero.md): AES-256-GCM under a key derived with HKDF
// from a configured secret, a fresh 12-byte IV each time, and the owner's id as additional data so a value
// copied to another account's row does not open. Stored as `v1.<iv>.<ciphertext>`, base64url.

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string, purpose: string): Promise<CryptoKey> {
  const name = `${purpose}\u0000${secret}`;
  let key = keys.get(name);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((material) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: encoder.encode("clocked"), info: encoder.encode(purpose) },
          material,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    keys.set(name, key);
  }
  return key;
}

const fromBase64url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

export type SealingKey = { secret: string; purpose: string };

export async function seal(key: SealingKey, owner: string, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(owner) },
    await keyFor(key.secret, key.purpose),
    encoder.encode(plain),
  );
  return `v1.${base64url(iv)}.${base64url(new Uint8Array(sealed))}`;
}

/** The plain text, or null when the value was sealed for another owner, with another key, or altered. */
export async function unseal(key: SealingKey, owner: string, stored: string): Promise<string | null> {
  const [version, iv, data] = stored.split(".");
  if (version !== "v1" || !iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64url(iv), additionalData: encoder.encode(owner) },
      await keyFor(key.secret, key.purpose),
      fromBase64url(data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
