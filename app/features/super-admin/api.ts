import type { SuperAdminLoginRequest } from "@contracts/super-admin";
import { queryOptions } from "@tanstack/react-query";
import { ApiFailure, apiWithBearer, data } from "../../lib/api";
import { queryClient, queryKeys } from "../../lib/server-state";
import { superAdminSession } from "./storage";

// The console's calls, with the super admin's own session as a Bearer header (never the manager's).
const superAdminApi = /* @__PURE__ */ apiWithBearer(superAdminSession.get)["super-admin"];

export const signIn = (body: SuperAdminLoginRequest) => data(superAdminApi.login.$post({ json: body }));

/** Ends the session here whatever the server says, and forgets what it fetched. */
export async function signOut() {
  try {
    await data(superAdminApi.logout.$post());
  } catch {
    // Signing out locally matters more than the server's answer.
  }
  forget();
}

function forget() {
  superAdminSession.set(null);
  queryClient.removeQueries({ queryKey: queryKeys.superAdmin });
}

export const REFRESH_MS = 30_000;

/** Spec §4, §8: refreshed every 30 seconds; a failure is logged only, and a 401 signs the super admin out. */
export const analyticsQuery = queryOptions({
  queryKey: [...queryKeys.superAdmin, "analytics"],
  queryFn: async () => {
    try {
      return await data(superAdminApi.analytics.$get());
    } catch (error) {
      console.error("Super admin analytics failed", error);
      if (error instanceof ApiFailure && error.status === 401) forget();
      throw error;
    }
  },
  refetchInterval: REFRESH_MS,
  refetchIntervalInBackground: true,
});

export const usersQuery = (search: string) =>
  queryOptions({
    queryKey: [...queryKeys.superAdmin, "users", search],
    queryFn: () => data(superAdminApi.users.$get({ query: { search } })),
    meta: { errorToast: "Could not search accounts" },
  });

export const setVip = (userId: string, is_vip: boolean) =>
  data(superAdminApi.users[":userId"].vip.$post({ param: { userId }, json: { is_vip } }));

export const askPlatformAssistant = (message: string) =>
  data(superAdminApi.jarvis.$post({ json: { message } }));
