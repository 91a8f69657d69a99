// Why the server closed a live socket, free of zod: the kiosk bundle reads these without loading the schema
// library (as ./appearance.ts). Codes 4000–4999 are the application's own.

/** A client does not reconnect after any of these: what let it in is gone. */
export const SOCKET_CLOSE = {
  /** Logout, a password reset, or the account closed: the session behind the ticket is over. */
  signedOut: { code: 4401, reason: "Signed out" },
  /** The account must pay before the dashboard opens again (402). */
  subscription: { code: 4402, reason: "Subscription needs attention" },
  /** A public kiosk, once the location accepts only paired kiosks. */
  onlyPaired: { code: 4403, reason: "Only paired kiosks" },
  /** The location was archived, or its account closed. */
  locationClosed: { code: 4404, reason: "Location closed" },
  /** The manager unpaired this kiosk. */
  deviceRevoked: { code: 4410, reason: "Kiosk unpaired" },
} as const;
export type SocketClose = (typeof SOCKET_CLOSE)[keyof typeof SOCKET_CLOSE];

/**
 * The last message a socket receives before the server closes it: the same code and reason as the close
 * frame. Through local development's proxies a hibernating hub's close frame can reach the browser without
 * the connection ever ending, so no close event fires (docs/live-sockets.md); clients act on
 * whichever of the two comes first.
 */
export type ClosedMessage = { type: "closed" } & SocketClose;

export const closedMessage = (close: SocketClose) =>
  JSON.stringify({ type: "closed", ...close } satisfies ClosedMessage);
