/**
 * The invitation link's token: 43 base64url characters after the `#` (`/team/join#<token>`), so it never
 * reaches a server's logs as part of an address. Anything else is not a link the page can use.
 */
export function tokenFromHash(hash: string): string | null {
  const token = hash.replace(/^#/, "");
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}
