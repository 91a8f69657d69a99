// Where Clocked may send a request a customer chose, such as a webhook (docs/security.md, "Outbound requests"):
// in production only https to a public host. An address in a private, loopback, link-local, shared or
// unique-local range, written as an IP literal, is refused; so is `localhost`. A host name is not resolved
// here (a Worker cannot), so a name that resolves to such an address is out of reach of this check: the
// Workers runtime itself does not route fetches to private networks.

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** Private, loopback, link-local, CGNAT, "this network", multicast and reserved IPv4 ranges. */
function isPrivateIpv4(host: string): boolean {
  const match = IPV4.exec(host);
  if (!match) return false;
  const [a, b] = [Number(match[1]), Number(match[2])];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** Loopback, unspecified, link-local, unique-local, and IPv4-mapped or -compatible forms of private IPv4. */
function isPrivateIpv6(host: string): boolean {
  if (!host.startsWith("[")) return false;
  const address = host.slice(1, -1).toLowerCase();
  if (address === "::1" || address === "::") return true;
  if (/^fe[89ab]/.test(address) || /^f[cd]/.test(address)) return true;
  const mapped = /^::(ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped?.[2]) return isPrivateIpv4(mapped[2]);
  // The URL parser writes a mapped IPv4 address in hex: ::ffff:7f00:1 is 127.0.0.1.
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address);
  if (hex?.[1] && hex[2]) {
    const high = Number.parseInt(hex[1], 16);
    const low = Number.parseInt(hex[2], 16);
    return isPrivateIpv4(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  return false;
}

export const OUTBOUND_URL_INVALID =
  "The address must be a full URL, such as https://example.com/webhooks/clocked";
export const OUTBOUND_URL_NOT_HTTPS = "The address must start with https://";
export const OUTBOUND_URL_PRIVATE =
  "The address must be on the public internet, not a private or local network";

/** Why the URL may not be called, or null. `production`: https only and public hosts only. */
export function outboundUrlProblem(text: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return OUTBOUND_URL_INVALID;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return OUTBOUND_URL_INVALID;
  if (url.username || url.password) return OUTBOUND_URL_INVALID;
  if (!production) return null;
  if (url.protocol !== "https:") return OUTBOUND_URL_NOT_HTTPS;
  const host = url.hostname.toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || isPrivateIpv4(host) || isPrivateIpv6(host)) {
    return OUTBOUND_URL_PRIVATE;
  }
  return null;
}
