// What the paired kiosk's offline queue shares with its hub, without zod: the kiosk page imports
// these, and its bundle carries no validation library (the Worker validates; see offlinePunch in ./kiosk.ts).

/** At most this many punches in one send. */
export const OFFLINE_MAX_PUNCHES = 100;
/** A punch older than this when it arrives is not recorded: an exception for the manager instead. */
export const OFFLINE_MAX_AGE_MS = 72 * 60 * 60_000;
/** How far ahead of the server's clock a device's clock may be and still be believed. */
export const OFFLINE_FUTURE_SKEW_MS = 2 * 60_000;

/** What a sealed PIN is bound to: the punch it was typed for (the kiosk seals with the same text). */
export const offlineContext = (punch: { key: string; username: string; action: string; at: string }) =>
  [punch.key, punch.username, punch.action, punch.at].join("\n");
