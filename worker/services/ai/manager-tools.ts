import { ANALYTICS_PERIOD_KEYS } from "../../domain/periods";
import { ASSISTANT_PERIODS, type ManagerData, type WorkingTimeWeek } from "./manager-data";
import {
  type AssistantTool,
  NO_PARAMETERS,
  oneOfArg,
  stringArg,
  TOOL_RESULTS_ARE_DATA,
  type ToolParameters,
} from "./tools";

// The managers' assistant's tools: thin wrappers over managerData, which is bound to the caller.

const LOCATION_ID = {
  type: "string",
  description: "Optional: one location's id (from list_locations). Leave out to cover every location.",
} as const;

const withLocation = (properties: ToolParameters["properties"] = {}): ToolParameters => ({
  type: "object",
  properties: { ...properties, location_id: LOCATION_ID },
  additionalProperties: false,
});

const WORKING_TIME_WEEKS: readonly WorkingTimeWeek[] = ["this_week", "last_week"];

export function managerTools(data: ManagerData): AssistantTool[] {
  return [
    {
      name: "list_locations",
      description: "The manager's locations (id and name).",
      parameters: NO_PARAMETERS,
      run: () => data.locations(),
    },
    {
      name: "live_status",
      description: "Who is checked in right now and who has checked out today, with the day's counters.",
      parameters: withLocation(),
      run: (args) => data.liveStatus(stringArg(args, "location_id")),
    },
    {
      name: "staff_hours",
      description:
        "Hours worked per employee (breaks deducted) for a period: today, yesterday, this_week, last_week, this_month, last_month, or month_YYYY_M such as month_2026_3.",
      parameters: withLocation({
        period: {
          type: "string",
          description: `${ASSISTANT_PERIODS.join(", ")} or month_YYYY_M (from month_2025_9)`,
        },
      }),
      run: (args) =>
        data.staffHours(stringArg(args, "period") ?? "this_week", stringArg(args, "location_id")),
    },
    {
      name: "leave_analytics",
      description:
        "Leave days taken by type (holiday, sick_leave, personal_leave, parental_leave, training, custom) and today's status counts.",
      parameters: withLocation({
        period: { type: "string", description: "ytd, this_month or this_week", enum: ANALYTICS_PERIOD_KEYS },
      }),
      run: (args) =>
        data.leaveAnalytics(
          oneOfArg(args, "period", ANALYTICS_PERIOD_KEYS, "ytd"),
          stringArg(args, "location_id"),
        ),
    },
    {
      name: "employees",
      description:
        "Employees with their current status (active, holiday, sick_leave…), active flag and whether they are in.",
      parameters: withLocation(),
      run: (args) => data.employees(stringArg(args, "location_id")),
    },
    {
      name: "late_arrivals",
      description: "Employees whose first check-in of a day was after the location's workday start time.",
      parameters: withLocation({
        period: { type: "string", description: ASSISTANT_PERIODS.join(", "), enum: ASSISTANT_PERIODS },
      }),
      run: (args) =>
        data.lateArrivals(
          oneOfArg(args, "period", ASSISTANT_PERIODS, "today"),
          stringArg(args, "location_id"),
        ),
    },
    {
      name: "planned_against_actual",
      description:
        "The published rota against the clock, per employee for a period: planned hours, hours worked, how many times and how many minutes they checked in after their shift's start, no-shows (a shift passed with no clock-in) and shifts worked with none planned. has_rota false means no published shifts in that period. Answer questions such as who was late most this month, or who missed shifts, from this.",
      parameters: withLocation({
        period: {
          type: "string",
          description: `${ASSISTANT_PERIODS.join(", ")} or month_YYYY_M (from month_2025_9)`,
        },
      }),
      run: (args) =>
        data.plannedAgainstActual(stringArg(args, "period") ?? "this_week", stringArg(args, "location_id")),
    },
    {
      name: "working_time_breaches",
      description:
        "UK working-time checks from the clock data: breaches of rest breaks, 11-hour daily rest, weekly rest, the 48-hour average, young workers' limits and the minimum wage, for this week or last week and the 17 weeks before, with each employee's 17-week average. Answer questions such as who broke the 11-hour rest rule from this, never by guessing.",
      parameters: withLocation({
        week: { type: "string", description: "this_week or last_week", enum: WORKING_TIME_WEEKS },
      }),
      run: (args) =>
        data.workingTime(
          oneOfArg(args, "week", WORKING_TIME_WEEKS, "this_week"),
          stringArg(args, "location_id"),
        ),
    },
    {
      name: "holiday_balances",
      description:
        "Each worker's statutory holiday for their current leave year, in days or hours (never pay): entitlement, accrued, carried over, taken, booked and remaining, and which rule applies. Answer questions such as how much holiday someone has left from this.",
      parameters: withLocation(),
      run: (args) => data.holiday(stringArg(args, "location_id")),
    },
  ];
}

export const MANAGER_SYSTEM_PROMPT = [
  "You are the assistant in Clocked, a UK time-and-attendance dashboard, answering a manager about their own business.",
  "Use the tools to look facts up; never invent names or figures. If a tool says a location was not found, say so.",
  "Answer briefly in British English, with times in 24-hour UK format and durations like 7h 30m.",
  "You cannot change anything: you only read data.",
  TOOL_RESULTS_ARE_DATA,
].join(" ");
