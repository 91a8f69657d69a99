import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { DEFAULT_PERIOD, staffHoursQuery } from "./api";

const SEARCH_DEBOUNCE_MS = 500;

/**
 * Staff hours for a location and period, searched 500 ms after typing stops. A newer search
 * cancels the request before it, and the last answer stays on screen until the new one arrives.
 */
export function useStaffHours(locationId: string, period: string, search: string) {
  const settledSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim();
  const query = useQuery({
    ...staffHoursQuery(locationId, period, settledSearch),
    placeholderData: keepPreviousData,
  });
  return {
    data: query.data ?? null,
    loading: query.isFetching,
    failed: query.isError,
    reload: () => void query.refetch(),
  };
}

/**
 * How many sessions at the location the hub closed after a forgotten clock-out and nobody has reviewed: the
 * Hours tab's badge. The count is the location's whatever the period, so it is read from the staff hours the
 * tab opens on (the same query, fetched once for both); a save of the break settings refreshes it with them.
 */
export function useSessionsNeedingReview(locationId: string): number {
  const query = useQuery({
    ...staffHoursQuery(locationId, DEFAULT_PERIOD, ""),
    select: (data) => data.sessions_needing_review,
    // Quiet when it fails: the Hours tab says so itself.
    meta: {},
  });
  return query.data ?? 0;
}
