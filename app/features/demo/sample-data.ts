import type { Employee } from "../../../worker/contracts/employees";
import type { LiveStatus } from "../../../worker/contracts/live";

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
  active: true,
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
  kpis: { employees_checked_in: 3, total_checkins_today: 4, open_sessions: 3 },
  checked_in: [
    { id: "e1", session_id: "s1", name: "Amira Hassan", time: "06:58", at: "2026-11-20T06:58:00.000Z" },
    { id: "e2", session_id: "s2", name: "Callum Reid", time: "07:31", at: "2026-11-20T07:31:00.000Z" },
    { id: "e3", session_id: "s3", name: "Freya Lloyd", time: "09:02", at: "2026-11-20T09:02:00.000Z" },
  ],
  checked_out: [{ id: "e5", name: "Niamh Byrne", time: "11:30", at: "2026-11-20T11:30:00.000Z" }],
  date: "2026-11-20",
  timezone: "Europe/London",
};
