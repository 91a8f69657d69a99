import type { ChatResponse } from "../../../worker/contracts/assistant";
import type {
  AdminUsersResponse,
  SuperAdminAnalytics,
  SuperAdminLoginRequest,
  SuperAdminLoginResponse,
  VipResponse,
} from "../../../worker/contracts/super-admin";
import { apiRequest } from "../../lib/api";
import { superAdminSession } from "./storage";

// The console's calls, with the super admin session as a Bearer header (never the manager's).
const auth = (): Record<string, string> => {
  const id = superAdminSession.get();
  return id ? { Authorization: `Bearer ${id}` } : {};
};

export const superAdminApi = {
  login: (body: SuperAdminLoginRequest) =>
    apiRequest<SuperAdminLoginResponse>("POST", "/super-admin/login", { body }),
  logout: () => apiRequest<{ success: boolean }>("POST", "/super-admin/logout", { headers: auth() }),
  analytics: () => apiRequest<SuperAdminAnalytics>("GET", "/super-admin/analytics", { headers: auth() }),
  ask: (message: string) =>
    apiRequest<ChatResponse>("POST", "/super-admin/jarvis", { headers: auth(), body: { message } }),
  users: (search: string) =>
    apiRequest<AdminUsersResponse>("GET", `/super-admin/users?search=${encodeURIComponent(search)}`, {
      headers: auth(),
    }),
  setVip: (userId: string, isVip: boolean) =>
    apiRequest<VipResponse>("POST", `/super-admin/users/${encodeURIComponent(userId)}/vip`, {
      headers: auth(),
      body: { is_vip: isVip },
    }),
};
