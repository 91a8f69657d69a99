import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { leaveAnalyticsQuery } from "../api";
import { type AnalyticsPeriod, LeaveAnalyticsView } from "./leave-analytics-view";

/** The card on the Employees tab: fetched again when the period changes or the location's staff change. */
export function LeaveAnalyticsCard({ locationId }: { locationId: string }) {
  const [period, setPeriod] = useState<AnalyticsPeriod>("this_month");
  // The last period's figures stay on screen until the new period's arrive.
  const { data } = useQuery({
    ...leaveAnalyticsQuery(locationId, period),
    placeholderData: keepPreviousData,
  });
  return <LeaveAnalyticsView data={data ?? null} period={period} onPeriod={setPeriod} />;
}
