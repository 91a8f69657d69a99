import type { CreateEndpointRequest, UpdateEndpointRequest } from "@contracts/webhooks";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, data } from "../../../lib/api";

// Settings → Integrations → Webhooks (docs/webhooks.md): the account's endpoints and their delivery logs.

const webhooks = api.manager.webhooks;
const one = webhooks[":endpointId"];

export const endpointsQuery = queryOptions({
  queryKey: ["webhooks"] as const,
  queryFn: ({ signal }) => data(webhooks.$get({}, { init: { signal } })),
});

export const deliveriesQuery = (endpointId: string) =>
  queryOptions({
    queryKey: ["webhooks", endpointId, "deliveries"] as const,
    queryFn: ({ signal }) => data(one.deliveries.$get({ param: { endpointId } }, { init: { signal } })),
    // Deliveries move on their own (retries): the open log follows them.
    refetchInterval: 5000,
  });

function useWebhooksChange<Input, Output>(run: (input: Input) => Promise<Output>, errorToast: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { errorToast },
    onSettled: () => queryClient.invalidateQueries({ queryKey: endpointsQuery.queryKey }),
  });
}

export const useCreateEndpoint = () =>
  useWebhooksChange(
    (body: CreateEndpointRequest) => data(webhooks.$post({ json: body })),
    "The endpoint could not be added",
  );

export const useUpdateEndpoint = () =>
  useWebhooksChange(
    ({ endpointId, body }: { endpointId: string; body: UpdateEndpointRequest }) =>
      data(one.$put({ param: { endpointId }, json: body })),
    "The endpoint could not be saved",
  );

export const useDeleteEndpoint = () =>
  useWebhooksChange(
    (endpointId: string) => data(one.$delete({ param: { endpointId } })),
    "The endpoint could not be deleted",
  );

export const useRotateSecret = () =>
  useWebhooksChange(
    (endpointId: string) => data(one["rotate-secret"].$post({ param: { endpointId } })),
    "The secret could not be changed",
  );

export const useSendTest = () =>
  useWebhooksChange(
    (endpointId: string) => data(one.test.$post({ param: { endpointId } })),
    "The test event could not be sent",
  );

export const useResend = () =>
  useWebhooksChange(
    ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      data(one.deliveries[":deliveryId"].resend.$post({ param: { endpointId, deliveryId } })),
    "The delivery could not be sent again",
  );
