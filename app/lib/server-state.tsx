import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { detailOr } from "./http";
import { managerSession } from "./session";
import { toast } from "./toast";

// Server state (what the API says) lives in TanStack Query's cache: screens read it with useQuery and
// change it with useMutation, which invalidates what the change made stale. Loading, errors and refetches
// are handled here once. The 401/402 sign-out rule sits lower, in the client (./api.ts), so it also
// covers downloads, uploads and the live socket's tickets.

type ServerStateMeta = {
  /** A failure is toasted with the server's detail, or this text when it has none. */
  errorToast?: string;
};

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: ServerStateMeta;
    mutationMeta: ServerStateMeta;
  }
}

function toastFailure(error: unknown, meta: ServerStateMeta | undefined) {
  if (meta?.errorToast) toast.error(detailOr(error, meta.errorToast));
}

export const queryClient = /* @__PURE__ */ new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => toastFailure(error, query.meta) }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _result, mutation) => toastFailure(error, mutation.meta),
  }),
  defaultOptions: {
    // As the screens always behaved: one request, its failure shown at once, no refetch behind the
    // manager's back (a pushed change or a mutation says when data is stale), and no pause while the
    // browser believes it is offline (the call fails and says so).
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      networkMode: "always",
    },
    mutations: { retry: false, networkMode: "always" },
  },
});

/**
 * Query keys. Every query about one location starts with `location(id)`, and those its staff changes
 * make stale (a punch, a new employee, a status) with `staff(id)`: the location's hub push invalidates
 * exactly those.
 */
export const queryKeys = {
  locations: ["locations"] as const,
  location: (locationId: string) => ["location", locationId] as const,
  staff: (locationId: string) => ["location", locationId, "staff"] as const,
  /** The location's paired kiosks: refetched when its hub says one was paired or unpaired. */
  devices: (locationId: string) => ["location", locationId, "kiosk-devices"] as const,
  user: ["user"] as const,
  superAdmin: ["super-admin"] as const,
};

/** The screens that read server state render inside this. Signing out drops what the session fetched. */
export function ServerState({ children }: { children: ReactNode }) {
  useEffect(() => {
    const stop = managerSession.subscribe(() => {
      if (!managerSession.get()) queryClient.removeQueries({ predicate: isManagerQuery });
    });
    return () => void stop();
  }, []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

const isManagerQuery = (query: { queryKey: readonly unknown[] }) =>
  query.queryKey[0] !== queryKeys.superAdmin[0];
