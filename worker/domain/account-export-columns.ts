import {
  breakList,
  column,
  employeeColumn,
  idColumn,
  type Kind,
  locationColumn,
  optional,
  utc,
  WHEN,
  yesNo,
} from "./account-export-cells";
import { PAY_KINDS } from "./account-export-pay-columns";
import type {
  AccountRecord,
  AuditRecord,
  BreakRecord,
  DeviceRecord,
  EmployeeRecord,
  EntryRecord,
  LocationRecord,
  QuestionRecord,
  ReportRecord,
  SessionRecord,
  SettingsRecord,
  SignInRecord,
  StatusPeriodRecord,
  TeamRecord,
} from "./account-records";
import { ours } from "./csv";
import { sessionMinutes } from "./durations";

// The account export's files: for each kind of record, its file name, what it holds and its columns, each
// column with its heading, what it means (the README says it) and how a record fills it.

export const EXPORT_KINDS = [
  {
    file: "account.csv",
    about: "The account itself: the manager who signed up and the subscription.",
    rows: (data) => [data.account],
    columns: [
      idColumn("The account's id."),
      column("name", "The manager's name.", (a) => a.name),
      column("email", "The e-mail address the account signs in with.", (a) => a.email),
      column("username", "The username for the manager sign-in.", (a) => a.username),
      column("created_at", `When the account was created (${WHEN}).`, (a) => utc(a.createdAt)),
      column("email_verified_at", `When the e-mail address was verified (${WHEN}).`, (a) =>
        utc(a.emailVerifiedAt),
      ),
      column("last_login_at", `The last sign-in (${WHEN}).`, (a) => utc(a.lastLoginAt)),
      column("plan", "starter, pro or business.", (a) => ours(a.plan)),
      column("subscription_status", "As the billing provider reports it.", (a) => ours(a.subscriptionStatus)),
      column("is_vip", "yes when Clocked gave the account its plan free of charge.", (a) => yesNo(a.isVip)),
      column("trial_ends_at", `When the free trial ends or ended (${WHEN}).`, (a) => utc(a.trialEndsAt)),
      column("current_period_end", `End of the paid period (${WHEN}).`, (a) => utc(a.currentPeriodEnd)),
      column("cancel_at_period_end", "yes when the subscription will not renew.", (a) =>
        yesNo(a.cancelAtPeriodEnd),
      ),
      column("stripe_customer_id", "The customer's id at Stripe, our payment provider.", (a) =>
        optional(a.stripeCustomerId),
      ),
      column(
        "holiday_leave_year_start",
        "YYYY-MM-DD: leave years start on this day and month; empty: each worker's from their start date.",
        (a) => ours(a.holidayYearStart ?? ""),
      ),
      column(
        "holiday_carry_over_weeks",
        "Weeks of untaken holiday an agreement carries over (0 to 1.6).",
        (a) => a.holidayCarryOverWeeks ?? 0,
      ),
      column(
        "payroll_codes",
        "Each payroll format's code for each pay element, as JSON; empty: the defaults (docs/payroll-exports.md).",
        (a) => a.payrollCodes ?? "",
      ),
      column("rolled_up_holiday_pay", "yes when payroll files carry rolled-up holiday pay.", (a) =>
        yesNo(a.rolledUpHolidayPay ?? false),
      ),
    ],
  } satisfies Kind<AccountRecord>,
  {
    file: "team.csv",
    about:
      "The people who sign in to the account: its owner and team members with their roles, and invitations not yet accepted. audit_log.csv names them as actor_id.",
    rows: (data) => data.team,
    columns: [
      idColumn("The person's id (an invitation's id while invited)."),
      column("status", "member, or invited (not accepted yet).", (t) => ours(t.status)),
      column("name", "Their name; empty while invited.", (t) => optional(t.name)),
      column("email", "Their e-mail address.", (t) => t.email),
      column("role", "owner, admin, location_manager or payroll (the README's permission table).", (t) =>
        ours(t.role),
      ),
      column(
        "location_ids",
        "A location manager's locations (locations.csv), ; between them; empty: every location.",
        (t) => ours(t.locationIds?.join("; ") ?? ""),
      ),
      column("may_approve_pay", "yes when they may approve pay periods and export payroll.", (t) =>
        yesNo(t.mayApprovePay),
      ),
      column("last_sign_in_at", `Their last sign-in (${WHEN}).`, (t) => utc(t.lastSignInAt)),
      column("invited_by", "Who sent a pending invitation.", (t) => optional(t.invitedBy)),
      column("invitation_expires_at", `When a pending invitation's link expires (${WHEN}).`, (t) =>
        utc(t.expiresAt),
      ),
    ],
  } satisfies Kind<TeamRecord>,
  {
    file: "locations.csv",
    about: "Every location, archived ones included.",
    rows: (data) => data.locations,
    columns: [
      idColumn("The location's id (in its kiosk address, /attendance/<id>)."),
      column("name", "The location's name.", (l) => l.name),
      column("time_zone", "The IANA time zone its times are shown in.", (l) => ours(l.timezone)),
      column("created_at", `When it was added (${WHEN}).`, (l) => utc(l.createdAt)),
      column("archived_at", `When it was archived, if it was (${WHEN}).`, (l) => utc(l.deletedAt)),
    ],
  } satisfies Kind<LocationRecord>,
  {
    file: "location_settings.csv",
    about: "Each location's kiosk look and break rules (locations never customised have no row).",
    rows: (data) => data.settings,
    columns: [
      locationColumn(),
      column("button_shape", "The kiosk's button shape.", (s) => ours(s.buttonShape)),
      column("background_theme", "The kiosk's background.", (s) => ours(s.backgroundTheme)),
      column("logo_filename", "The uploaded logo's file name.", (s) => optional(s.logoFilename)),
      column("only_paired_kiosks", "yes when only paired kiosk devices may clock staff in.", (s) =>
        yesNo(s.onlyPairedKiosks),
      ),
      column("workday_hours", "Standard working day, in hours.", (s) => s.workdayHours),
      column("workday_start_time", "Standard start (HH:MM, local).", (s) => ours(s.workdayStartTime)),
      column("workday_end_time", "Standard end (HH:MM, local).", (s) => ours(s.workdayEndTime)),
      column(
        "standard_break_minutes",
        "Unpaid break deducted per working day.",
        (s) => s.standardBreakMinutes,
      ),
      column("break_deduction_enabled", "yes when the break is deducted.", (s) =>
        yesNo(s.breakDeductionEnabled),
      ),
      column(
        "bank_holidays_from_leave",
        "yes when bank holidays off count as statutory holiday taken.",
        (s) => yesNo(s.bankHolidaysFromLeave ?? false),
      ),
      column("updated_at", `Last change (${WHEN}).`, (s) => utc(s.updatedAt)),
    ],
  } satisfies Kind<SettingsRecord>,
  {
    file: "employees.csv",
    about:
      "Every employee, removed ones included. PINs are stored only as keyed hashes and are not exported.",
    rows: (data) => data.employees,
    columns: [
      idColumn("The employee's id."),
      locationColumn(),
      column("first_name", "First name.", (e) => e.firstName),
      column("last_name", "Last name.", (e) => e.lastName),
      column("username", "The name shown in the kiosk's list.", (e) => e.username),
      column("email", "Where their rota is e-mailed, if given.", (e) => optional(e.email)),
      column("active", "yes when the employee may clock in.", (e) => yesNo(e.active)),
      column("current_status", "active, holiday, sick, and so on.", (e) => ours(e.currentStatus)),
      column("status_note", "The note given with the status.", (e) => optional(e.statusNote)),
      column("created_at", `When the employee was added (${WHEN}).`, (e) => utc(e.createdAt)),
      column("removed_at", `When the employee was removed, if they were (${WHEN}).`, (e) => utc(e.deletedAt)),
    ],
  } satisfies Kind<EmployeeRecord>,
  {
    file: "employee_status_history.csv",
    about: "Every status period (holiday, sickness and the like), as recorded.",
    rows: (data) => data.statusPeriods,
    columns: [
      idColumn("The period's id."),
      employeeColumn(),
      column("status", "The status for the period.", (p) => ours(p.status)),
      column("note", "The note given.", (p) => optional(p.note)),
      column("start_date", "First day (YYYY-MM-DD, local).", (p) => ours(p.startDate)),
      column("end_date", "Last day, inclusive (empty: until changed).", (p) => ours(p.endDate ?? "")),
      column("created_at", `When it was recorded (${WHEN}).`, (p) => utc(p.createdAt)),
      column("created_by", "Who recorded it.", (p) => p.createdBy),
    ],
  } satisfies Kind<StatusPeriodRecord>,
  {
    file: "attendance_sessions.csv",
    about:
      "Every clock-in and clock-out, as the kiosk recorded it (the times that count, after corrections, are in timesheet_entries.csv).",
    rows: (data) => data.sessions,
    columns: [
      idColumn("The session's id."),
      locationColumn(),
      employeeColumn(),
      column("check_in_at", `Clock-in (${WHEN}).`, (s) => utc(s.checkInAt)),
      column("check_out_at", `Clock-out (${WHEN}); empty while still clocked in.`, (s) => utc(s.checkOutAt)),
      column(
        "closed_by",
        "kiosk (the employee clocked out), manager (closed from the dashboard or by a correction) or auto (closed by the hub after a forgotten clock-out). Corrections never change these rows: timesheet_entries.csv has the times as corrected, audit_log.csv each change.",
        (s) => ours(s.closedBy ?? ""),
      ),
    ],
  } satisfies Kind<SessionRecord>,
  {
    file: "attendance_breaks.csv",
    about: "Every break clocked at a kiosk, inside its session: unpaid time, part of the pay records.",
    rows: (data) => data.breaks,
    columns: [
      idColumn("The break's id."),
      locationColumn(),
      employeeColumn(),
      column("session_id", "The session it was taken in (attendance_sessions.csv).", (b) =>
        ours(b.sessionId),
      ),
      column("start_at", `Start Break (${WHEN}).`, (b) => utc(b.startAt)),
      column(
        "end_at",
        `End Break, or the check-out that ended it (${WHEN}); empty while on the break.`,
        (b) => utc(b.endAt),
      ),
    ],
  } satisfies Kind<BreakRecord>,
  {
    file: "timesheet_entries.csv",
    about:
      "Every timesheet entry as it now stands, after every correction: what Staff Hours, the timesheets and the payroll exports count. attendance_sessions.csv and attendance_breaks.csv keep what the kiosk recorded; audit_log.csv keeps each correction's before and after.",
    rows: (data) => data.entries,
    columns: [
      idColumn(
        "The entry's id: its kiosk session's (attendance_sessions.csv), or its own for a shift a manager added.",
      ),
      locationColumn(),
      employeeColumn(),
      column("check_in_at", `Check-in as it now stands (${WHEN}).`, (e) => utc(e.checkInAt)),
      column("check_out_at", `Check-out as it now stands (${WHEN}); empty while still checked in.`, (e) =>
        utc(e.checkOutAt),
      ),
      column(
        "breaks",
        `Its breaks as they now stand, start/end (${WHEN}), separated by "; "; an open break has no end.`,
        (e) => breakList(e.breaks),
      ),
      column(
        "worked_minutes",
        "Check-in to check-out less its breaks, each time counted at its minute (seconds dropped); empty while still checked in. The day's automatic break deduction, if any, is not taken off here.",
        (e) =>
          e.checkOutAt === null
            ? ""
            : sessionMinutes({ ...e, checkIn: e.checkInAt, checkOut: e.checkOutAt }, 0),
      ),
      column(
        "source",
        "kiosk, offline (punched at a paired kiosk while offline), phone (clocked in from the staff member's phone), auto_closed (closed by the hub after a forgotten clock-out) or manager (added by a manager).",
        (e) => ours(e.source),
      ),
      column("corrected", "yes when a manager changed it after it was recorded or added.", (e) =>
        yesNo(e.corrected),
      ),
      column("voided", "yes when a manager voided it: it counts no time.", (e) => yesNo(e.voided)),
      column("reason", "The manager's reason for the latest correction, or for adding it.", (e) =>
        optional(e.reason),
      ),
    ],
  } satisfies Kind<EntryRecord>,
  ...PAY_KINDS,
  {
    file: "audit_log.csv",
    about:
      "Who changed what and when: every change a manager made to employees and sessions, every timesheet correction (entity timesheet_entry) with its reason, approval, unlock and setting change, before and after, and every export of pay or working-time records (entity export).",
    rows: (data) => data.audit,
    columns: [
      idColumn("The entry's id."),
      column("actor_id", "Who did it: the owner or team member's id (team.csv).", (a) => ours(a.actorId)),
      column(
        "actor_name",
        "Their name when they did it (they may since have left the team).",
        (a) => a.actorName,
      ),
      column(
        "location_id",
        "The location (locations.csv); empty for an account-wide setting or export.",
        (a) => ours(a.locationId),
      ),
      column("entity", "What was changed (employee, session, account_settings, team, export, ...).", (a) =>
        ours(a.entity),
      ),
      column("entity_id", "Its id.", (a) => ours(a.entityId)),
      column("action", "The change.", (a) => ours(a.action)),
      column("before", "The record before the change (JSON).", (a) => optional(a.beforeJson)),
      column("after", "The record after the change (JSON).", (a) => optional(a.afterJson)),
      column("created_at", `When (${WHEN}).`, (a) => utc(a.createdAt)),
    ],
  } satisfies Kind<AuditRecord>,
  {
    file: "kiosk_devices.csv",
    about: "Browsers paired as kiosks. Their tokens are not exported.",
    rows: (data) => data.devices,
    columns: [
      idColumn("The device's id."),
      locationColumn(),
      column("label", "The name it was paired under.", (d) => d.label),
      column("created_at", `When it was paired (${WHEN}).`, (d) => utc(d.createdAt)),
      column("last_used_at", `Its last clock-in or clock-out (${WHEN}).`, (d) => utc(d.lastUsedAt)),
      column("revoked_at", `When it was unpaired (${WHEN}).`, (d) => utc(d.revokedAt)),
    ],
  } satisfies Kind<DeviceRecord>,
  {
    file: "automated_reports.csv",
    about: "The automated hours reports made for you (their figures come from attendance_sessions.csv).",
    rows: (data) => data.reports,
    columns: [
      idColumn("The report's id."),
      locationColumn(),
      column("kind", "7_days, 14_days or monthly.", (r) => ours(r.kind)),
      column("period", "The period's key.", (r) => ours(r.period)),
      column("start_date", "First day (YYYY-MM-DD, local).", (r) => ours(r.startDate)),
      column("end_date", "Last day, inclusive.", (r) => ours(r.endDate)),
      column("created_at", `When it was made (${WHEN}).`, (r) => utc(r.createdAt)),
    ],
  } satisfies Kind<ReportRecord>,
  {
    file: "assistant_questions.csv",
    about: "The questions asked of the AI assistant.",
    rows: (data) => data.questions,
    columns: [
      idColumn("The question's id."),
      column("question", "What was asked.", (q) => q.query),
      column("asked_at", `When (${WHEN}).`, (q) => utc(q.createdAt)),
    ],
  } satisfies Kind<QuestionRecord>,
  {
    file: "sign_in_sessions.csv",
    about: "Sign-ins still open. Their tokens are stored only as hashes and are not exported.",
    rows: (data) => data.signIns,
    columns: [
      column("signed_in_at", `When (${WHEN}).`, (s: SignInRecord) => utc(s.createdAt)),
      column("expires_at", `When it ends (${WHEN}).`, (s: SignInRecord) => utc(s.expiresAt)),
    ],
  } satisfies Kind<SignInRecord>,
] as const;
