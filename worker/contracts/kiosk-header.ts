// The kiosk submit's idempotency header, free of zod so the kiosk bundle can read it (as ./socket-close.ts).

/** A retried submit carries the same key and gets the first answer again (worker/durable/punch.ts). */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
