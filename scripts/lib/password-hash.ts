// PBKDF2 password hashes in the format worker/lib/crypto.ts verifies:
// pbkdf2_sha256$<iterations>$<salt>$<hash>, 100,000 iterations (the most production workerd allows).
import { pbkdf2Sync, randomBytes } from "node:crypto";

export const ITERATIONS = 100_000;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, ITERATIONS, 32, "sha256");
  return `pbkdf2_sha256$${ITERATIONS}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}
