// Signing up, in and out: the manager dashboard's screens before the dashboard itself.

export { signOut } from "./api";
/** A new password with its live rules and confirmation: the accept-invitation page asks for one too. */
export { NewPasswordFields } from "./components/password-rules";
/**
 * The screens before a session (sign in, sign up, verify, plans, forgotten password). The sign-in form is part
 * of the dashboard's own chunk, not a lazy one: on a new device it is the first thing painted, and fetching it
 * after the page's code put it about 0.4 s later at 4× CPU slowdown (docs/dashboard.md). The others load
 * after it has painted.
 */
export { SignedOut } from "./components/signed-out";
