import { toast } from "sonner";
import { managerSession } from "./session";

/** A failed API call, carrying the server's `detail` (the API's one error shape). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
  ) {
    super(detail ?? `Request failed (${status})`);
  }
}

type Options = { body?: unknown; auth?: boolean; signal?: AbortSignal; headers?: Record<string, string> };

export const SESSION_EXPIRED = "Your session has expired. Please log in again.";

/** JSON request to /api. With `auth`, sends the manager session as a Bearer header (never in the URL). */
export async function apiRequest<T>(method: string, path: string, options: Options = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers };
  const session = managerSession.get();
  if (options.auth && session) headers.Authorization = `Bearer ${session.session_id}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiFailure(0, "Can't reach Clocked. Check your connection and try again.");
  }
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) return data as T;
  const detail =
    data && typeof data === "object" && "detail" in data && typeof data.detail === "string"
      ? data.detail
      : null;
  if (options.auth && response.status === 401 && session && !managerSession.isFresh()) {
    managerSession.clear();
    toast.error(SESSION_EXPIRED);
  }
  // The account must pay before the dashboard opens again: signing in leads to the plan-choice screen.
  if (options.auth && response.status === 402 && session) {
    managerSession.clear();
    toast.error(detail ?? "Your subscription needs attention. Please sign in to choose a plan.");
  }
  throw new ApiFailure(response.status, detail);
}

/** The server's detail when there is one, otherwise the screen's own fallback text (spec §8). */
export const detailOr = (error: unknown, fallback: string) =>
  error instanceof ApiFailure && error.detail ? error.detail : fallback;
