import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// Times are stored as epoch milliseconds (UTC); the location's time zone is applied when displaying.
const createdAt = () => integer("created_at").notNull().default(sql`(unixepoch() * 1000)`);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Lower-cased, single-spaced name: sign-in by full name looks accounts up by it. */
    nameKey: text("name_key").notNull(),
    email: text("email").notNull(),
    /** Short handle for POST /api/manager/login, made from the name at sign-up. */
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    emailVerifiedAt: integer("email_verified_at"),
    plan: text("plan").notNull().default("starter"),
    subscriptionStatus: text("subscription_status").notNull().default("active"),
    isVip: integer("is_vip", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    lastLoginAt: integer("last_login_at"),
    // Billing (worker/domain/subscription.ts). The payment provider's ids; the sandbox uses its own.
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    /** When the account's Pro trial ends or ended; set once, so the trial is offered only once. */
    trialEndsAt: integer("trial_ends_at"),
    currentPeriodEnd: integer("current_period_end"),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    /** First failed payment of the current run; the account is suspended 7 days later. */
    pastDueSince: integer("past_due_since"),
    /**
     * Sign-ups made for this address while it was unverified. A repeat never changes the password; with
     * more than one, verification must carry the password (see "Sign-up" in the README's security section).
     */
    signupCount: integer("signup_count").notNull().default(1),
    /** When the manager closed the account; the daily job deletes its data 30 days later. */
    closedAt: integer("closed_at"),
    /**
     * A closed account's attendance, holiday and pay records are kept until then (6 years from the end of
     * the last pay period, issue 18); everything else went 30 days after closing.
     */
    legalHoldUntil: integer("legal_hold_until"),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_username_unique").on(t.username),
    index("users_name_key_idx").on(t.nameKey),
    index("users_stripe_subscription_idx").on(t.stripeSubscriptionId),
    index("users_stripe_customer_idx").on(t.stripeCustomerId),
    index("users_closed_idx").on(t.closedAt).where(sql.raw("closed_at IS NOT NULL")),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the bearer token: a leaked table cannot be replayed. */
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const verificationCodes = sqliteTable(
  "verification_codes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify_email", "reset_password"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: integer("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("verification_codes_user_purpose_idx").on(t.userId, t.purpose),
    index("verification_codes_expires_idx").on(t.expiresAt),
  ],
);

/** Fixed-window counters for throttles (login, code resend); the key says what is counted. */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: integer("reset_at").notNull(),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);

/** The offline e-mail adapter's mailbox; read in development through GET /api/dev/outbox. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_to_idx").on(t.toEmail, t.createdAt),
    index("email_outbox_created_idx").on(t.createdAt),
  ],
);

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

/** Staff who clock in at a location's kiosk. Never erased: their sessions are pay records. */
export const employees = sqliteTable(
  "employees",
  {
    id: text("id").primaryKey(),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** Generated, shown in the kiosk's name list; unique within the location (deleted ones included). */
    username: text("username").notNull(),
    /** HMAC-SHA256 of employee id and PIN, keyed with the server secret. Never leaves the Worker. */
    pinHash: text("pin_hash").notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    deletedAt: integer("deleted_at"),
    currentStatus: text("current_status").notNull().default("active"),
    statusNote: text("status_note"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("employees_location_username_unique").on(t.locationId, t.username)],
);

/**
 * Append-only status periods (local YYYY-MM-DD dates, end inclusive, null end: until changed).
 * Leave reports read it; when periods overlap, the most recently created one says what a day was.
 */
export const employeeStatusHistory = sqliteTable(
  "employee_status_history",
  {
    id: text("id").primaryKey(),
    employeeId: text("employee_id")
      .notNull()
      .references(() => employees.id),
    status: text("status").notNull(),
    note: text("note"),
    startDate: text("start_date").notNull(),
    endDate: text("end_date"),
    createdAt: createdAt(),
    createdBy: text("created_by").notNull(),
  },
  (t) => [index("employee_status_history_employee_idx").on(t.employeeId, t.createdAt)],
);

/** A session of at most this length is found by a period query looking back this far from the period start. */
export const SESSION_LOOKBACK_MS = 24 * 60 * 60 * 1000;
export const LONG_OR_OPEN_SESSION = `check_out_at IS NULL OR check_out_at - check_in_at > ${SESSION_LOOKBACK_MS}`;

/** One row per check-in; check_out_at stays null while the employee is in. */
export const attendanceSessions = sqliteTable(
  "attendance_sessions",
  {
    id: text("id").primaryKey(),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id),
    employeeId: text("employee_id")
      .notNull()
      .references(() => employees.id),
    checkInAt: integer("check_in_at").notNull(),
    checkOutAt: integer("check_out_at"),
    closedBy: text("closed_by", { enum: ["kiosk", "manager"] }),
    createdAt: createdAt(),
  },
  (t) => [
    // The database itself forbids a second open session for an employee, whatever the code does.
    uniqueIndex("attendance_sessions_one_open_per_employee")
      .on(t.employeeId)
      .where(sql.raw("check_out_at IS NULL")),
    index("attendance_sessions_location_check_in_idx").on(t.locationId, t.checkInAt),
    index("attendance_sessions_employee_check_in_idx").on(t.employeeId, t.checkInAt),
    // The few sessions a period query cannot find by check-in time alone: still open, or longer than a
    // day (a forgotten check-out). Queries must repeat LONG_OR_OPEN_SESSION word for word to use it.
    index("attendance_sessions_long_or_open_idx")
      .on(t.locationId, t.checkInAt)
      .where(sql.raw(LONG_OR_OPEN_SESSION)),
  ],
);

/** Who changed what, when, before → after. Written in the same batch as the change; never a PIN. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    locationId: text("location_id").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action").notNull(),
    beforeJson: text("before_json"),
    afterJson: text("after_json"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_location_idx").on(t.locationId, t.createdAt),
    index("audit_log_entity_idx").on(t.entityId),
  ],
);

/** Browsers a manager paired as kiosks (variant B); revoking the row invalidates the device's token. */
export const kioskDevices = sqliteTable(
  "kiosk_devices",
  {
    id: text("id").primaryKey(),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id),
    label: text("label").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("kiosk_devices_location_idx").on(t.locationId)],
);

/**
 * One-time codes a manager makes to pair a tablet without signing in on it (docs/kiosk.md): 8 characters,
 * kept only as an HMAC keyed with APP_SECRET, valid 10 minutes, spent by the one statement that pairs.
 */
export const kioskPairingCodes = sqliteTable(
  "kiosk_pairing_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id),
    /** The manager who made it: the device's pairing is audited as theirs. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [
    index("kiosk_pairing_codes_location_idx").on(t.locationId),
    index("kiosk_pairing_codes_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Stripe events already applied. The id is inserted in the same D1 batch as the event's effect, so a
 * repeated delivery either finds it or fails the whole batch: never applied twice. The sandbox's
 * completed checkouts are recorded here too (`sandbox:<checkout id>`), for the same reason.
 */
export const processedStripeEvents = sqliteTable("processed_stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: integer("processed_at").notNull().default(sql`(unixepoch() * 1000)`),
});

/** The offline billing sandbox's hosted-checkout stand-in: one row per change-plan request. */
export const sandboxCheckouts = sqliteTable(
  "sandbox_checkouts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan").notNull(),
    trialDays: integer("trial_days").notNull(),
    status: text("status", { enum: ["open", "completed", "cancelled"] })
      .notNull()
      .default("open"),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sandbox_checkouts_user_idx").on(t.userId)],
);

/**
 * A location's customization (spec §3): kiosk appearance and the break rules the hours engine applies.
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
  /** Staff clock their breaks at the kiosk (Start Break, End Break); off keeps the spec's two buttons. */
  recordBreaks: integer("record_breaks", { mode: "boolean" }).notNull().default(false),
  /** A session still open this many hours after its check-in is closed by the location's hub; null: never. */
  autoCloseAfterHours: integer("auto_close_after_hours").default(14),
  updatedAt: integer("updated_at").notNull(),
});

/** How a location pays (issue 17): its pay schedule. A location without a row pays weekly from Monday. */
export const payRules = sqliteTable("pay_rules", {
  locationId: text("location_id")
    .primaryKey()
    .references(() => locations.id),
  /** weekly, fortnightly, four_weekly or monthly. */
  payFrequency: text("pay_frequency").notNull().default("weekly"),
  /** A period's first day (YYYY-MM-DD); monthly periods start on its day of the month. */
  payAnchorDate: text("pay_anchor_date").notNull().default("2025-09-01"),
  /** Overtime after this many minutes a day, and/or a week (null: no such limit). */
  dailyOvertimeAfterMinutes: integer("daily_overtime_after_minutes"),
  weeklyOvertimeAfterMinutes: integer("weekly_overtime_after_minutes"),
  overtimeMultiplier: real("overtime_multiplier").notNull().default(1.5),
  /** none, sundays, bank_holidays or sundays_and_bank_holidays. */
  premiumDays: text("premium_days").notNull().default("none"),
  premiumMultiplier: real("premium_multiplier").notNull().default(1.5),
  /** Whose bank holidays: england-and-wales, scotland or northern-ireland. */
  bankHolidayRegion: text("bank_holiday_region").notNull().default("england-and-wales"),
  /** Round each day's worked time to the nearest 1, 5 or 15 minutes (never below it); null: exact. */
  roundingMinutes: integer("rounding_minutes"),
  /** JSON: the pay code of each pay element, as the payroll software names it; null: the defaults. */
  payCodes: text("pay_codes"),
  updatedAt: integer("updated_at").notNull(),
});

/** An employee's pay terms (issue 17): works number, contracted weekly hours, hourly rate. */
export const employeePay = sqliteTable(
  "employee_pay",
  {
    employeeId: text("employee_id")
      .primaryKey()
      .references(() => employees.id),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id),
    /** The works number payroll software matches on; unique within the location. */
    payrollId: text("payroll_id"),
    contractedWeeklyMinutes: integer("contracted_weekly_minutes"),
    hourlyRatePence: integer("hourly_rate_pence"),
    /** Working time (issue 18), YYYY-MM-DD dates; sensitive: the account holder's eyes only, never a model's. */
    dateOfBirth: text("date_of_birth"),
    irregularHours: integer("irregular_hours", { mode: "boolean" }).notNull().default(false),
    optOutSigned: text("opt_out_signed"),
    optOutWithdrawn: text("opt_out_withdrawn"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("employee_pay_location_payroll_id").on(t.locationId, t.payrollId)],
);

/** An employee's own break length and workday, used instead of the location's standard. */
export const employeeBreakOverrides = sqliteTable("employee_break_overrides", {
  employeeId: text("employee_id")
    .primaryKey()
    .references(() => employees.id),
  customBreakMinutes: integer("custom_break_minutes").notNull(),
  customWorkHours: real("custom_work_hours").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

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

/** Every question asked of the managers' assistant, for the super admin's analytics. */
export const aiQueries = sqliteTable(
  "ai_queries",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("ai_queries_created_idx").on(t.createdAt), index("ai_queries_user_idx").on(t.userId)],
);

/** Super admin sessions: a table of their own, so a manager token can never open the console (or back). */
export const superAdminSessions = sqliteTable(
  "super_admin_sessions",
  {
    /** SHA-256 of the bearer token, as for manager sessions. */
    tokenHash: text("token_hash").primaryKey(),
    username: text("username").notNull(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("super_admin_sessions_expires_idx").on(t.expiresAt)],
);

/** What the super admin changed on an account (VIP on or off), before → after. */
export const superAdminAudit = sqliteTable(
  "super_admin_audit",
  {
    id: text("id").primaryKey(),
    adminUsername: text("admin_username").notNull(),
    targetUserId: text("target_user_id").notNull(),
    action: text("action").notNull(),
    beforeJson: text("before_json"),
    afterJson: text("after_json"),
    createdAt: createdAt(),
  },
  (t) => [index("super_admin_audit_target_idx").on(t.targetUserId, t.createdAt)],
);

/**
 * One line per account the daily job deleted: when it was closed and purged and how much went. No personal
 * data (no id, name, e-mail or location name), so it can be kept as evidence that the promise was kept.
 */
export const accountPurges = sqliteTable("account_purges", {
  id: text("id").primaryKey(),
  closedAt: integer("closed_at").notNull(),
  purgedAt: integer("purged_at").notNull(),
  locations: integer("locations").notNull(),
  rowsDeleted: integer("rows_deleted").notNull(),
  objectsDeleted: integer("objects_deleted").notNull(),
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
