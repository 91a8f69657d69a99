import { constantTimeEqual } from "./crypto";

// Time-based one-time passwords (RFC 6238) as authenticator apps make them: HMAC-SHA1 over the 30-second
// time step, 6 digits. No I/O: whether a step was already used is the caller's to record.

export const TOTP_STEP_MS = 30_000;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the server's, for clock drift and a code typed just as it changed. */
export const TOTP_DRIFT_STEPS = 1;
/** RFC 4226 asks for shared secrets of at least 128 bits. */
export const TOTP_MIN_SECRET_BYTES = 16;

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32, as authenticator apps show secrets: any case, spaces and `=` padding ignored. */
export function decodeBase32(text: string): Uint8Array | null {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  if (!clean) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) return null;
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

export const totpStep = (nowMs: number) => Math.floor(nowMs / TOTP_STEP_MS);

/** The code for one time step (RFC 4226's HOTP with the step as the counter). */
export async function totpCode(secret: Uint8Array, step: number): Promise<string> {
  const counter = new DataView(new ArrayBuffer(8));
  counter.setUint32(0, Math.floor(step / 0x1_0000_0000));
  counter.setUint32(4, step >>> 0);
  const key = await crypto.subtle.importKey(
    "raw",
    Uint8Array.from(secret),
    { name: "HMAC", hash: "SHA-1" },
    false,
    ["sign"],
  );
  const mac = new DataView(await crypto.subtle.sign("HMAC", key, counter.buffer));
  // Dynamic truncation: the low 4 bits of the last byte pick where the 31-bit number starts.
  const offset = mac.getUint8(mac.byteLength - 1) & 0x0f;
  const number = mac.getUint32(offset) & 0x7fff_ffff;
  return String(number % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, "0");
}

/**
 * The time step whose code `code` is, within TOTP_DRIFT_STEPS of `nowMs`, or null. Every candidate is
 * computed and compared in constant time, so the answer's timing says nothing about which step matched.
 */
export async function matchingTotpStep(
  secret: Uint8Array,
  code: string,
  nowMs: number,
): Promise<number | null> {
  const current = totpStep(nowMs);
  let matched: number | null = null;
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step++) {
    const equal = constantTimeEqual(await totpCode(secret, step), code);
    if (equal && matched === null) matched = step;
  }
  return matched;
}

/** The moment after which a code for `step` can no longer be accepted (so need not be remembered). */
export const totpStepExpiresAt = (step: number) => (step + TOTP_DRIFT_STEPS + 1) * TOTP_STEP_MS;
