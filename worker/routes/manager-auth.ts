import { Hono } from "hono";
import { managerLoginRequest } from "../contracts/auth";
import { findUserByUsername, revokeSession } from "../db/accounts";
import { jsonBody, noBody } from "../lib/validate";
import { requireAccount } from "../middleware/session";
import { signIn } from "../services/sign-in";
import type { AppEnv } from "../types";

export const managerAuthRoutes = new Hono<AppEnv>()
  .post("/login", jsonBody(managerLoginRequest), async (c) => {
    const { username, password } = c.req.valid("json");
    const db = c.get("db");
    const handle = username.toLowerCase();
    return c.json(
      await signIn(c, {
        throttleKey: `login-username:${handle}`,
        password,
        candidates: () => findUserByUsername(db, handle).then((u) => (u ? [u] : [])),
        failure: "Invalid username or password",
      }),
    );
  })

  .post("/logout", requireAccount, noBody, async (c) => {
    await revokeSession(c.get("db"), c.get("sessionToken"));
    return c.json({ success: true, message: "Logged out" });
  });
