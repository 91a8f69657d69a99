import type { XeroEarningsRatesRequest, XeroEmployeeLinksRequest } from "@contracts/xero";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, data } from "../../../lib/api";
import { queryKeys } from "../../../lib/server-state";

// Xero Payroll UK (docs/xero.md): the connection, the matches, and the periods sent.

const xero = api.manager.xero;
const xeroKey = [...queryKeys.user, "xero"] as const;

export const xeroStatusQuery = queryOptions({
  queryKey: [...xeroKey, "status"],
  queryFn: ({ signal }) => data(xero.$get({}, { init: { signal } })),
});

export const xeroEmployeesQuery = queryOptions({
  queryKey: [...xeroKey, "employees"],
  queryFn: ({ signal }) => data(xero.employees.$get({}, { init: { signal } })),
  meta: { errorToast: "Xero's employees could not be read." },
});

export const xeroRatesQuery = queryOptions({
  queryKey: [...xeroKey, "earnings-rates"],
  queryFn: ({ signal }) => data(xero["earnings-rates"].$get({}, { init: { signal } })),
  meta: { errorToast: "Xero's earnings rates could not be read." },
});

/** The location's sends; asked again every two seconds while any is still waiting in the queue. */
export const xeroSendsQuery = (locationId: string) =>
  queryOptions({
    queryKey: [...xeroKey, "sends", locationId],
    queryFn: ({ signal }) =>
      data(xero.sends[":locationId"].$get({ param: { locationId } }, { init: { signal } })),
    refetchInterval: (query) => (query.state.data?.sends.some((s) => s.status === "queued") ? 2000 : false),
  });

/** Starts Xero's sign-in: the browser goes to Xero and comes back to the dashboard. */
export const useConnectXero = () =>
  useMutation({
    mutationFn: () => data(xero.connect.$post()),
    meta: { errorToast: "Xero could not be connected." },
    onSuccess: ({ authorize_url }) => window.location.assign(authorize_url),
  });

function useXeroChange<T>(change: (body: T) => Promise<unknown>, errorToast: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    meta: { errorToast },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: xeroKey }),
  });
}

export const useDisconnectXero = () =>
  useXeroChange(() => data(xero.$delete()), "Xero could not be disconnected.");
export const useChooseOrganisation = () =>
  useXeroChange(
    (tenant_id: string) => data(xero.organisation.$put({ json: { tenant_id } })),
    "The organisation could not be chosen.",
  );
export const useSaveMatches = () =>
  useXeroChange(
    (json: XeroEmployeeLinksRequest) => data(xero.employees.$put({ json })),
    "The matches could not be saved.",
  );
export const useSaveRates = () =>
  useXeroChange(
    (json: XeroEarningsRatesRequest) => data(xero["earnings-rates"].$put({ json })),
    "The earnings rates could not be saved.",
  );
export const useSendToXero = (locationId: string) =>
  useXeroChange(
    (period: string) => data(xero.sends[":locationId"].$post({ param: { locationId }, json: { period } })),
    "The period could not be sent to Xero.",
  );
