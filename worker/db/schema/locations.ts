import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

// Locations and what each one keeps in D1: its settings, its daily check-in counts and its weekly reports.

export const locations = sqliteTable(
  "locations",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    timezone: text("timezone").notNull().default("Europe/London"),
    createdAt: createdAt(),
    /** Locations are archived, not erased: their attendance records are pay records. */
    deletedAt: integer("deleted_at"),
  },
  (t) => [index("locations_user_idx").on(t.userId)],
);

/**
 * A location's customization: kiosk appearance and the break rules the hours engine applies.
 * One row per location, written the first time a manager saves; until then the defaults below apply.
 */
export const locationSettings = sqliteTable("location_settings", {
  locationId: text("location_id")
    .primaryKey()
    .references(() => locations.id),
  buttonShape: text("button_shape").notNull().default("rectangle"),
  backgroundTheme: text("background_theme").notNull().default("white"),
  /** R2 key of the uploaded logo (in the FILES bucket). */
  logoKey: text("logo_key"),
  logoFilename: text("logo_filename"),
  logoContentType: text("logo_content_type"),
  /** Only paired kiosk devices may punch for this location (variant B). */
  onlyPairedKiosks: integer("only_paired_kiosks", { mode: "boolean" }).notNull().default(false),
  workdayHours: real("workday_hours").notNull().default(8),
  workdayStartTime: text("workday_start_time").notNull().default("09:00"),
  workdayEndTime: text("workday_end_time").notNull().default("17:00"),
  standardBreakMinutes: integer("standard_break_minutes").notNull().default(30),
  breakDeductionEnabled: integer("break_deduction_enabled", { mode: "boolean" }).notNull().default(true),
  /** Staff clock their breaks at the kiosk (Start Break, End Break); off keeps the two original buttons (Check In, Check Out). */
  recordBreaks: integer("record_breaks", { mode: "boolean" }).notNull().default(false),
  /** A session still open this many hours after its check-in is closed by the location's hub; null: never. */
  autoCloseAfterHours: integer("auto_close_after_hours").default(14),
  /** The employer has determined that adults' weekly rest is taken over 14 days (WTR reg 11(2)). */
  weeklyRestFortnightly: integer("weekly_rest_fortnightly", { mode: "boolean" }).notNull().default(false),
  /** The sector whose exception to young workers' night work (WTR reg 27A) applies here; "none". */
  youngNightSector: text("young_night_sector").notNull().default("none"),
  /** Young workers' contracts here provide for work after 22:00: their restricted period is 23:00–07:00. */
  youngContractAfter22: integer("young_contract_after_22", { mode: "boolean" }).notNull().default(false),
  /** Bank holidays off are taken from regular-hours workers' statutory holiday (docs/compliance.md). */
  bankHolidaysFromLeave: integer("bank_holidays_from_leave", { mode: "boolean" }).notNull().default(false),
  /** The rota (docs/rota.md): minutes after a shift's start before a missing employee shows as late. */
  lateGraceMinutes: integer("late_grace_minutes").notNull().default(5),
  /** Minutes after a shift's start before a missing employee is a no-show (and managers are e-mailed). */
  noShowMinutes: integer("no_show_minutes").notNull().default(30),
  /** Pay to the rota: time before a shift's start, and after its end unless approved, is not paid. */
  payToRota: integer("pay_to_rota", { mode: "boolean" }).notNull().default(false),
  /** Open shifts (docs/staff-app.md): the first valid claim takes the shift without waiting for a manager. */
  autoApproveClaims: integer("auto_approve_claims", { mode: "boolean" }).notNull().default(false),
  /** Staff may clock in from their own phones within `phoneRadiusMetres` of the site (docs/staff-app.md). */
  phoneClockIn: integer("phone_clock_in", { mode: "boolean" }).notNull().default(false),
  /** The site's position, set by a manager standing there; null until then. */
  siteLatitude: real("site_latitude"),
  siteLongitude: real("site_longitude"),
  phoneRadiusMetres: integer("phone_radius_metres").notNull().default(150),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * Check-ins per location and UTC day: the control plane's roll-up of what each location's hub records. Hubs
 * report their day totals (not increments) through their outbox, so a repeated report changes nothing.
 * The super admin's figures read these rows, never the punches.
 */
export const locationDailyCheckIns = sqliteTable(
  "location_daily_check_ins",
  {
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id),
    /** YYYY-MM-DD, UTC. */
    day: text("day").notNull(),
    checkIns: integer("check_ins").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.day] }),
    index("location_daily_check_ins_day_idx").on(t.day),
  ],
);

/**
 * Automated reports made by the Monday job: one CSV in R2 per location and period. The unique index
 * is what makes the job safe to run twice.
 */
export const weeklyReports = sqliteTable(
  "weekly_reports",
  {
    id: text("id").primaryKey(),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id),
    /** 7_days, 14_days or monthly (see REPORT_KINDS in domain/plans.ts). */
    kind: text("kind").notNull(),
    /** week_2026_11_16, fortnight_2026_11_02 (the first Monday) or month_2026_10. */
    period: text("period").notNull(),
    /** Local dates, both inclusive. */
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    r2Key: text("r2_key").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("weekly_reports_location_period_unique").on(t.locationId, t.period),
    index("weekly_reports_location_created_idx").on(t.locationId, t.createdAt),
  ],
);

/** A location's shift templates for the rota ("Early 06:00–14:00, 30 min break"): local times of day. */
export const rotaTemplates = sqliteTable(
  "rota_templates",
  {
    id: text("id").primaryKey(),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id),
    name: text("name").notNull(),
    /** "HH:MM" in the location's zone; an end at or before the start ends the next day. */
    startTime: text("start_time").notNull(),
    endTime: text("end_time").notNull(),
    breakMinutes: integer("break_minutes").notNull(),
    role: text("role"),
    createdAt: createdAt(),
  },
  (t) => [index("rota_templates_location_idx").on(t.locationId)],
);

/**
 * Shifts written outside the dashboard, waiting for the location's hub to take them into its rota when it
 * next reads its site (docs/rota.md): the local demo's seed. Taken by id, then deleted, so none lands twice.
 */
export const shiftImports = sqliteTable(
  "shift_imports",
  {
    id: text("id").primaryKey(),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id),
    employeeId: text("employee_id"),
    startAt: integer("start_at").notNull(),
    endAt: integer("end_at").notNull(),
    breakMinutes: integer("break_minutes").notNull(),
    role: text("role"),
    notes: text("notes"),
    /** Who published its week, by id and name; null: a draft. */
    publishedBy: text("published_by"),
    publishedByName: text("published_by_name"),
  },
  (t) => [index("shift_imports_location_idx").on(t.locationId)],
);
