import type { EmployeePay } from "../contracts/pay";
import type { V1Approval, V1Employee, V1Entry, V1Leave, V1Location, V1Shift } from "../contracts/public-api";
import type { EmployeeRow } from "../db/employees";
import type { LeaveRequestRow } from "../db/leave-requests";
import type { PlannedShift } from "../domain/rota";
import type { Entry } from "../domain/timesheet";
import type { Approval } from "../durable/client";

// The public API's records (docs/public-api.md), one function per kind: what /api/v1 answers and what a
// webhook event carries. Never a PIN, a hash or a token.

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null | undefined) => (ms == null ? null : iso(ms));

export const v1Location = (row: { id: string; name: string; timezone: string }): V1Location => ({
  id: row.id,
  name: row.name,
  timezone: row.timezone,
});

/** `pay` only when the key may see it (docs/public-api.md, "Pay data"). */
export const v1Employee = (row: EmployeeRow, pay?: EmployeePay): V1Employee => ({
  id: row.id,
  location_id: row.locationId,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  active: row.active,
  archived_at: isoOrNull(row.deletedAt),
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt || row.createdAt),
  ...(pay
    ? {
        pay: {
          payroll_id: pay.payroll_id,
          hourly_rate: pay.hourly_rate,
          contracted_weekly_hours: pay.contracted_weekly_hours,
        },
      }
    : {}),
});

export const v1Entry = (entry: Entry, approved: boolean): V1Entry => ({
  id: entry.id,
  employee_id: entry.employeeId,
  check_in: iso(entry.checkIn),
  check_out: isoOrNull(entry.checkOut),
  breaks: entry.breaks.map((b) => ({ start: iso(b.start), end: isoOrNull(b.end) })),
  source: entry.source,
  edited: entry.edited,
  voided: entry.voided,
  approved,
  correction_reason: entry.reason ?? null,
  corrected_at: isoOrNull(entry.correctedAt),
});

export const v1Shift = (shift: PlannedShift): V1Shift => ({
  id: shift.id,
  employee_id: shift.employeeId,
  start: iso(shift.start),
  end: iso(shift.end),
  break_minutes: shift.breakMinutes,
  role: shift.role,
  notes: shift.notes,
});

export const v1Approval = (approval: Approval): V1Approval => ({
  id: `${approval.periodKey}_${approval.employeeId}`,
  period_key: approval.periodKey,
  employee_id: approval.employeeId,
  approved_at: iso(approval.approvedAt),
  approved_by: approval.approvedBy,
});

export const v1Leave = (row: LeaveRequestRow, updatedAt: number): V1Leave => ({
  id: row.id,
  location_id: row.locationId,
  employee_id: row.employeeId,
  type: row.type,
  start_date: row.startDate,
  end_date: row.endDate,
  half_day: row.halfDay === "am" || row.halfDay === "pm" ? row.halfDay : null,
  status: row.status,
  uses: row.uses,
  unit: row.unit,
  decided_at: isoOrNull(row.decidedAt),
  created_at: iso(row.createdAt),
  updated_at: iso(updatedAt),
});
