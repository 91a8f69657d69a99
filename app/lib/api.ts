import { toast } from "sonner";
import { ApiFailure, failureOf, jsonRequest, type RequestOptions, send } from "./http";
import { managerSession } from "./session";

export { ApiFailure, detailOr } from "./http";

type Options = RequestOptions & { auth?: boolean };

export const SESSION_EXPIRED = "Your session has expired. Please log in again.";

/** The manager session as a Bearer header (never in the URL). */
function authHeaders(): Record<string, string> {
  const session = managerSession.get();
  return session ? { Authorization: `Bearer ${session.session_id}` } : {};
}

/** A signed-in call refused with 401 (spec §4) or 402 signs the manager out; returns the failure. */
function signedInFailure(failure: ApiFailure): ApiFailure {
  if (failure.status === 401 && managerSession.get() && !managerSession.isFresh()) {
    managerSession.clear();
    toast.error(SESSION_EXPIRED);
  }
  // The account must pay before the dashboard opens again: signing in leads to the plan-choice screen.
  if (failure.status === 402 && managerSession.get()) {
    managerSession.clear();
    toast.error(failure.detail ?? "Your subscription needs attention. Please sign in to choose a plan.");
  }
  return failure;
}

/** JSON request to /api. With `auth`, sends the manager session as a Bearer header. */
export async function apiRequest<T>(method: string, path: string, options: Options = {}): Promise<T> {
  const { auth, ...request } = options;
  if (!auth) return jsonRequest<T>(method, path, request);
  try {
    return await jsonRequest<T>(method, path, {
      ...request,
      headers: { ...request.headers, ...authHeaders() },
    });
  } catch (error) {
    throw error instanceof ApiFailure && error.status !== 0 ? signedInFailure(error) : error;
  }
}

/** A signed-in multipart upload (the browser sets the Content-Type with its boundary). */
export async function apiUpload<T>(path: string, form: FormData): Promise<T> {
  const response = await send(path, { method: "POST", headers: authHeaders(), body: form });
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) return data as T;
  throw signedInFailure(failureOf(response, data));
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
  if (!response.ok) throw signedInFailure(failureOf(response, await response.json().catch(() => null)));
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
