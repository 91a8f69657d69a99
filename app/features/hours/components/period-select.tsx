import type { MonthOption } from "@contracts/hours";
import type { PayPeriodOption } from "@contracts/pay";
import { useId } from "react";

type Props = {
  value: string;
  months: MonthOption[];
  /** The location's pay periods, newest first, after the months. */
  payPeriods?: readonly PayPeriodOption[];
  /** Absent in the demo: shown disabled. */
  onChange?: (period: string) => void;
};

/** This week, then the months from the newest back to September 2025 (the product's first month), then the pay periods. */
export function PeriodSelect({ value, months, payPeriods = [], onChange }: Props) {
  const id = useId();
  return (
    <div className="period-select">
      <label htmlFor={id}>Period</label>
      <select id={id} value={value} disabled={!onChange} onChange={(e) => onChange?.(e.target.value)}>
        <option value="this_week">This week</option>
        {months.map((month) => (
          <option key={month.key} value={month.key}>
            {month.name}
          </option>
        ))}
        {payPeriods.length > 0 && (
          <optgroup label="Pay periods">
            {payPeriods.map((period) => (
              <option key={period.key} value={period.key}>
                Pay period {period.name}
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </div>
  );
}
