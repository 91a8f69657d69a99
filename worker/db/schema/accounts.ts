import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  index,
  integer,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

// Accounts and signing in: the managers, their sessions and codes, throttles, the development outbox.

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
    /** Whether the account's read-write API keys may read pay rates (docs/public-api.md, "Pay data"). */
    apiPayData: integer("api_pay_data", { mode: "boolean" }).notNull().default(false),
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
     * more than one, verification must carry the password (docs/security.md, "Sign-up").
     */
    signupCount: integer("signup_count").notNull().default(1),
    /** When the manager closed the account; the daily job deletes its data 30 days later. */
    closedAt: integer("closed_at"),
    /**
     * A closed account's attendance, holiday and pay records are kept until then (6 years from the end of
     * the last pay period: docs/compliance.md); everything else went 30 days after closing.
     */
    legalHoldUntil: integer("legal_hold_until"),
    /**
     * The first day of one of the successive 17-week reference periods a relevant agreement fixes for the
     * 48-hour average (WTR reg 4(3)(a)); null: rolling periods (any 17 weeks).
     */
    averageReferenceStart: text("average_reference_start"),
    /** The leave year's first day as a relevant agreement sets it (WTR reg 13(3)(a)); null: each worker's start. */
    holidayYearStart: text("holiday_year_start"),
    /** Weeks of holiday a relevant agreement lets a worker carry into the next leave year (0 to 1.6). */
    holidayCarryOverWeeks: real("holiday_carry_over_weeks").notNull().default(0),
    /** Staff may ask for more holiday than their balance has left (docs/staff-app.md); off: refused. */
    allowHolidayBeyondBalance: integer("allow_holiday_beyond_balance", { mode: "boolean" })
      .notNull()
      .default(false),
    /** JSON: each payroll format's code per pay element (docs/payroll-exports.md); null: the defaults. */
    payrollCodes: text("payroll_codes"),
    /** Rolled-up holiday pay for irregular-hours and part-year workers in Great Britain (docs/payroll-exports.md). */
    rolledUpHolidayPay: integer("rolled_up_holiday_pay", { mode: "boolean" }).notNull().default(false),
    /**
     * A team member's account: its owner's id (docs/team.md). Null for an owner, whose account is their own
     * row; plan, billing and settings are read from the owner's row only.
     */
    accountId: text("account_id").references((): AnySQLiteColumn => users.id, { onDelete: "cascade" }),
    /** owner | admin | location_manager | payroll (worker/domain/team-roles.ts); existing and new sign-ups are owners. */
    role: text("role").default("owner"),
    /** A location manager may approve pay periods and export payroll for their locations. */
    mayApprovePay: integer("may_approve_pay", { mode: "boolean" }).notNull().default(false),
    /** When this person last signed in (the Team screen shows it); null until they do. */
    lastSignInAt: integer("last_sign_in_at"),
    /** The Monday report e-mail, for this person (each member turns their own off: docs/team.md). */
    weeklyReportEmail: integer("weekly_report_email", { mode: "boolean" }).notNull().default(true),
    /** The e-mail asking to review sessions the system closed, for this person. */
    reviewEmail: integer("review_email", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_username_unique").on(t.username),
    index("users_name_key_idx").on(t.nameKey),
    index("users_stripe_subscription_idx").on(t.stripeSubscriptionId),
    index("users_stripe_customer_idx").on(t.stripeCustomerId),
    index("users_account_idx").on(t.accountId).where(sql.raw("account_id IS NOT NULL")),
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
    /** JSON `[{filename, contentType, content}]` (content in base64); null: none. */
    attachments: text("attachments"),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_to_idx").on(t.toEmail, t.createdAt),
    index("email_outbox_created_idx").on(t.createdAt),
  ],
);
