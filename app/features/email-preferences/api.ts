import type { EmailPreferences } from "@contracts/email-preferences";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, data } from "../../lib/api";
import { queryKeys } from "../../lib/server-state";

// The signed-in person's own e-mail choices (docs/team.md, "Mail").

const preferences = api.user["email-preferences"];
const preferencesKey = [...queryKeys.user, "email-preferences"] as const;

export const emailPreferencesQuery = () =>
  queryOptions({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => data(preferences.$get({}, { init: { signal } })),
  });

export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailPreferences) => data(preferences.$put({ json: body })),
    meta: { errorToast: "Your e-mail choices could not be saved" },
    onSuccess: (answer) => queryClient.setQueryData(preferencesKey, answer),
  });
}
