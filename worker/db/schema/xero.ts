import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { createdAt } from "./columns";
import { locations } from "./locations";
import { employees } from "./staff";

// Xero Payroll UK (docs/xero.md): the OAuth requests under way, the account's connection (tokens encrypted),
// the mappings to Xero's employees and earnings rates, and what was sent for each approved pay period.

/** An authorization request under way: single use, ten minutes, bound to the account and the member. */
export const xeroAuthRequests = sqliteTable("xero_auth_requests", {
  /** SHA-256 of the `state` sent to Xero; the state itself is never stored. */
  stateHash: text("state_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  memberId: text("member_id").notNull(),
  /** The PKCE code verifier, encrypted with the key derived from XERO_TOKEN_KEY. */
  verifierSealed: text("verifier_sealed").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

/** The account's Xero connection: one organisation, the token set encrypted (AES-GCM, HKDF-derived key). */
export const xeroConnections = sqliteTable("xero_connections", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The organisation chosen; null while the manager still has to pick one of `tenants`. */
  tenantId: text("tenant_id"),
  tenantName: text("tenant_name"),
  /** JSON: the organisations Xero's /connections listed, [{ id, name }]. */
  tenants: text("tenants").notNull(),
  refreshTokenSealed: text("refresh_token_sealed").notNull(),
  /** SHA-256 of the refresh token: a refresh stores its successor only where this still matches. */
  refreshTokenHash: text("refresh_token_hash").notNull(),
  accessTokenSealed: text("access_token_sealed").notNull(),
  accessExpiresAt: integer("access_expires_at").notNull(),
  connectedBy: text("connected_by").notNull(),
  createdAt: createdAt(),
});

/** A Clocked employee confirmed as a Xero employee. */
export const xeroEmployeeLinks = sqliteTable(
  "xero_employee_links",
  {
    employeeId: text("employee_id")
      .primaryKey()
      .references(() => employees.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    xeroEmployeeId: text("xero_employee_id").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("xero_employee_links_user_idx").on(t.userId)],
);

/** A Clocked pay element paid through a Xero earnings rate. */
export const xeroEarningsRates = sqliteTable(
  "xero_earnings_rates",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    payElement: text("pay_element").notNull(),
    earningsRateId: text("earnings_rate_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.payElement] })],
);

/** One employee's timesheet for one pay period, as sent to Xero (or waiting, or refused). */
export const xeroSends = sqliteTable(
  "xero_sends",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id),
    periodKey: text("period_key").notNull(),
    employeeId: text("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["queued", "sent", "failed"] }).notNull(),
    /** Xero's TimesheetID once created: a resend replaces this timesheet's lines. */
    xeroTimesheetId: text("xero_timesheet_id"),
    /** JSON: the lines sent, [{ date, earningsRateID, numberOfUnits }]. */
    lines: text("lines").notNull().default("[]"),
    /** Xero's refusal in words ("Xero says: …"), when failed. */
    error: text("error"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("xero_sends_period_employee").on(t.locationId, t.periodKey, t.employeeId),
    index("xero_sends_user_idx").on(t.userId),
  ],
);
