// Prints the PBKDF2 hash of a password in the format worker/lib/crypto.ts verifies
// (pbkdf2_sha256$<iterations>$<salt>$<hash>), for SUPER_ADMIN_PASSWORD_HASH:
//   npm run hash-password -- 'S3cret!pass'      or      printf '%s' 'S3cret!pass' | npm run hash-password
// The password is never logged or stored; only the hash is printed.
import { hashPassword } from "./lib/password-hash.ts";

async function readStdin() {
  if (process.stdin.isTTY) return "";
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

const password = process.argv[2] ?? (await readStdin());
if (!password) {
  console.error("Usage: npm run hash-password -- '<password>'   (or pipe the password on stdin)");
  process.exit(1);
}
console.log(hashPassword(password));
