import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { locations } from "./locations";

// Staff and their time: employees, their statuses and own breaks, attendance from before the hubs kept
// it, and the audit trail.

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
    /** Optional, lower-case; unique within the account (checked on save). Rota e-mails go here (docs/rota.md). */
    email: text("email"),
    /** When a manager last invited them to the staff app (docs/staff-app.md, "Invitations"). */
    staffAppInvitedAt: integer("staff_app_invited_at"),
    createdAt: createdAt(),
    /** Every change to the row sets it: the public API's `updated_since` (docs/public-api.md). */
    updatedAt: integer("updated_at").notNull().default(0),
  },
  (t) => [
    uniqueIndex("employees_location_username_unique").on(t.locationId, t.username),
    index("employees_email_idx").on(t.email),
    index("employees_updated_idx").on(t.updatedAt, t.id),
  ],
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

/** An employee's own break length and workday, used instead of the location's standard. */
export const employeeBreakOverrides = sqliteTable("employee_break_overrides", {
  employeeId: text("employee_id")
    .primaryKey()
    .references(() => employees.id),
  customBreakMinutes: integer("custom_break_minutes").notNull(),
  customWorkHours: real("custom_work_hours").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

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

/**
 * Who changed what, when, before → after. Written in the same batch as the change; never a PIN.
 * `user_id` is the account; `actor_id`/`actor_name` the member who acted, as they were named then (no foreign
 * key: a removed member's rows stay; null on rows from before teams, which the owner made). An account-wide
 * change or export has `location_id` '' (docs/team.md "Who did it").
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    actorId: text("actor_id"),
    actorName: text("actor_name"),
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
