import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import type { StaffHoursResponse } from "../../../worker/contracts/hours";
import { detailOr } from "../../lib/api";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { hoursApi } from "./api";
import { STAFF_HOURS_FAILED } from "./components/staff-hours-view";

const SEARCH_DEBOUNCE_MS = 500;

/**
 * Staff hours for a location and period, searched 500 ms after typing stops (spec §9). A newer request
 * cancels the one before, so a slow answer for an old search never replaces a newer one.
 */
export function useStaffHours(locationId: string, period: string, search: string) {
  const settledSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [data, setData] = useState<StaffHoursResponse | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const current = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setLoading(true);
    try {
      setData(await hoursApi.staffHours(locationId, period, settledSearch, controller.signal));
      setFailed(false);
    } catch (error) {
      if (controller.signal.aborted) return;
      setFailed(true);
      toast.error(detailOr(error, STAFF_HOURS_FAILED));
    } finally {
      if (current.current === controller) setLoading(false);
    }
  }, [locationId, period, settledSearch]);

  useEffect(() => {
    void load();
    return () => current.current?.abort();
  }, [load]);

  return { data, loading, failed, reload: load };
}
