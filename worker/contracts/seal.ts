// The sealed-PIN format, shared by the kiosk and its hub. A PIN typed at a paired kiosk while it is
// offline waits on the device until the network returns, sealed to its location hub's public key so only the
// hub can read it: ECDH on P-256 with a fresh key per PIN, HKDF-SHA-256, then AES-256-GCM. The punch it belongs
// to (key, employee, action, time) is the additional data, so a sealed PIN cannot be moved onto another punch.
// Web Crypto only: the same code runs in the Worker and in the kiosk's browser.

export type SealedPin = { epk: JsonWebKey; iv: string; ct: string };
export type SealKeyPair = { publicJwk: JsonWebKey; privateJwk: JsonWebKey };

const CURVE = { name: "ECDH", namedCurve: "P-256" } as const;
const INFO = new TextEncoder().encode("clocked offline pin v1");

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The hub's key pair, made once and kept in its storage; the public half goes to its paired kiosks. */
export async function generateSealKeyPair(): Promise<SealKeyPair> {
  const pair = (await crypto.subtle.generateKey(CURVE, true, ["deriveBits"])) as CryptoKeyPair;
  return { publicJwk: await exportJwk(pair.publicKey), privateJwk: await exportJwk(pair.privateKey) };
}

const exportJwk = async (key: CryptoKey) => (await crypto.subtle.exportKey("jwk", key)) as JsonWebKey;

async function aesKey(privateKey: CryptoKey, publicKey: CryptoKey, usage: "encrypt" | "decrypt") {
  // Web Crypto's name for the other side's key is `public` (the Workers types spell it `$public`).
  const ecdh = { name: "ECDH", public: publicKey } as unknown as Parameters<SubtleCrypto["deriveBits"]>[0];
  const shared = await crypto.subtle.deriveBits(ecdh, privateKey, 256);
  const hkdf = await crypto.subtle.importKey("raw", shared, "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(32), info: INFO },
    hkdf,
    { name: "AES-GCM", length: 256 },
    false,
    [usage],
  );
}

/** Seals a PIN to the hub's public key, bound to `context` (the punch). */
export async function sealPin(hubPublicJwk: JsonWebKey, pin: string, context: string): Promise<SealedPin> {
  const hubKey = await crypto.subtle.importKey("jwk", hubPublicJwk, CURVE, false, []);
  const ephemeral = (await crypto.subtle.generateKey(CURVE, true, ["deriveBits"])) as CryptoKeyPair;
  const key = await aesKey(ephemeral.privateKey, hubKey, "encrypt");
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(context) },
    key,
    new TextEncoder().encode(pin),
  );
  return {
    epk: await exportJwk(ephemeral.publicKey),
    iv: toBase64(iv),
    ct: toBase64(new Uint8Array(ct)),
  };
}

/** The PIN, or null when it was not sealed to this key, for this punch, or was tampered with. */
export async function unsealPin(
  privateJwk: JsonWebKey,
  sealed: SealedPin,
  context: string,
): Promise<string | null> {
  try {
    const hubKey = await crypto.subtle.importKey("jwk", privateJwk, CURVE, false, ["deriveBits"]);
    const theirs = await crypto.subtle.importKey("jwk", sealed.epk, CURVE, false, []);
    const key = await aesKey(hubKey, theirs, "decrypt");
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(sealed.iv), additionalData: new TextEncoder().encode(context) },
      key,
      fromBase64(sealed.ct),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
