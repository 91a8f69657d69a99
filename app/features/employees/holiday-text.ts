import type { WorkerHoliday } from "@contracts/holiday";

// A worker's holiday for their leave year in one line under their name in the Employees tab
// (docs/compliance.md, "Holiday for every worker").

const figure = (value: number) => value.toLocaleString("en-GB", { maximumFractionDigits: 2 });

const unitOf = (value: number, unit: WorkerHoliday["unit"]) =>
  unit === "days" ? (Math.abs(value) === 1 ? "day" : "days") : Math.abs(value) === 1 ? "hour" : "hours";

/** "Holiday: 21 of 28 days left, 2 booked", "Holiday: 10.5 hours left of 14 accrued", or what is missing. */
export function holidayText(holiday: WorkerHoliday): string {
  if (holiday.remaining === null) return `Holiday: ${holiday.missing ?? "not known yet"}`;
  const left = `${figure(holiday.remaining)} ${unitOf(holiday.remaining, holiday.unit)}`;
  const booked = holiday.booked > 0 ? `, ${figure(holiday.booked)} booked` : "";
  if (holiday.rule === "accrual") {
    return `Holiday: ${left} left of ${figure((holiday.accrued ?? 0) + holiday.carried_over)} accrued${booked}`;
  }
  const total = (holiday.entitlement ?? 0) + holiday.carried_over;
  return `Holiday: ${figure(holiday.remaining)} of ${figure(total)} ${unitOf(total, holiday.unit)} left${booked}`;
}
