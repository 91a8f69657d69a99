import type { CreateApiKeyRequest } from "@contracts/api-keys";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, data } from "../../../lib/api";

// Settings → Integrations → API keys (docs/public-api.md): the account's keys and its pay-data choice.

const keys = api.manager["api-keys"];

export const apiKeysQuery = queryOptions({
  queryKey: ["api-keys"] as const,
  queryFn: ({ signal }) => data(keys.$get({}, { init: { signal } })),
});

function useKeysChange<Input, Output>(run: (input: Input) => Promise<Output>, errorToast: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { errorToast },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  });
}

export const useCreateApiKey = () =>
  useKeysChange(
    (body: CreateApiKeyRequest) => data(keys.$post({ json: body })),
    "The key could not be created",
  );

export const useRevokeApiKey = () =>
  useKeysChange(
    (keyId: string) => data(keys[":keyId"].$delete({ param: { keyId } })),
    "The key could not be revoked",
  );

export const useApiPayData = () =>
  useKeysChange(
    (allowed: boolean) => data(keys["pay-data"].$put({ json: { api_pay_data: allowed } })),
    "The choice could not be saved",
  );
