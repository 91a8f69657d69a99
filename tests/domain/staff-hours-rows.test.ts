import { describe, expect, it } from "vitest";
import type { EmployeeHours } from "../../worker/domain/hours";
import {
  exportRows,
  matchesStaffSearch,
  type StaffHours,
  type StaffMember,
  staffHoursRows,
} from "../../worker/domain/staff-hours-rows";

const member = (firstName: string, lastName: string, extra: Partial<StaffMember> = {}): StaffMember => ({
  id: `${firstName}-${lastName}`.toLowerCase(),
  firstName,
  lastName,
  username: `${firstName}${lastName[0]}`.toLowerCase(),
  deleted: false,
  ...extra,
});

const hours = (workedMinutes: number, extra: Partial<EmployeeHours> = {}): EmployeeHours => ({
  employeeId: "",
  grossMinutes: workedMinutes,
  breakMinutes: 0,
  workedMinutes,
  overtimeMinutes: 0,
  daysWorked: workedMinutes > 0 ? 1 : 0,
  openSessions: 0,
  inProgress: false,
  days: [],
  pieces: [],
  ...extra,
});

const staff = (m: StaffMember, h: EmployeeHours): StaffHours => ({
  member: m,
  hours: { ...h, employeeId: m.id },
});

describe("the Staff Hours Overview rows", () => {
  it("put the most hours first, ties alphabetically, with the text the screen shows", () => {
    const rows = staffHoursRows([
      staff(member("Zara", "Ahmed"), hours(600)),
      staff(member("Amelia", "Clarke"), hours(2250)),
      staff(member("ben", "Hughes"), hours(600)),
    ]);
    expect(rows.map((row) => [row.name, row.formatted_hours, row.formatted_time])).toEqual([
      ["Amelia Clarke", "37h 30m", "37h 30m"],
      ["ben Hughes", "10h 0m", "10h 0m"],
      ["Zara Ahmed", "10h 0m", "10h 0m"],
    ]);
    expect(rows[0]).toMatchObject({ total_minutes_absolute: 2250, worked_minutes: 2250, deleted: false });
  });

  it("list someone deleted only when they have time in the period", () => {
    const gone = member("Olly", "Left", { deleted: true });
    expect(staffHoursRows([staff(gone, hours(0))])).toEqual([]);
    expect(staffHoursRows([staff(gone, hours(90))])[0]).toMatchObject({ name: "Olly Left", deleted: true });
    expect(staffHoursRows([staff(gone, hours(0, { inProgress: true, openSessions: 1 }))])).toHaveLength(1);
  });

  it("answer a search with at most five rows, those with the most hours", () => {
    const many = Array.from({ length: 8 }, (_, i) => staff(member(`Sam${i}`, "Jones"), hours(i * 60)));
    const rows = staffHoursRows([...many, staff(member("Priya", "Patel"), hours(9999))], "jones");
    expect(rows.map((row) => row.name)).toEqual([
      "Sam7 Jones",
      "Sam6 Jones",
      "Sam5 Jones",
      "Sam4 Jones",
      "Sam3 Jones",
    ]);
    expect(staffHoursRows(many)).toHaveLength(8);
  });
});

describe("staff search", () => {
  const zoe = member("Zoë", "O'Brien", { username: "zoeo" });

  it("matches first name, last name, full name or username, ignoring case and accents", () => {
    for (const search of ["ZOE", "zoë", "o'bri", "Zoë O'B", "ZOEO", "  zo  "]) {
      expect(matchesStaffSearch(zoe, search), search).toBe(true);
    }
    expect(matchesStaffSearch(zoe, "amelia")).toBe(false);
    expect(matchesStaffSearch(zoe, "")).toBe(true);
  });
});

describe("export rows", () => {
  it("are alphabetical and leave out staff who left before the period", () => {
    const rows = exportRows([
      staff(member("Zara", "Ahmed"), hours(600)),
      staff(member("Amelia", "Clarke"), hours(0)),
      staff(member("Olly", "Left", { deleted: true }), hours(0)),
    ]);
    expect(rows.map((row) => row.employee.name)).toEqual(["Amelia Clarke", "Zara Ahmed"]);
  });
});
