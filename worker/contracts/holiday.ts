// Each worker's holiday for their leave year (docs/compliance.md, "Holiday for every worker"):
// GET /api/manager/compliance/{locationId}/holiday/years. Figures only, never pay.

export type WorkerHoliday = {
  employee_id: string;
  name: string;
  /** "accrual": 12.07% of hours worked (Great Britain, irregular hours); "pattern": 5.6 weeks of their week. */
  rule: "accrual" | "pattern";
  /** What the figures count: days where a regular week's days are recorded, otherwise hours. */
  unit: "days" | "hours";
  /** YYYY-MM-DD, both days included. */
  leave_year_start: string;
  leave_year_end: string;
  /** The leave year's statutory holiday, pro rata for a joiner or leaver; for "accrual", its 5.6-week cap. */
  entitlement: number | null;
  /** Earned so far: for "accrual", by the ended pay periods; in the first year of employment, a twelfth a month. */
  accrued: number | null;
  carried_over: number;
  /** Days on holiday up to today (with bank holidays where the location takes them from holiday). */
  taken: number;
  /** Booked from tomorrow to the leave year's end. */
  booked: number;
  remaining: number | null;
  /** Why a figure is missing, in words for a manager; null when nothing is. */
  missing: string | null;
};

export type WorkerHolidayResponse = {
  location_id: string;
  /** The location's bank holidays are Northern Ireland's: no 12.07% accrual (NI 2016 regs). */
  northern_ireland: boolean;
  bank_holidays_from_leave: boolean;
  employees: WorkerHoliday[];
};

export const NO_WORKING_WEEK = "Record their days or hours a week to work out their holiday";
