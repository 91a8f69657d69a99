/** The API's one error contract: every failure leaves as `{ "detail": "..." }` with this status. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 423 | 429 | 500 | 503,
    readonly detail: string,
    /** Seconds, sent as Retry-After on 423/429. */
    readonly retryAfter?: number,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string) => new ApiError(400, detail);
export const unauthorized = (detail = "Not authenticated") => new ApiError(401, detail);
export const forbidden = (detail: string) => new ApiError(403, detail);
export const notFound = (detail = "Not found") => new ApiError(404, detail);
export const tooManyRequests = (detail: string, retryAfter: number) => new ApiError(429, detail, retryAfter);
