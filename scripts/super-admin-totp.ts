// Sets up two-step sign-in for the super admin: a random 160-bit TOTP secret (RFC 6238, as
// worker/lib/totp.ts checks it), the otpauth:// address for an authenticator app, and how to install it.
//   npm run super-admin:totp [-- --username ops]     for a deployed Worker (then `wrangler secret put`)
//   npm run super-admin:totp -- --local              writes it to .dev.vars for `npm run dev`
// Only the new TOTP secret is printed; nothing else secret is read or shown.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += BASE32[(buffer >> bits) & 31];
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

const { values } = parseArgs({
  options: { local: { type: "boolean", default: false }, username: { type: "string" } },
});

const DEV_VARS = ".dev.vars";
const devVars = existsSync(DEV_VARS) ? readFileSync(DEV_VARS, "utf8") : "";
const localUsername = /^SUPER_ADMIN_USERNAME=['"]?([^'"\n]+)/m.exec(devVars)?.[1]?.trim();
const username = values.username ?? (values.local ? localUsername : undefined) ?? "super-admin";

const secret = base32(randomBytes(20));
const label = encodeURIComponent(`Clocked:${username}`).replace("%3A", ":");
const uri = `otpauth://totp/${label}?secret=${secret}&issuer=Clocked`;

console.log(`Secret (base32): ${secret}`);
console.log(`Authenticator app (add as a QR code or by hand): ${uri}`);
if (values.local) {
  const line = `SUPER_ADMIN_TOTP_SECRET=${secret}`;
  const pattern = /^SUPER_ADMIN_TOTP_SECRET=.*$/m;
  const next = pattern.test(devVars)
    ? devVars.replace(pattern, line)
    : `${devVars}${devVars && !devVars.endsWith("\n") ? "\n" : ""}${line}\n`;
  writeFileSync(DEV_VARS, next);
  console.log(`Wrote SUPER_ADMIN_TOTP_SECRET to ${DEV_VARS}: restart \`npm run dev\` to use it.`);
} else {
  console.log("Install it on the deployed Worker (paste the secret when asked):");
  console.log("  npx wrangler secret put SUPER_ADMIN_TOTP_SECRET");
}
console.log("From then on super admin sign-in needs the app's 6-digit code as well as the password.");
