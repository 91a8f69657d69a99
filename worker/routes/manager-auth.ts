import { Hono } from "hono";
import { type LoginResponse, type LogoutResponse, managerLoginRequest } from "../contracts/auth";
import { SOCKET_CLOSE } from "../contracts/socket-close";
import { findUserByUsername, revokeSession, sessionHashOf } from "../db/accounts";
import { clientAddress } from "../lib/config";
import { jsonBody, noBody } from "../lib/validate";
import { requireAccount } from "../middleware/session";
import { disconnectAccount } from "../services/location-hubs";
import { signIn } from "../services/sign-in";
import type { AppEnv } from "../types";

// Signing in by username and signing out, mounted at /api/manager ahead of the manager sub-app's session
// guard (worker/app.ts): sign-in needs no session, and an account that must pay first may still sign out.

export const managerAuthRoutes = new Hono<AppEnv>()
  .post("/login", jsonBody(managerLoginRequest), async (c) => {
    const { username, password } = c.req.valid("json");
    const db = c.get("db");
    const handle = username.toLowerCase();
    return c.json<LoginResponse>(
      await signIn(db, clientAddress(c.req.raw.headers), {
        throttleKey: `login-username:${handle}`,
        password,
        candidates: () => findUserByUsername(db, handle).then((u) => (u ? [u] : [])),
        failure: "Invalid username or password",
      }),
    );
  })

  .post("/logout", requireAccount, noBody, async (c) => {
    const token = c.get("sessionToken");
    await revokeSession(c.get("db"), token);
    // Dashboards this session opened stop receiving staff data now, not when their socket next drops.
    const session = await sessionHashOf(token);
    await disconnectAccount(c.env, c.get("db"), c.get("user").id, { session }, SOCKET_CLOSE.signedOut);
    return c.json<LogoutResponse>({ success: true, message: "Logged out" });
  });
