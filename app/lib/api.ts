import type { AppType } from "@worker/app";
import { hc } from "hono/client";
import { ApiFailure, encodingParams, fetchOrFail } from "./http";
import { managerSession } from "./session";
import { toast } from "./toast";

// The app's one way to the API: hc typed by the Worker's routes (worker/app.ts exports AppType), so the
// path, the body and the answer of every call come from the route itself. Call as the routes are
// mounted, and read the answer with `data`:
//   const { employees } = await data(api.manager.employees[":locationId"].$get({ param: { locationId } }));
// A failed call throws an ApiFailure with the server's detail (./http.ts).

export { ApiFailure, data, detailOr, socketAddress } from "./http";

const SESSION_EXPIRED = "Your session has expired. Please log in again.";

const bearer = (token: string) => `Bearer ${token}`;

/** A call refused with 401 (the session is over) or 402 while signed in signs the manager out. */
function signOutOn(failure: ApiFailure) {
  if (failure.status === 401 && managerSession.get() && !managerSession.isFresh()) {
    managerSession.clear();
    toast.error(SESSION_EXPIRED);
  }
  // The account must pay before the dashboard opens again: signing in leads to the plan-choice screen.
  if (failure.status === 402 && managerSession.get()) {
    managerSession.clear();
    toast.error(failure.detail ?? "Your subscription needs attention. Please sign in to choose a plan.");
  }
}

/** fetch as the signed-in manager: the stored session as a Bearer header (never in the address). */
async function managerFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const session = managerSession.get();
  const headers = new Headers(init?.headers);
  if (session) headers.set("Authorization", bearer(session.session_id));
  try {
    return await fetchOrFail(input, { ...init, headers });
  } catch (error) {
    if (session && error instanceof ApiFailure && error.status !== 0) signOutOn(error);
    throw error;
  }
}

type ClientHeaders = Record<string, string> | (() => Record<string, string>);

const client = (fetch: typeof fetchOrFail, headers?: ClientHeaders) =>
  encodingParams(hc<AppType>("/", { fetch, headers }).api);

/** The API as the signed-in manager: every dashboard call, downloads and uploads included. */
export const api = /* @__PURE__ */ client(managerFetch);
export type Api = typeof api;

/** The API without a session: signing up and in, e-mail codes, password resets. */
export const publicApi = /* @__PURE__ */ client(fetchOrFail);

/**
 * The API as a session other than the stored one: the plan-choice screen keeps the session of an account
 * that must pay in memory only, and the sandbox's payment tab borrows it. No sign-out rule applies.
 */
export const apiAs = (token: string) => client(fetchOrFail, { Authorization: bearer(token) });

/** The API with a Bearer token read at each call (the super admin's own session); no sign-out rule. */
export const apiWithBearer = (token: () => string | null) =>
  client(fetchOrFail, (): Record<string, string> => {
    const current = token();
    return current ? { Authorization: bearer(current) } : {};
  });

/** The file name a Content-Disposition header gives, if any. */
function attachmentName(header: string | null): string | null {
  return /filename="([^"]+)"/.exec(header ?? "")?.[1] ?? null;
}

/**
 * Saves the file a call answers with (CSV exports, the account's ZIP): fetched with the Bearer header,
 * then saved from a Blob through a temporary object URL, so the session never appears in an address.
 */
export async function downloadFile(
  call: Promise<{ headers: Headers; blob(): Promise<Blob> }>,
  fallbackName: string,
): Promise<void> {
  const response = await call;
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

/** A multipart body for a call's `init` (the browser sets the Content-Type with its boundary). */
export function formBody(fields: Record<string, Blob>): { init: RequestInit } {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return { init: { body: form } };
}
