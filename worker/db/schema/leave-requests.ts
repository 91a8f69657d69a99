import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { locations } from "./locations";
import { employees } from "./staff";

// Leave requests from the staff app (docs/staff-app.md, "Holiday and leave requests"): asked for by a staff
// member, decided by a manager. An approved one is booked as the employee's status in the location's hub; this
// row keeps the request and its decision.

export const leaveRequests = sqliteTable(
  "leave_requests",
  {
    id: text("id").primaryKey(),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    employeeId: text("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    /** holiday, unpaid or other. */
    type: text("type").notNull(),
    /** The location's local dates, YYYY-MM-DD, both included. */
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    /** am or pm: half of a one-day request; null: whole days. */
    halfDay: text("half_day"),
    note: text("note"),
    /** pending, approved, declined or cancelled. */
    status: text("status").notNull().default("pending"),
    /** What it uses, in the unit of the employee's holiday figures when it was asked for. */
    uses: real("uses").notNull(),
    unit: text("unit").notNull(),
    decidedById: text("decided_by_id"),
    decidedByName: text("decided_by_name"),
    decidedAt: integer("decided_at"),
    decisionNote: text("decision_note"),
    cancelledAt: integer("cancelled_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("leave_requests_location_idx").on(t.locationId, t.status),
    index("leave_requests_employee_idx").on(t.employeeId, t.startDate),
  ],
);
