import type { AcceptInvitationRequest, InviteRequest, UpdateMemberRequest } from "@contracts/team";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, data, publicApi } from "../../lib/api";

// The account's team (docs/team.md): members, invitations, ownership, and the accept page's two calls.

const team = api.manager.team;
const invitations = team.invitations;
const invitationLink = publicApi.team.invitations[":token"];

export const teamQuery = queryOptions({
  queryKey: ["team"] as const,
  queryFn: ({ signal }) => data(team.$get({}, { init: { signal } })),
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
    (body: InviteRequest) => data(invitations.$post({ json: body })),
    "The invitation could not be sent",
  );

export const useResendInvitation = () =>
  useTeamChange(
    (invitationId: string) => data(invitations[":invitationId"].resend.$post({ param: { invitationId } })),
    "The invitation could not be sent again",
  );

export const useRevokeInvitation = () =>
  useTeamChange(
    (invitationId: string) => data(invitations[":invitationId"].$delete({ param: { invitationId } })),
    "The invitation could not be revoked",
  );

export const useUpdateMember = () =>
  useTeamChange(
    ({ id, body }: { id: string; body: UpdateMemberRequest }) =>
      data(team[":memberId"].$put({ param: { memberId: id }, json: body })),
    "The member could not be saved",
  );

export const useRemoveMember = () =>
  useTeamChange(
    (memberId: string) => data(team[":memberId"].$delete({ param: { memberId } })),
    "The member could not be removed",
  );

export const useTransferOwnership = () =>
  useTeamChange(
    (body: { member_id: string; password: string }) => data(team["transfer-ownership"].$post({ json: body })),
    "Ownership could not be transferred",
  );

/** What the accept page shows: who invited whom to what. The token travels only in this path. */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ["invitation", token] as const,
    queryFn: () => data(invitationLink.$get({ param: { token } })),
  });

export const acceptInvitation = (token: string, body: AcceptInvitationRequest) =>
  data(invitationLink.accept.$post({ param: { token }, json: body }));
