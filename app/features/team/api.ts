import type { LoginResponse } from "@contracts/auth";
import type {
  AcceptInvitationRequest,
  InvitationView,
  InviteRequest,
  TeamResponse,
  UpdateMemberRequest,
} from "@contracts/team";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { fetchOrFail } from "../../lib/http";
import { managerSession } from "../../lib/session";

// The account's team (docs/team.md): members, invitations, ownership, and the accept page's two calls.

type Method = "GET" | "POST" | "PUT" | "DELETE";

async function call<T>(method: Method, path: string, body?: unknown, signedIn = true): Promise<T> {
  const headers = new Headers();
  const token = managerSession.get()?.session_id;
  if (signedIn && token) headers.set("Authorization", `Bearer ${token}`);
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const response = await fetchOrFail(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as T;
}

const segment = encodeURIComponent;

export const teamQuery = queryOptions({
  queryKey: ["team"] as const,
  queryFn: () => call<TeamResponse>("GET", "/api/manager/team"),
});

/** A change to the team: the list is fetched again, the server's detail toasted on failure. */
function useTeamChange<Input, Output>(run: (input: Input) => Promise<Output>, errorToast: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { errorToast },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQuery.queryKey }),
  });
}

export const useInvite = () =>
  useTeamChange(
    (body: InviteRequest) => call("POST", "/api/manager/team/invitations", body),
    "The invitation could not be sent",
  );

export const useResendInvitation = () =>
  useTeamChange(
    (id: string) => call("POST", `/api/manager/team/invitations/${segment(id)}/resend`),
    "The invitation could not be sent again",
  );

export const useRevokeInvitation = () =>
  useTeamChange(
    (id: string) => call("DELETE", `/api/manager/team/invitations/${segment(id)}`),
    "The invitation could not be revoked",
  );

export const useUpdateMember = () =>
  useTeamChange(
    ({ id, body }: { id: string; body: UpdateMemberRequest }) =>
      call<{ signed_out: boolean }>("PUT", `/api/manager/team/${segment(id)}`, body),
    "The member could not be saved",
  );

export const useRemoveMember = () =>
  useTeamChange(
    (id: string) => call<{ message: string }>("DELETE", `/api/manager/team/${segment(id)}`),
    "The member could not be removed",
  );

export const useTransferOwnership = () =>
  useTeamChange(
    (body: { member_id: string; password: string }) =>
      call<{ message: string }>("POST", "/api/manager/team/transfer-ownership", body),
    "Ownership could not be transferred",
  );

/** What the accept page shows: who invited whom to what. The token travels only in this path. */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ["invitation", token] as const,
    queryFn: () => call<InvitationView>("GET", `/api/team/invitations/${segment(token)}`, undefined, false),
  });

export const acceptInvitation = (token: string, body: AcceptInvitationRequest) =>
  call<LoginResponse>("POST", `/api/team/invitations/${segment(token)}/accept`, body, false);
