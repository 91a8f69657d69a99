import type { Customization } from "@contracts/settings";
import { UpgradeNote } from "../../../components/upgrade-hint";

type Props = {
  settings: Pick<
    Customization,
    "standard_break_minutes" | "workday_hours" | "break_deduction_enabled"
  > | null;
  /** How many employees have their own break. */
  overrides: number;
  /** The plan includes per-employee breaks (the Breaks button). */
  employeeBreaks: boolean;
  /** The location's overtime pay in words ("None", "After 8 hours a day, at ×1.5"); absent without the rules. */
  overtime?: string | null;
};

/** Break management in a few lines: what is deducted, and who has their own break. */
export function BreakInfo({ settings, overrides, employeeBreaks, overtime = null }: Props) {
  const minutes = settings?.standard_break_minutes ?? 30;
  const hours = settings?.workday_hours ?? 8;
  return (
    <section className="card break-info" aria-label="Break management">
      <p>
        <strong>Breaks.</strong>{" "}
        {settings?.break_deduction_enabled === false
          ? "Automatic break deduction is off for this location: every minute worked counts."
          : `A ${minutes}-minute break is deducted once a day, only on days worked over 6 hours; the standard workday is ${hours} hours.`}{" "}
        {overtime !== null && `Overtime pay: ${overtime} (Hours → Overtime and pay codes).`}{" "}
        {employeeBreaks
          ? `Use Breaks to give someone their own break and workday${overrides > 0 ? ` (${overrides} ${overrides === 1 ? "employee has" : "employees have"} their own)` : ""}. The location's standard is set on the Hours tab.`
          : ""}
      </p>
      {!employeeBreaks && <UpgradeNote feature="employeeBreaks" />}
    </section>
  );
}
