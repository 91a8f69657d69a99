// An employee's status today and how it is shown, free of zod: Live Status (the dashboard's first screen)
// labels who is on leave with them, and zod loads only with what needs it (docs/performance.md).

export const EMPLOYEE_STATUSES = [
  "active",
  "holiday",
  "sick_leave",
  "personal_leave",
  "parental_leave",
  "training",
  "custom",
] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

export const STATUS_LABELS: Record<EmployeeStatus, string> = {
  active: "Active",
  holiday: "Holiday",
  sick_leave: "Sick Leave",
  personal_leave: "Personal Leave",
  parental_leave: "Parental Leave",
  training: "Training",
  custom: "Custom",
};

/** An unknown stored status displays as active. */
export const statusOf = (value: string): EmployeeStatus =>
  (EMPLOYEE_STATUSES as readonly string[]).includes(value) ? (value as EmployeeStatus) : "active";
