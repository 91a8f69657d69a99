// Small, dependency-free primitives on WebCrypto. Everything secret is compared in constant time.
const encoder = new TextEncoder();

export function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}

export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const HEX_BYTES = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

/** Lower-case hex, a byte at a time from a table: every PIN check hashes, so this runs on every punch. */
function hex(buffer: ArrayBuffer): string {
  let text = "";
  for (const byte of new Uint8Array(buffer)) text += HEX_BYTES[byte];
  return text;
}

/** Random, unguessable, URL-safe ids (16 bytes): never sequential, never enumerable. */
export function newId(): string {
  return base64url(randomBytes(16));
}

/** A 256-bit bearer token for sessions. */
export function newToken(): string {
  return base64url(randomBytes(32));
}

/** `digits` uniformly random decimal digits from the CSPRNG (rejection sampling, no modulo bias). */
export function randomDigits(digits: number): string {
  const range = 10 ** digits;
  const limit = Math.floor(0x1_0000_0000 / range) * range;
  for (;;) {
    const [n = 0] = crypto.getRandomValues(new Uint32Array(1));
    if (n < limit) return String(n % range).padStart(digits, "0");
  }
}

/** `length` characters drawn uniformly from `alphabet` (rejection sampling, no modulo bias). */
export function randomFrom(alphabet: string, length: number): string {
  const limit = Math.floor(256 / alphabet.length) * alphabet.length;
  let text = "";
  while (text.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < limit && text.length < length) text += alphabet[byte % alphabet.length];
    }
  }
  return text;
}

export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

// The imported key of the last secret used: a Worker or hub signs with the same APP_SECRET every time.
let lastHmacKey: { secret: string; key: CryptoKey } | null = null;

async function hmacKey(secret: string): Promise<CryptoKey> {
  if (lastHmacKey?.secret === secret) return lastHmacKey.key;
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  lastHmacKey = { secret, key };
  return key;
}

export async function hmacHex(secret: string, message: string): Promise<string> {
  return hex(await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(message)));
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  if (left.byteLength !== right.byteLength) {
    // Still spend the comparison so the length is the only thing learned.
    crypto.subtle.timingSafeEqual(left, left);
    return false;
  }
  return crypto.subtle.timingSafeEqual(left, right);
}

// Passwords: PBKDF2-SHA256, 100,000 iterations (the most production workerd allows), 16-byte salt.
// Stored as `pbkdf2_sha256$<iterations>$<salt>$<hash>` so the cost can be raised later.
export const PASSWORD_ITERATIONS = 100_000;

async function pbkdf2(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await pbkdf2(password, salt, PASSWORD_ITERATIONS);
  return `pbkdf2_sha256$${PASSWORD_ITERATIONS}$${base64url(salt)}$${base64url(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, hash] = stored.split("$");
  if (scheme !== "pbkdf2_sha256" || !iterations || !salt || !hash) return false;
  const actual = await pbkdf2(password, fromBase64url(salt), Number(iterations));
  return constantTimeEqual(base64url(actual), hash);
}

/** Verified against when no account matches, so unknown accounts cost the same time as known ones. */
export const DUMMY_PASSWORD_HASH =
  "pbkdf2_sha256$100000$q9tHpNGrXbvmGdDHyNbJ-A$Zc0bsq0zTAd6XGxfSrMnVrxE3mYuy4jN0wTg0oU0Y3o";
