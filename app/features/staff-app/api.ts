import type { StaffAppType } from "@worker/app";
import { hc } from "hono/client";
import { ApiFailure, data, encodingParams, fetchOrFail } from "../../lib/http";
import { storedStaffToken, storeStaffToken } from "./session";

// The staff app's own client, typed by the staff routes only (StaffAppType): its bundle knows no manager route.
// A 401 means the session has ended (signed out elsewhere, archived, e-mail removed): the app forgets it and
// shows the sign-in screen (StaffApp listens for "clocked:staff-signed-out").

export const SIGNED_OUT_EVENT = "clocked:staff-signed-out";

async function staffFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    return await fetchOrFail(input, init);
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 401 && storedStaffToken()) {
      storeStaffToken(null);
      window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
    }
    throw error;
  }
}

/** The client for the signed-in staff member (their token on every call), or for signing in (none). */
export function staffApi() {
  const token = storedStaffToken();
  return encodingParams(
    hc<StaffAppType>("/api/staff", {
      fetch: staffFetch,
      headers: (): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {}),
    }),
  );
}

export { ApiFailure, data };
