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
  breakOverrides: [],
  audit: [],
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

  it("still guard the text people typed", () => {
    expect(table("account.csv")[0]).toMatchObject({ id: "-account", name: "'=HYPERLINK(1)" });
    expect(table("employees.csv")[0]).toMatchObject({ id: "-employee", first_name: "'-Jane" });
  });
});
