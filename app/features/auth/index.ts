// Signing up, in and out: the manager dashboard's screens before the dashboard itself.

export { signOut } from "./api";

/** The screens before a session (sign in, sign up, verify, plans, forgotten password): their own chunk. */
export const loadSignedOut = () => import("./components/signed-out").then((module) => module.SignedOut);
