// Calls to /api without the manager session: no toasts, no session store, so the kiosk page can use it
// and stay small. ./api.ts builds the signed-in calls on top of it.

/** A failed API call, carrying the server's `detail` (the API's one error shape). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
  ) {
    super(detail ?? `Request failed (${status})`);
  }
}

export type RequestOptions = { body?: unknown; signal?: AbortSignal; headers?: Record<string, string> };

const UNREACHABLE = "Can't reach Clocked. Check your connection and try again.";

/** fetch(/api…); a network failure is an ApiFailure with status 0 (an abort stays an abort). */
export async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(`/api${path}`, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiFailure(0, UNREACHABLE);
  }
}

/** The failure for a non-2xx answer, with the body's `detail` when it has one. */
export function failureOf(response: Response, data: unknown): ApiFailure {
  const detail =
    data && typeof data === "object" && "detail" in data && typeof data.detail === "string"
      ? data.detail
      : null;
  return new ApiFailure(response.status, detail);
}

/** JSON request to /api; a non-2xx answer throws an ApiFailure. */
export async function jsonRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await send(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) return data as T;
  throw failureOf(response, data);
}

/** The server's detail when there is one, otherwise the screen's own fallback text (spec §8). */
export const detailOr = (error: unknown, fallback: string) =>
  error instanceof ApiFailure && error.detail ? error.detail : fallback;
