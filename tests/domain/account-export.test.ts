import { describe, expect, it } from "vitest";
import { type AccountData, accountExportFiles } from "../../worker/domain/account-export";
import { parseCsv } from "../../worker/domain/csv";

// Ids are base64url, so one in 64 starts with "-", the character the formula guard escapes. The export's
// *_id columns must still name the same rows in every file, so an id is written as is; names are not.

const NOW = Date.UTC(2026, 10, 24, 12);
const data: AccountData = {
  account: {
    id: "-account",
    name: "=HYPERLINK(1)",
    email: "owner@example.com",
    username: "owner",
    createdAt: NOW,
    emailVerifiedAt: NOW,
    lastLoginAt: null,
    plan: "pro",
    subscriptionStatus: "active",
    isVip: false,
    trialEndsAt: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    stripeCustomerId: null,
    payrollCodes: '{"xero":{"basic":"=Ordinary"}}',
    rolledUpHolidayPay: true,
  },
  locations: [{ id: "-location", name: "Shop", timezone: "Europe/London", createdAt: NOW, deletedAt: null }],
  settings: [],
  employees: [
    {
      id: "-employee",
      locationId: "-location",
      firstName: "-Jane",
      lastName: "Doe",
      username: "jane",
      email: "jane@example.com",
      active: true,
      currentStatus: "active",
      statusNote: null,
      createdAt: NOW,
      deletedAt: null,
    },
  ],
  statusPeriods: [],
  sessions: [
    {
      id: "-session",
      locationId: "-location",
      employeeId: "-employee",
      checkInAt: NOW,
      checkOutAt: null,
      closedBy: null,
    },
  ],
  breaks: [
    {
      id: "-break",
      locationId: "-location",
      sessionId: "-session",
      employeeId: "-employee",
      startAt: NOW,
      endAt: null,
    },
  ],
  entries: [
    {
      id: "-session",
      locationId: "-location",
      employeeId: "-employee",
      checkInAt: NOW - 3_600_000 + 50_000,
      checkOutAt: NOW + 10_000,
      breaks: [{ start: NOW - 1_800_000, end: NOW - 600_000 }],
      source: "kiosk",
      corrected: true,
      voided: false,
      reason: "-1 hour: left early",
    },
  ],
  payTerms: [],
  payRules: [],
  breakOverrides: [],
  audit: [],
  team: [],
  devices: [],
  reports: [],
  questions: [],
  signIns: [],
};

function table(name: string): Record<string, string>[] {
  const file = accountExportFiles(data, NOW).find((f) => f.name === name);
  const [heading = [], ...rows] = parseCsv(file?.text ?? "");
  return rows.map((row) => Object.fromEntries(heading.map((column, i) => [column, row[i] ?? ""])));
}

describe("the account export's ids", () => {
  it("link a break to its session, employee and location even when an id starts with a minus sign", () => {
    const [session] = table("attendance_sessions.csv");
    expect(table("attendance_breaks.csv")).toEqual([
      expect.objectContaining({
        id: "-break",
        session_id: session?.id,
        employee_id: "-employee",
        location_id: "-location",
      }),
    ]);
    expect(session?.id).toBe("-session");
  });

  it("link a corrected entry to its kiosk session, and count its minutes as the timesheet does", () => {
    expect(table("timesheet_entries.csv")).toEqual([
      {
        id: "-session",
        location_id: "-location",
        employee_id: "-employee",
        check_in_at: "2026-11-24T11:00:50.000Z",
        check_out_at: "2026-11-24T12:00:10.000Z",
        breaks: "2026-11-24T11:30:00.000Z/2026-11-24T11:50:00.000Z",
        worked_minutes: "40",
        source: "kiosk",
        corrected: "yes",
        voided: "no",
        reason: "'-1 hour: left early",
      },
    ]);
  });

  it("carry the account's payroll codes and its rolled-up holiday pay choice", () => {
    expect(table("account.csv")[0]).toMatchObject({
      payroll_codes: '{"xero":{"basic":"=Ordinary"}}',
      rolled_up_holiday_pay: "yes",
    });
  });

  it("still guard the text people typed", () => {
    expect(table("account.csv")[0]).toMatchObject({ id: "-account", name: "'=HYPERLINK(1)" });
    expect(table("employees.csv")[0]).toMatchObject({
      id: "-employee",
      first_name: "'-Jane",
      email: "jane@example.com",
    });
  });
});
