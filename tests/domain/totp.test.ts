import { describe, expect, it } from "vitest";
import { decodeBase32, matchingTotpStep, totpCode, totpStep } from "../../worker/lib/totp";

// RFC 6238 Appendix B, the SHA-1 rows: the secret is the ASCII "12345678901234567890" (base32 below),
// and a 6-digit code is the last 6 digits of the 8-digit value there.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const RFC_VECTORS: [seconds: number, eightDigits: string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

const secret = () => {
  const bytes = decodeBase32(RFC_SECRET);
  if (!bytes) throw new Error("the RFC secret should decode");
  return bytes;
};

describe("TOTP (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps)", () => {
  it("decodes base32 as authenticator apps show it", () => {
    expect(new TextDecoder().decode(secret())).toBe("12345678901234567890");
    expect(decodeBase32("gezd gnbv gy3t qojq gezd gnbv gy3t qojq")).toEqual(secret());
    expect(decodeBase32("MZXW6===")).toEqual(new TextEncoder().encode("foo"));
    expect(decodeBase32("not base32!")).toBeNull();
    expect(decodeBase32("18")).toBeNull();
    expect(decodeBase32("")).toBeNull();
  });

  it.each(RFC_VECTORS)("gives the RFC's code at %i seconds", async (seconds, eightDigits) => {
    expect(await totpCode(secret(), totpStep(seconds * 1000))).toBe(eightDigits.slice(-6));
  });

  it("accepts the code of the step before and after (clock drift), and refuses two steps away", async () => {
    const now = 1_234_567_890_000;
    const step = totpStep(now);
    const codeAt = (offset: number) => totpCode(secret(), step + offset);
    expect(await matchingTotpStep(secret(), await codeAt(0), now)).toBe(step);
    expect(await matchingTotpStep(secret(), await codeAt(-1), now)).toBe(step - 1);
    expect(await matchingTotpStep(secret(), await codeAt(1), now)).toBe(step + 1);
    expect(await matchingTotpStep(secret(), await codeAt(-2), now)).toBeNull();
    expect(await matchingTotpStep(secret(), await codeAt(2), now)).toBeNull();
  });

  it("refuses anything that is not the code", async () => {
    const now = 1_111_111_111_000;
    for (const code of ["", "050471 ", "50471", "14050471", "abcdef", "000000"]) {
      expect(await matchingTotpStep(secret(), code, now), code).toBeNull();
    }
    expect(await matchingTotpStep(secret(), "050471", now)).toBe(totpStep(now));
  });
});
