import { Hono } from "hono";
import { type ChatResponse, chatRequest, SUPER_ADMIN_ASSISTANT_UNAVAILABLE } from "../contracts/assistant";
import {
  type AdminUsersResponse,
  type BackfillResponse,
  type SuperAdminAnalytics,
  type SuperAdminLoginResponse,
  type SuperAdminLogoutResponse,
  superAdminLoginRequest,
  USER_NOT_FOUND,
  userParams,
  userSearchQuery,
  type VipResponse,
  vipRequest,
} from "../contracts/super-admin";
import { searchUsers, setVip } from "../db/admin-users";
import { locationIdsAfter } from "../db/locations";
import { platformAnalytics } from "../db/platform-analytics";
import { revokeSuperAdminSession } from "../db/super-admin-sessions";
import { hubFor } from "../durable/client";
import { clientAddress } from "../lib/config";
import { notFound } from "../lib/errors";
import { jsonBody, noBody, params, query } from "../lib/validate";
import { requireSuperAdmin } from "../middleware/super-admin";
import { answerOrUnavailable, assistantFor } from "../services/ai";
import { answerPlatformOffline } from "../services/ai/platform-analyst";
import { PLATFORM_SYSTEM_PROMPT, platformData, platformTools } from "../services/ai/platform-tools";
import { superAdminSignIn } from "../services/super-admin-sign-in";
import type { AppEnv } from "../types";

// The platform console (docs/ai-and-super-admin.md): its own sign-in and sessions, analytics, the
// analytics assistant ("jarvis"), and VIP standing for accounts.

const BACKFILL_LOCATIONS_PAGE = 100;
const BACKFILL_SIDE_BY_SIDE = 10;

export const superAdminRoutes = new Hono<AppEnv>()
  .post("/login", jsonBody(superAdminLoginRequest), async (c) => {
    const session_id = await superAdminSignIn(
      c.env,
      c.get("db"),
      clientAddress(c.req.raw.headers),
      c.req.valid("json"),
    );
    return c.json<SuperAdminLoginResponse>({ session_id });
  })

  .post("/logout", requireSuperAdmin, noBody, async (c) => {
    await revokeSuperAdminSession(c.get("db"), c.get("superAdmin").token);
    return c.json<SuperAdminLogoutResponse>({ success: true });
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
    const response = await answerOrUnavailable(assistant, message, {
      who: `[${c.get("requestId")}] super admin assistant`,
      detail: SUPER_ADMIN_ASSISTANT_UNAVAILABLE,
    });
    return c.json<ChatResponse>({ response });
  })

  /**
   * The move to hubs: every location's hub copies the attendance sessions D1 recorded before hubs kept them.
   * Idempotent (by session id), a page of locations at a time, ten hubs side by side; safe to run again.
   */
  .post("/backfill-hubs", requireSuperAdmin, noBody, async (c) => {
    const db = c.get("db");
    let locations = 0;
    let sessions = 0;
    let after = "";
    for (;;) {
      const page = await locationIdsAfter(db, after, BACKFILL_LOCATIONS_PAGE);
      for (let i = 0; i < page.length; i += BACKFILL_SIDE_BY_SIDE) {
        const copied = await Promise.all(
          page.slice(i, i + BACKFILL_SIDE_BY_SIDE).map((id) => hubFor(c.env, id).backfill()),
        );
        sessions += copied.reduce((sum, n) => sum + n, 0);
      }
      locations += page.length;
      const last = page.at(-1);
      if (!last || page.length < BACKFILL_LOCATIONS_PAGE) break;
      after = last;
    }
    return c.json<BackfillResponse>({ locations, sessions_copied: sessions });
  })

  .get("/users", requireSuperAdmin, query(userSearchQuery), async (c) => {
    const { search } = c.req.valid("query");
    return c.json<AdminUsersResponse>({ users: await searchUsers(c.get("db"), search) });
  })

  .post("/users/:userId/vip", requireSuperAdmin, params(userParams), jsonBody(vipRequest), async (c) => {
    const { is_vip } = c.req.valid("json");
    const { userId } = c.req.valid("param");
    const user = await setVip(c.get("db"), c.get("superAdmin").username, userId, is_vip);
    if (!user) throw notFound(USER_NOT_FOUND);
    return c.json<VipResponse>({ user });
  });
