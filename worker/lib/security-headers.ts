// The security headers of every page and every API answer, in one place. Plain TypeScript, no imports:
// the build (scripts/security-headers-plugin.ts) writes the pages' headers into the `_headers` file that
// Cloudflare's static assets apply, and the Worker (worker/app.ts) sets the API's own.

/**
 * Powerful features no page of Clocked uses, denied to the page and anything it could embed. Three stay
 * allowed for the site itself and nothing it embeds: fullscreen (a kiosk may run full screen), geolocation
 * (the staff app's phone clock-in, and the dashboard's "Use where I am now" for the location's position) and
 * publickey-credentials-get (signing in to the staff app with a passkey). Only features Chromium knows: an
 * unknown one is logged as an error in every page's console.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "fullscreen=(self)",
  "geolocation=(self)",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=(self)",
  "serial=()",
  "usb=()",
].join(", ");

/**
 * The pages' Content-Security-Policy. Scripts: the site's own files and exactly the inline scripts whose
 * hashes are given (`'sha256-<base64>'` sources), never 'unsafe-inline'. Styles may be inline: React
 * renders `style` attributes. Images also from data: and blob: (a logo's preview before upload).
 * connect-src 'self' covers same-origin fetch and the live sockets (ws:/wss: on the same host).
 */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  for (const hash of scriptHashes) {
    if (!/^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/.test(hash)) throw new Error(`Not a script hash: ${hash}`);
  }
  const scripts = [...new Set(scriptHashes)].sort().map((hash) => `'${hash}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scripts].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Every HTML page's headers (and, harmlessly, every other static file's). */
export function pageSecurityHeaders(scriptHashes: readonly string[]): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(scriptHashes),
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Content-Type-Options": "nosniff",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
  };
}

/**
 * What every /api answer carries besides `Cache-Control: no-store` (worker/app.ts), unless its route sets
 * the header itself (the logo's CSP adds `sandbox`). None of them is a page: the policy allows nothing.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Content-Type-Options": "nosniff",
};

/**
 * The text of each inline script of an HTML document (a `<script>` without `src`), exactly as a browser
 * hashes it: the characters between the start tag and `</script>`.
 */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = "", body = ""] = match;
    if (!/\bsrc\s*=/i.test(attributes)) scripts.push(body);
  }
  return scripts;
}

/**
 * Inline event handlers (`onclick="…"`) and `javascript:` addresses in an HTML document: a hash cannot
 * allow them without 'unsafe-hashes', so the build refuses them.
 */
export function inlineHandlers(html: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<[a-z][^>]*>/gi)) {
    const handler = /\son[a-z]+\s*=/i.exec(tag) ?? /=\s*["']?\s*javascript:/i.exec(tag);
    if (handler) found.push(tag);
  }
  return found;
}

/** Cloudflare's `_headers` limit on a line's length. */
const MAX_HEADERS_LINE = 2000;

/** A `_headers` file: for each path pattern, its headers, one indented `Name: value` line each. */
export function headersFile(rules: Readonly<Record<string, Readonly<Record<string, string>>>>): string {
  const lines: string[] = [];
  for (const [pattern, headers] of Object.entries(rules)) {
    lines.push(pattern, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`));
  }
  const tooLong = lines.find((line) => line.length > MAX_HEADERS_LINE);
  if (tooLong) throw new Error(`A _headers line is over ${MAX_HEADERS_LINE} characters: ${tooLong}`);
  return `${lines.join("\n")}\n`;
}
