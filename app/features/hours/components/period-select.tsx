import type { MonthOption } from "@contracts/hours";
import { useId } from "react";

type Props = {
  value: string;
  months: MonthOption[];
  /** Absent in the demo: shown disabled. */
  onChange?: (period: string) => void;
};

/** This week, then the months from the newest back to September 2025 (spec §4). */
export function PeriodSelect({ value, months, onChange }: Props) {
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
      </select>
    </div>
  );
}
