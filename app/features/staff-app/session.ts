// Where the staff app keeps its session in this browser: its own key, never the manager's, so a phone signed
// in as staff is never a manager and the other way round (docs/staff-app.md).
export const STAFF_SESSION_KEY = "clocked.staff_session";

export function storedStaffToken(): string | null {
  try {
    return localStorage.getItem(STAFF_SESSION_KEY);
  } catch {
    return null;
  }
}

export function storeStaffToken(token: string | null) {
  try {
    if (token === null) localStorage.removeItem(STAFF_SESSION_KEY);
    else localStorage.setItem(STAFF_SESSION_KEY, token);
  } catch {
    // Private browsing with storage off: the session lasts as long as the page.
  }
}
