import type { PayCodes } from "../contracts/pay";
import type { OpenTimeRange } from "./ranges";

// What an account holds, as plain records: read from D1 (worker/db/account-data.ts) and from the locations'
// hubs, and written out by the account export (account-export.ts).

export type AccountRecord = {
  id: string;
  name: string;
  email: string;
  username: string;
  createdAt: number;
  emailVerifiedAt: number | null;
  lastLoginAt: number | null;
  plan: string;
  subscriptionStatus: string;
  isVip: boolean;
  trialEndsAt: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  stripeCustomerId: string | null;
  /** Holiday (docs/compliance.md): the agreed leave year's first day, and the weeks that may carry over. */
  holidayYearStart?: string | null;
  holidayCarryOverWeeks?: number;
  /** Payroll (docs/payroll-exports.md): each format's codes as JSON (null: the defaults), rolled-up holiday pay. */
  payrollCodes?: string | null;
  rolledUpHolidayPay?: boolean;
};
export type LocationRecord = {
  id: string;
  name: string;
  timezone: string;
  createdAt: number;
  deletedAt: number | null;
};
export type SettingsRecord = {
  locationId: string;
  buttonShape: string;
  backgroundTheme: string;
  logoFilename: string | null;
  onlyPairedKiosks: boolean;
  workdayHours: number;
  workdayStartTime: string;
  workdayEndTime: string;
  standardBreakMinutes: number;
  breakDeductionEnabled: boolean;
  bankHolidaysFromLeave?: boolean;
  updatedAt: number;
};
export type EmployeeRecord = {
  id: string;
  locationId: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string | null;
  active: boolean;
  currentStatus: string;
  statusNote: string | null;
  createdAt: number;
  deletedAt: number | null;
};
export type StatusPeriodRecord = {
  id: string;
  employeeId: string;
  status: string;
  note: string | null;
  startDate: string;
  endDate: string | null;
  createdAt: number;
  createdBy: string;
};
export type SessionRecord = {
  id: string;
  locationId: string;
  employeeId: string;
  checkInAt: number;
  checkOutAt: number | null;
  closedBy: string | null;
};
export type BreakRecord = {
  id: string;
  locationId: string;
  sessionId: string;
  employeeId: string;
  startAt: number;
  endAt: number | null;
};
export type BreakOverrideRecord = {
  employeeId: string;
  customBreakMinutes: number;
  customWorkHours: number;
  updatedAt: number;
};
export type AuditRecord = {
  id: string;
  /** Who acted (a row from before teams: the owner, read so by the query). */
  actorId: string;
  actorName: string;
  /** Empty for an account-wide change or export. */
  locationId: string;
  entity: string;
  entityId: string;
  action: string;
  beforeJson: string | null;
  afterJson: string | null;
  createdAt: number;
};
export type DeviceRecord = {
  id: string;
  locationId: string;
  label: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
};
export type ReportRecord = {
  id: string;
  locationId: string;
  kind: string;
  period: string;
  startDate: string;
  endDate: string;
  createdAt: number;
};
/** A timesheet entry as it now stands, after every correction (the hubs' entries). */
export type EntryRecord = {
  id: string;
  locationId: string;
  employeeId: string;
  checkInAt: number;
  checkOutAt: number | null;
  breaks: OpenTimeRange[];
  source: string;
  corrected: boolean;
  voided: boolean;
  /** The manager's reason for the latest correction or the addition. */
  reason: string | null;
};
export type PayTermsRecord = {
  employeeId: string;
  locationId: string;
  payrollId: string | null;
  contractedWeeklyMinutes: number | null;
  hourlyRatePence: number | null;
  dateOfBirth: string | null;
  irregularHours: boolean;
  optOutSigned: string | null;
  optOutWithdrawn: string | null;
  apprenticeshipStart: string | null;
  accommodationDaysPerWeek: number | null;
  accommodationWeeklyChargePence: number | null;
  employmentStartDate?: string | null;
  employmentEndDate?: string | null;
  workingDaysPerWeek?: number | null;
  updatedAt: number;
};
/** A worker's holiday for their current leave year, worked out when the export is made (not stored). */
export type HolidayBalanceRecord = {
  employeeId: string;
  locationId: string;
  rule: string;
  unit: string;
  leaveYearStart: string;
  leaveYearEnd: string;
  entitlement: number | null;
  accrued: number | null;
  carriedOver: number;
  taken: number;
  booked: number;
  remaining: number | null;
};
export type PayRulesRecord = {
  locationId: string;
  payFrequency: string;
  payAnchorDate: string;
  dailyOvertimeAfterMinutes: number | null;
  weeklyOvertimeAfterMinutes: number | null;
  overtimeMultiplier: number;
  premiumDays: string;
  premiumMultiplier: number;
  bankHolidayRegion: string;
  roundingMinutes: number | null;
  /** Each pay element's code, the defaults filled in. */
  payCodes: PayCodes;
  updatedAt: number;
};
export type QuestionRecord = { id: string; query: string; createdAt: number };
export type SignInRecord = { createdAt: number; expiresAt: number };

/** A person on the account's team (the owner first), or an invitation not yet accepted. */
export type TeamRecord = {
  id: string;
  status: "member" | "invited";
  name: string | null;
  email: string;
  role: string;
  /** A location manager's locations; null: every location. */
  locationIds: string[] | null;
  mayApprovePay: boolean;
  lastSignInAt: number | null;
  invitedBy: string | null;
  expiresAt: number | null;
};

export type AccountData = {
  account: AccountRecord;
  team: TeamRecord[];
  locations: LocationRecord[];
  settings: SettingsRecord[];
  employees: EmployeeRecord[];
  statusPeriods: StatusPeriodRecord[];
  sessions: SessionRecord[];
  breaks: BreakRecord[];
  entries: EntryRecord[];
  payTerms: PayTermsRecord[];
  payRules: PayRulesRecord[];
  /** Worked out for the export from the records above; absent: none. */
  holidayBalances?: HolidayBalanceRecord[];
  breakOverrides: BreakOverrideRecord[];
  audit: AuditRecord[];
  devices: DeviceRecord[];
  reports: ReportRecord[];
  questions: QuestionRecord[];
  signIns: SignInRecord[];
};
