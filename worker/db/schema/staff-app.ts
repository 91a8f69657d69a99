import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { employees } from "./staff";

// The staff app (docs/staff-app.md): staff sign in with a code sent to their own e-mail address, and hold
// sessions of their own, which open /api/staff/* and nothing else.

/** A staff member's session: the client holds a random token; this holds only its SHA-256. */
export const staffSessions = sqliteTable(
  "staff_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    employeeId: text("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [
    index("staff_sessions_employee_idx").on(t.employeeId),
    index("staff_sessions_expires_idx").on(t.expiresAt),
  ],
);

/**
 * The live sign-in code for an e-mail address (lower-case): one at a time, as an HMAC keyed with the server
 * secret, ten minutes, five tries. Keyed by address, not employee: asking for a code tells nobody who is staff.
 */
export const staffSignInCodes = sqliteTable("staff_sign_in_codes", {
  email: text("email").primaryKey(),
  codeHash: text("code_hash").notNull(),
  attempts: integer("attempts").notNull().default(0),
  expiresAt: integer("expires_at").notNull(),
  createdAt: createdAt(),
});
