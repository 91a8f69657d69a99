import { useCallback, useEffect, useState } from "react";
import type { BreakOverride, Customization } from "../../../../worker/contracts/settings";
import { UpgradeNote } from "../../../components/upgrade-hint";
import { locationSettingsApi } from "../../location-settings/api";
import { employeesApi } from "../api";

/** The location's break standard and the employees' own breaks, kept fresh with the tab. */
export function useBreaks(locationId: string, changes: number) {
  const [settings, setSettings] = useState<Customization | null>(null);
  const [overrides, setOverrides] = useState<BreakOverride[]>([]);
  const reload = useCallback(async () => {
    const [customization, list] = await Promise.allSettled([
      locationSettingsApi.get(locationId),
      employeesApi.breakOverrides(locationId),
    ]);
    if (customization.status === "fulfilled") setSettings(customization.value.customization);
    if (list.status === "fulfilled") setOverrides(list.value.overrides);
  }, [locationId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `changes` is the trigger to refetch
  useEffect(() => {
    void reload();
  }, [reload, changes]);
  return { settings, overrides, reload };
}

type Props = {
  settings: Pick<
    Customization,
    "standard_break_minutes" | "workday_hours" | "break_deduction_enabled"
  > | null;
  /** How many employees have their own break. */
  overrides: number;
  /** The plan includes per-employee breaks (the Breaks button). */
  employeeBreaks: boolean;
};

/** Break management in a few lines: what is deducted, and who has their own break. */
export function BreakInfo({ settings, overrides, employeeBreaks }: Props) {
  const minutes = settings?.standard_break_minutes ?? 30;
  const hours = settings?.workday_hours ?? 8;
  return (
    <section className="card break-info" aria-label="Break management">
      <p>
        <strong>Breaks.</strong>{" "}
        {settings?.break_deduction_enabled === false
          ? "Automatic break deduction is off for this location: every minute worked counts."
          : `A ${minutes}-minute break is deducted once a day, only on days worked over 6 hours; the standard workday is ${hours} hours (overtime after it).`}{" "}
        {employeeBreaks
          ? `Use Breaks to give someone their own break and workday${overrides > 0 ? ` (${overrides} ${overrides === 1 ? "employee has" : "employees have"} their own)` : ""}. The location's standard is set on the Hours tab.`
          : ""}
      </p>
      {!employeeBreaks && <UpgradeNote feature="employeeBreaks" />}
    </section>
  );
}
