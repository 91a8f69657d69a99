/** The API's one error contract: every failure leaves as `{ "detail": "..." }` with this status. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 500 | 503,
    readonly detail: string,
    /** Seconds, sent as Retry-After on 423/429. */
    readonly retryAfter?: number,
    /** Machine-readable fields beside `detail`, for a client that must act on the refusal (docs/kiosk.md). */
    readonly extra?: Readonly<Record<string, string>>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string) => new ApiError(400, detail);
export const unauthorized = (detail = "Not authenticated") => new ApiError(401, detail);
export const forbidden = (detail: string) => new ApiError(403, detail);
export const notFound = (detail = "Not found") => new ApiError(404, detail);
export const tooManyRequests = (detail: string, retryAfter: number) => new ApiError(429, detail, retryAfter);

/**
 * An error as the log may show it: its name and message, and its causes', but never a failed query's
 * parameters (drizzle puts them in the message: e-mail addresses, password hashes, tokens).
 */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let current: unknown = error; current !== undefined && parts.length < 4; ) {
    if (!(current instanceof Error)) {
      parts.push(typeof current === "string" ? current : "non-Error value");
      break;
    }
    const message = current.message.replace(/\bparams:[\s\S]*$/, "params: [withheld]");
    parts.push(`${current.name}: ${message}`);
    current = current.cause;
  }
  return parts.join(" <- ");
}
