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
const UNREACHABLE = "Can't reach Clocked. Check your connection and try again.";

/** The manager session as a Bearer header (never in the URL). */
function authHeaders(): Record<string, string> {
  const session = managerSession.get();
  return session ? { Authorization: `Bearer ${session.session_id}` } : {};
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(`/api${path}`, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiFailure(0, UNREACHABLE);
  }
}

/** The failure for a non-2xx answer; a 401 (spec §4) or 402 on a signed-in call signs the manager out. */
function failureOf(response: Response, data: unknown, auth: boolean): ApiFailure {
  const detail =
    data && typeof data === "object" && "detail" in data && typeof data.detail === "string"
      ? data.detail
      : null;
  if (auth && response.status === 401 && managerSession.get() && !managerSession.isFresh()) {
    managerSession.clear();
    toast.error(SESSION_EXPIRED);
  }
  // The account must pay before the dashboard opens again: signing in leads to the plan-choice screen.
  if (auth && response.status === 402 && managerSession.get()) {
    managerSession.clear();
    toast.error(detail ?? "Your subscription needs attention. Please sign in to choose a plan.");
  }
  return new ApiFailure(response.status, detail);
}

/** JSON request to /api. With `auth`, sends the manager session as a Bearer header. */
export async function apiRequest<T>(method: string, path: string, options: Options = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, ...(options.auth ? authHeaders() : {}) };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await send(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) return data as T;
  throw failureOf(response, data, Boolean(options.auth));
}

/** A signed-in multipart upload (the browser sets the Content-Type with its boundary). */
export async function apiUpload<T>(path: string, form: FormData): Promise<T> {
  const response = await send(path, { method: "POST", headers: authHeaders(), body: form });
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) return data as T;
  throw failureOf(response, data, true);
}

/** The file name a Content-Disposition header gives, if any. */
export function attachmentName(header: string | null): string | null {
  return /filename="([^"]+)"/.exec(header ?? "")?.[1] ?? null;
}

/**
 * Downloads a signed-in file (CSV exports, reports): fetched with the Bearer header, then saved from a
 * Blob through a temporary object URL, so the session never appears in an address.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await send(path, { headers: authHeaders() });
  if (!response.ok) throw failureOf(response, await response.json().catch(() => null), true);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = attachmentName(response.headers.get("Content-Disposition")) ?? fallbackName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The server's detail when there is one, otherwise the screen's own fallback text (spec §8). */
export const detailOr = (error: unknown, fallback: string) =>
  error instanceof ApiFailure && error.detail ? error.detail : fallback;
