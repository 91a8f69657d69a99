import { useId } from "react";
import { SegmentedToggle } from "../../../components/segmented-toggle";
import { WeekNav } from "../../../components/week-nav";
import { FIRST_MONDAY } from "../time";
import { MODES, type TimesheetPeriod } from "../use-timesheet-period";

type Props = Pick<
  TimesheetPeriod,
  "mode" | "setMode" | "monday" | "setMonday" | "thisMonday" | "payPeriods" | "payPeriod" | "setPayKey"
>;

/** Weeks | Pay periods, then the week's arrows or the pay period's list. */
export function TimesheetsControls({
  mode,
  setMode,
  monday,
  setMonday,
  thisMonday,
  payPeriods,
  payPeriod,
  setPayKey,
}: Props) {
  const payPeriodId = useId();
  return (
    <div className="timesheets__controls">
      <SegmentedToggle legend="Show timesheets by" options={MODES} value={mode} onChange={setMode} small />
      {mode === "weeks" ? (
        <div className="timesheets__nav">
          <WeekNav monday={monday} thisMonday={thisMonday} firstMonday={FIRST_MONDAY} onChange={setMonday} />
        </div>
      ) : (
        payPeriods.length > 0 && (
          <div className="period-select">
            <label htmlFor={payPeriodId}>Pay period</label>
            <select id={payPeriodId} value={payPeriod?.key ?? ""} onChange={(e) => setPayKey(e.target.value)}>
              {payPeriods.map((p, index) => (
                <option key={p.key} value={p.key}>
                  {index === 0 ? `${p.name} (current)` : p.name}
                </option>
              ))}
            </select>
          </div>
        )
      )}
    </div>
  );
}
