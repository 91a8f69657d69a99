import type { Location } from "@contracts/locations";
import { safeTimeZone } from "@domain/local-time";
import type { LocalDate } from "@domain/time-zone";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { payRulesQuery } from "../pay";
import { timesheetQuery } from "./api";
import { datesFrom, mondayOf, todayIn, weekDates, weekKey } from "./time";

/** Weeks, Monday to Sunday; or the location's pay periods, which are approved and locked. */
export const MODES = [
  { id: "weeks", label: "Weeks" },
  { id: "pay", label: "Pay periods" },
] as const;
export type Mode = (typeof MODES)[number]["id"];

type Options = {
  location: Location;
  /** Opened to review: the heading takes the focus, and the view moves to the latest entry to review. */
  findReview?: boolean;
  /** Opened from a link to a pay period: that period, shown by pay period. */
  initialPayPeriod?: string;
};

/**
 * Which timesheet is shown (./components/timesheets-view.tsx): a week or a pay period, its days, and the
 * timesheet's answer for it.
 */
export function useTimesheetPeriod({ location, findReview, initialPayPeriod }: Options) {
  const heading = useRef<HTMLHeadingElement>(null);
  const timeZone = safeTimeZone(location.timezone);
  const today = todayIn(timeZone);
  const thisMonday = mondayOf(today);
  const [mode, setMode] = useState<Mode>(initialPayPeriod ? "pay" : "weeks");
  const [monday, setMonday] = useState<LocalDate>(thisMonday);
  // The chosen pay period's key; null (or a key a new schedule no longer has) is the current one.
  const [payKey, setPayKey] = useState<string | null>(initialPayPeriod ?? null);
  const payRules = useQuery({ ...payRulesQuery(location.id), enabled: mode === "pay" });
  const payPeriods = payRules.data?.pay_periods ?? [];
  const payPeriod =
    mode === "pay" ? (payPeriods.find((p) => p.key === payKey) ?? payPeriods[0] ?? null) : null;
  const periodKey = mode === "weeks" ? weekKey(monday) : (payPeriod?.key ?? null);
  const query = useQuery({
    ...timesheetQuery(location.id, periodKey ?? ""),
    enabled: periodKey !== null,
  });
  const dates = payPeriod ? datesFrom(payPeriod.start_date, payPeriod.end_date) : weekDates(monday);

  useEffect(() => {
    if (!findReview) return;
    heading.current?.focus();
  }, [findReview]);

  // Opened to review: once the answer says where the latest entry waiting for review is, go to its week
  // (unless the manager has moved to another week meanwhile).
  const latestReview = query.data?.latest_review_date ?? null;
  useEffect(() => {
    if (!findReview || !latestReview) return;
    setMonday((current) => (current === mondayOf(today) ? mondayOf(latestReview) : current));
  }, [findReview, latestReview, today]);

  return {
    heading,
    timeZone,
    today,
    thisMonday,
    mode,
    setMode,
    monday,
    setMonday,
    setPayKey,
    payRules,
    payPeriods,
    payPeriod,
    periodKey,
    query,
    dates,
  };
}

export type TimesheetPeriod = ReturnType<typeof useTimesheetPeriod>;
