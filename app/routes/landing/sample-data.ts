import type { Employee } from "@contracts/employees";
import type { LeaveAnalyticsResponse, PeriodInfo, StaffHoursRow } from "@contracts/hours";
import type { LiveStatus } from "@contracts/live";

// The landing page's demo: a café-bakery with six staff on Pro, made up, never fetched.
export const DEMO_LOCATION = { id: "demo", name: "Harbour Street Bakery", timezone: "Europe/London" };

const person = (
  id: string,
  first_name: string,
  last_name: string,
  extra: Partial<Employee> = {},
): Employee => ({
  id,
  location_id: DEMO_LOCATION.id,
  first_name,
  last_name,
  username: `${first_name}${last_name[0]}`.toLowerCase(),
  email: null,
  active: true,
  staff_app_invited_at: null,
  current_status: "active",
  status_note: null,
  status_start_date: null,
  status_end_date: null,
  checked_in: false,
  ...extra,
});

export const DEMO_EMPLOYEES: Employee[] = [
  person("e1", "Amira", "Hassan", { checked_in: true }),
  person("e2", "Callum", "Reid", { checked_in: true }),
  person("e3", "Freya", "Lloyd", { checked_in: true }),
  person("e4", "Jamal", "Osei", {
    current_status: "holiday",
    status_note: "Back Monday",
    status_start_date: "2026-11-16",
    status_end_date: "2026-11-22",
  }),
  person("e5", "Niamh", "Byrne"),
  person("e6", "Tom", "Fletcher", { active: false }),
];

export const DEMO_LIVE_STATUS: LiveStatus = {
  kpis: { employees_checked_in: 3, total_checkins_today: 4, open_sessions: 3, on_break: 1 },
  checked_in: [
    { id: "e1", session_id: "s1", name: "Amira Hassan", time: "06:58", at: "2026-11-20T06:58:00.000Z" },
    { id: "e2", session_id: "s2", name: "Callum Reid", time: "07:31", at: "2026-11-20T07:31:00.000Z" },
    { id: "e3", session_id: "s3", name: "Freya Lloyd", time: "09:02", at: "2026-11-20T09:02:00.000Z" },
  ],
  on_break: [
    { id: "e2", session_id: "s2", name: "Callum Reid", time: "11:45", at: "2026-11-20T11:45:00.000Z" },
  ],
  checked_out: [{ id: "e5", name: "Niamh Byrne", time: "11:30", at: "2026-11-20T11:30:00.000Z" }],
  date: "2026-11-20",
  timezone: "Europe/London",
  pin_alerts: [],
  warnings: [],
  offline_refused: [],
  locked_out: [],
  on_leave_today: [],
  due_soon: [],
  late: [
    {
      id: "e3",
      name: "Freya Lloyd",
      shift_id: "r3",
      shift: "08:45–16:45",
      role: "Barista",
      start_at: "2026-11-20T08:45:00.000Z",
      end_at: "2026-11-20T16:45:00.000Z",
      minutes: 17,
      arrived_at: "2026-11-20T09:02:00.000Z",
    },
  ],
  no_show: [],
  unscheduled: [],
  left_early: [],
};

const row = (
  employee_id: string,
  name: string,
  minutes: number,
  days: number,
  extra: Partial<StaffHoursRow> = {},
) => {
  const text = `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
  return {
    employee_id,
    name,
    username: name
      .split(" ")
      .map((part, i) => (i === 0 ? part : part[0]))
      .join("")
      .toLowerCase(),
    total_minutes_absolute: minutes,
    formatted_hours: text,
    formatted_time: text,
    gross_minutes: minutes + days * 30,
    worked_minutes: minutes,
    break_minutes: days * 30,
    overtime_minutes: Math.max(0, minutes - days * 480),
    days_worked: days,
    break_assumed_days: days,
    open_sessions: 0,
    in_progress: false,
    deleted: false,
    ...extra,
  } satisfies StaffHoursRow;
};

export const DEMO_PERIOD: PeriodInfo = {
  period: "this_week",
  period_name: "This week",
  start_date: "2026-11-16",
  end_date: "2026-11-22",
};

export const DEMO_STAFF_HOURS: StaffHoursRow[] = [
  row("e1", "Amira Hassan", 2430, 5, { open_sessions: 1, in_progress: true }),
  row("e2", "Callum Reid", 2265, 5, { open_sessions: 1, in_progress: true }),
  row("e5", "Niamh Byrne", 1890, 4),
  row("e3", "Freya Lloyd", 1320, 3, { open_sessions: 1, in_progress: true }),
  row("e6", "Tom Fletcher", 480, 1),
  row("e4", "Jamal Osei", 0, 0),
];

export const DEMO_BREAK_SETTINGS = {
  workday_hours: 8,
  workday_start_time: "07:00",
  workday_end_time: "15:00",
  standard_break_minutes: 30,
  break_deduction_enabled: true,
  record_breaks: true,
  auto_close_after_hours: 14,
};

const leave = (holiday: number, sick_leave: number, period: PeriodInfo): LeaveAnalyticsResponse => ({
  leave_analytics: {
    total_employees: 6,
    employees_on_leave: 1,
    employees_with_leave: holiday + sick_leave > 0 ? 2 : 0,
    leave_breakdown: { holiday, sick_leave, personal_leave: 0, parental_leave: 0, training: 1, custom: 0 },
    current_status_breakdown: {
      active: 5,
      holiday: 1,
      sick_leave: 0,
      personal_leave: 0,
      parental_leave: 0,
      training: 0,
      custom: 0,
    },
  },
  period_info: period,
});

export const DEMO_LEAVE: Record<"ytd" | "this_month" | "this_week", LeaveAnalyticsResponse> = {
  ytd: leave(41, 9, {
    period: "ytd",
    period_name: "Year to date",
    start_date: "2026-01-01",
    end_date: "2026-11-20",
  }),
  this_month: leave(5, 2, {
    period: "this_month",
    period_name: "This month",
    start_date: "2026-11-01",
    end_date: "2026-11-20",
  }),
  this_week: leave(5, 0, DEMO_PERIOD),
};
