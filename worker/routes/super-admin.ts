import { Hono } from "hono";
import { type ChatResponse, chatRequest, SUPER_ADMIN_ASSISTANT_UNAVAILABLE } from "../contracts/assistant";
import {
  type AdminUsersResponse,
  type SuperAdminAnalytics,
  type SuperAdminLoginResponse,
  superAdminLoginRequest,
  userSearchQuery,
  type VipResponse,
  vipRequest,
} from "../contracts/super-admin";
import { searchUsers, setVip } from "../db/admin-users";
import { platformAnalytics } from "../db/platform-analytics";
import { revokeSuperAdminSession } from "../db/super-admin-sessions";
import { ApiError } from "../lib/errors";
import { jsonBody, noBody, parseOrThrow } from "../lib/validate";
import { requireSuperAdmin } from "../middleware/super-admin";
import { assistantFor } from "../services/ai";
import { answerPlatformOffline } from "../services/ai/platform-analyst";
import { PLATFORM_SYSTEM_PROMPT, platformData, platformTools } from "../services/ai/platform-tools";
import { superAdminSignIn } from "../services/super-admin-sign-in";
import type { AppEnv } from "../types";

// The platform console (spec §2, §7 super admin): its own sign-in and sessions, analytics, the
// analytics assistant ("jarvis"), and VIP standing for accounts.

export const superAdminRoutes = new Hono<AppEnv>()
  .post("/login", jsonBody(superAdminLoginRequest), async (c) => {
    const session_id = await superAdminSignIn(c, c.req.valid("json"));
    return c.json<SuperAdminLoginResponse>({ session_id });
  })

  .post("/logout", requireSuperAdmin, noBody, async (c) => {
    await revokeSuperAdminSession(c.get("db"), c.get("superAdmin").token);
    return c.json({ success: true });
  })

  .get("/analytics", requireSuperAdmin, async (c) =>
    c.json<SuperAdminAnalytics>(await platformAnalytics(c.get("db"))),
  )

  .post("/jarvis", requireSuperAdmin, jsonBody(chatRequest), async (c) => {
    const { message } = c.req.valid("json");
    const data = platformData(c.get("db"));
    const assistant = assistantFor(c.env, {
      system: PLATFORM_SYSTEM_PROMPT,
      tools: platformTools(data),
      offline: (question) => answerPlatformOffline(question, data),
    });
    try {
      return c.json<ChatResponse>({ response: await assistant.answer(message) });
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : "unknown";
      console.error(`[${c.get("requestId")}] super admin assistant (${assistant.kind}) failed: ${reason}`);
      throw new ApiError(503, SUPER_ADMIN_ASSISTANT_UNAVAILABLE);
    }
  })

  .get("/users", requireSuperAdmin, async (c) => {
    const { search } = parseOrThrow(userSearchQuery, c.req.query());
    return c.json<AdminUsersResponse>({ users: await searchUsers(c.get("db"), search) });
  })

  .post("/users/:userId/vip", requireSuperAdmin, jsonBody(vipRequest), async (c) => {
    const { is_vip } = c.req.valid("json");
    const user = await setVip(c.get("db"), c.get("superAdmin").username, c.req.param("userId"), is_vip);
    return c.json<VipResponse>({ user });
  });
