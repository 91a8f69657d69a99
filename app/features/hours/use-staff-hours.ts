import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { staffHoursQuery } from "./api";

const SEARCH_DEBOUNCE_MS = 500;

/**
 * Staff hours for a location and period, searched 500 ms after typing stops (spec §9). A newer search
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
