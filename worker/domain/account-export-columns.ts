import type {
  AccountData,
  AccountRecord,
  AuditRecord,
  BreakOverrideRecord,
  BreakRecord,
  DeviceRecord,
  EmployeeRecord,
  EntryRecord,
  HolidayBalanceRecord,
  LocationRecord,
  PayRulesRecord,
  PayTermsRecord,
  QuestionRecord,
  ReportRecord,
  SessionRecord,
  SettingsRecord,
  SignInRecord,
  StatusPeriodRecord,
} from "./account-records";
import { type CsvCell, ours } from "./csv";
import { sessionMinutes } from "./durations";

// The account export's files: for each kind of record, its file name, what it holds and its columns, each
// column with its heading, what it means (the README says it) and how a record fills it.

export type Column<T> = { name: string; about: string; cell: (row: T) => CsvCell };
export type Kind<T> = { file: string; about: string; columns: Column<T>[]; rows: (data: AccountData) => T[] };

/** An instant as ISO 8601 in UTC (how Clocked stores every time); empty when there is none. */
const utc = (instant: number | null): CsvCell =>
  instant === null ? "" : ours(new Date(instant).toISOString());
const yesNo = (value: boolean) => ours(value ? "yes" : "no");
const optional = (text: string | null) => text ?? "";
/** Minutes as hours, as written in the app ("7.5"); empty when there are none. */
const hoursOf = (minutes: number | null): CsvCell => (minutes === null ? "" : minutes / 60);
/** "2026-11-16T12:00:00.000Z/2026-11-16T12:30:00.000Z; …": an open break has nothing after its slash. */
const breakList = (breaks: EntryRecord["breaks"]): CsvCell =>
  ours(
    breaks
      .map((b) => `${new Date(b.start).toISOString()}/${b.end === null ? "" : new Date(b.end).toISOString()}`)
      .join("; "),
  );

const WHEN = "ISO 8601, UTC";
const column = <T>(name: string, about: string, cell: (row: T) => CsvCell): Column<T> => ({
  name,
  about,
  cell,
});
const idColumn = <T extends { id: string }>(about: string) => column<T>("id", about, (row) => ours(row.id));
const locationColumn = <T extends { locationId: string }>() =>
  column<T>("location_id", "The location (locations.csv).", (row) => ours(row.locationId));
const employeeColumn = <T extends { employeeId: string }>() =>
  column<T>("employee_id", "The employee (employees.csv).", (row) => ours(row.employeeId));

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
        "kiosk, offline (punched at a paired kiosk while offline), auto_closed (closed by the hub after a forgotten clock-out) or manager (added by a manager).",
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
  {
    file: "employee_pay_terms.csv",
    about:
      "Each employee's pay terms and working-time facts, as saved (employees never given any have no row). Kept as pay records.",
    rows: (data) => data.payTerms,
    columns: [
      employeeColumn(),
      locationColumn(),
      column("payroll_id", "The works number payroll exports match on.", (t) => optional(t.payrollId)),
      column("contracted_weekly_hours", "Contracted hours a week; overtime only beyond them.", (t) =>
        hoursOf(t.contractedWeeklyMinutes),
      ),
      column("hourly_rate_gbp", "Hourly rate in pounds.", (t) =>
        t.hourlyRatePence === null ? "" : ours((t.hourlyRatePence / 100).toFixed(2)),
      ),
      column("date_of_birth", "YYYY-MM-DD: who is a young worker, and the minimum-wage band.", (t) =>
        ours(t.dateOfBirth ?? ""),
      ),
      column("irregular_hours", "yes for an irregular-hours or part-year worker (holiday at 12.07%).", (t) =>
        yesNo(t.irregularHours),
      ),
      column(
        "opt_out_signed",
        "The day a written opt-out of the 48-hour week was signed (YYYY-MM-DD).",
        (t) => ours(t.optOutSigned ?? ""),
      ),
      column("opt_out_withdrawn", "The day that opt-out stopped applying (YYYY-MM-DD).", (t) =>
        ours(t.optOutWithdrawn ?? ""),
      ),
      column(
        "apprenticeship_start",
        "YYYY-MM-DD: the apprenticeship began (the apprentice minimum wage: under 19, or its first 12 months).",
        (t) => ours(t.apprenticeshipStart ?? ""),
      ),
      column(
        "accommodation_days_per_week",
        "Days a week the employer provides living accommodation; empty: none.",
        (t) => t.accommodationDaysPerWeek ?? "",
      ),
      column(
        "accommodation_weekly_charge_gbp",
        "What that accommodation is charged a week, in pounds (0.00: free); set against the minimum wage's accommodation offset.",
        (t) =>
          t.accommodationWeeklyChargePence === null
            ? ""
            : ours((t.accommodationWeeklyChargePence / 100).toFixed(2)),
      ),
      column("employment_start_date", "The day employment began, as recorded (YYYY-MM-DD).", (t) =>
        ours(t.employmentStartDate ?? ""),
      ),
      column("employment_end_date", "The last day of employment, as recorded (YYYY-MM-DD).", (t) =>
        ours(t.employmentEndDate ?? ""),
      ),
      column(
        "working_days_per_week",
        "Days worked a week (holiday is 5.6 times it, at most 28 days).",
        (t) => t.workingDaysPerWeek ?? "",
      ),
      column("updated_at", `Last change (${WHEN}).`, (t) => utc(t.updatedAt)),
    ],
  } satisfies Kind<PayTermsRecord>,
  {
    file: "holiday_balances.csv",
    about:
      "Each current worker's statutory holiday for their leave year, worked out on the day of the export (docs/compliance.md explains the rules). Figures are days or hours, as unit says.",
    rows: (data) => data.holidayBalances ?? [],
    columns: [
      employeeColumn(),
      locationColumn(),
      column(
        "rule",
        "accrual: 12.07% of hours worked (Great Britain, irregular hours); pattern: 5.6 weeks.",
        (h) => ours(h.rule),
      ),
      column("unit", "days or hours.", (h) => ours(h.unit)),
      column("leave_year_start", "The leave year's first day (YYYY-MM-DD).", (h) => ours(h.leaveYearStart)),
      column("leave_year_end", "Its last day (YYYY-MM-DD).", (h) => ours(h.leaveYearEnd)),
      column(
        "entitlement",
        "The year's statutory holiday, pro rata; empty without a working week.",
        (h) => h.entitlement ?? "",
      ),
      column("accrued", "Earned so far.", (h) => h.accrued ?? ""),
      column("carried_over", "Carried over from the leave year before.", (h) => h.carriedOver),
      column("taken", "Taken up to the export's day.", (h) => h.taken),
      column("booked", "Booked from the day after to the leave year's end.", (h) => h.booked),
      column(
        "remaining",
        "What is left once taken and booked holiday are subtracted.",
        (h) => h.remaining ?? "",
      ),
    ],
  } satisfies Kind<HolidayBalanceRecord>,
  {
    file: "pay_rules.csv",
    about:
      "Each location's pay schedule, overtime and pay codes, as saved (a location that never saved its rules has no row and uses the defaults: weekly from Monday, no overtime, no premium days, exact minutes).",
    rows: (data) => data.payRules,
    columns: [
      locationColumn(),
      column("pay_frequency", "weekly, fortnightly, four_weekly or monthly.", (r) => ours(r.payFrequency)),
      column("pay_anchor_date", "A pay period's first day (YYYY-MM-DD).", (r) => ours(r.payAnchorDate)),
      column("daily_overtime_after_hours", "Overtime after this many hours a day; empty: none.", (r) =>
        hoursOf(r.dailyOvertimeAfterMinutes),
      ),
      column("weekly_overtime_after_hours", "Overtime after this many hours a week; empty: none.", (r) =>
        hoursOf(r.weeklyOvertimeAfterMinutes),
      ),
      column(
        "overtime_multiplier",
        "Overtime's rate as a multiple of the hourly rate.",
        (r) => r.overtimeMultiplier,
      ),
      column("premium_days", "none, sundays, bank_holidays or sundays_and_bank_holidays.", (r) =>
        ours(r.premiumDays),
      ),
      column(
        "premium_multiplier",
        "Premium days' rate as a multiple of the hourly rate.",
        (r) => r.premiumMultiplier,
      ),
      column("bank_holiday_region", "Whose bank holidays count.", (r) => ours(r.bankHolidayRegion)),
      column(
        "rounding_minutes",
        "Each day rounded to this many minutes, never below; empty: exact.",
        (r) => r.roundingMinutes ?? "",
      ),
      column("pay_code_basic", "The payroll's code for basic hours.", (r) => r.payCodes.basic),
      column("pay_code_overtime", "The payroll's code for overtime.", (r) => r.payCodes.overtime),
      column("pay_code_premium", "The payroll's code for premium days.", (r) => r.payCodes.premium),
      column("pay_code_unpaid_break", "The payroll's code for unpaid break.", (r) => r.payCodes.unpaid_break),
      column("updated_at", `Last change (${WHEN}).`, (r) => utc(r.updatedAt)),
    ],
  } satisfies Kind<PayRulesRecord>,
  {
    file: "employee_break_overrides.csv",
    about: "Employees whose break and working day differ from their location's.",
    rows: (data) => data.breakOverrides,
    columns: [
      employeeColumn(),
      column("break_minutes", "Their unpaid break per working day.", (o) => o.customBreakMinutes),
      column("work_hours", "Their standard working day, in hours.", (o) => o.customWorkHours),
      column("updated_at", `Last change (${WHEN}).`, (o) => utc(o.updatedAt)),
    ],
  } satisfies Kind<BreakOverrideRecord>,
  {
    file: "audit_log.csv",
    about:
      "Who changed what and when: every change a manager made to employees and sessions, and every timesheet correction (entity timesheet_entry) with its reason, before and after.",
    rows: (data) => data.audit,
    columns: [
      idColumn("The entry's id."),
      locationColumn(),
      column("entity", "What was changed (employee, session, ...).", (a) => ours(a.entity)),
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
