import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { employees } from "./staff";

// The times each week an employee cannot work, which they keep themselves in the staff app
// (docs/staff-app.md, "My shifts, availability and open shifts"); the rota warns when a shift is planned in one.

/** One weekly time: a weekday (1 Monday … 7 Sunday) all day, or from/to local minutes after midnight. */
export const unavailableTimes = sqliteTable(
  "unavailable_times",
  {
    id: text("id").primaryKey(),
    employeeId: text("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    weekday: integer("weekday").notNull(),
    /** Both null: all day. */
    fromMinute: integer("from_minute"),
    toMinute: integer("to_minute"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("unavailable_times_employee_idx").on(t.employeeId, t.weekday)],
);
