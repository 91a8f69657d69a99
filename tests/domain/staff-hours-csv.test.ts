import { describe, expect, it } from "vitest";
import { csvFilename, formatHoursMinutes, parseCsv, staffHoursCsv } from "../../worker/domain/csv";
import { computeStaffHours, type HoursEmployee, type HoursSession } from "../../worker/domain/hours";
import { resolvePeriod } from "../../worker/domain/periods";
import golden from "./fixtures/staff-hours.golden.csv?raw";

const at = (iso: string) => Date.parse(iso);
const LONDON = "Europe/London";
const NOW = at("2026-11-20T12:00:00Z");

type Person = HoursEmployee & { username: string };
const people: Person[] = [
  { id: "alex", name: "Alex Smith", username: "alex.smith" },
  { id: "sam", name: "Sam Jones", username: "sam.jones" },
  { id: "link", name: '=HYPERLINK("http://x","y")', username: "hyperlink" },
  { id: "zoe", name: 'Zoë "Zee" Hart, Jr\nNights', username: "zoe" },
  { id: "plus", name: "+1", username: "-2" },
  { id: "sum", name: "@SUM(1)", username: "sum" },
];

let count = 0;
const shift = (employeeId: string, checkIn: string, checkOut: string | null): HoursSession => ({
  id: `session-${++count}`,
  employeeId,
  checkIn: at(checkIn),
  checkOut: checkOut === null ? null : at(checkOut),
});

/** March 2026 at a London shop: a day shift, a night over the clock change, a split day with overtime. */
function marchExport(): string {
  const period = resolvePeriod("month_2026_3", LONDON, NOW);
  if (!period) throw new Error("no period");
  const sessions = [
    shift("alex", "2026-03-28T22:00:00+00:00", "2026-03-29T06:00:00+01:00"),
    shift("alex", "2026-03-10T09:00:00Z", "2026-03-10T17:30:00Z"),
    shift("sam", "2026-03-12T08:00:00Z", "2026-03-12T12:00:00Z"),
    shift("sam", "2026-03-12T13:00:00Z", "2026-03-12T19:00:00Z"),
    shift("link", "2026-03-31T20:00:00+01:00", null),
    shift("zoe", "2026-03-05T10:00:00Z", "2026-03-05T12:15:00Z"),
  ];
  const settings = {
    timeZone: LONDON,
    standardBreakMinutes: 30,
    workdayHours: 8,
    breakDeductionEnabled: true,
  };
  const hours = computeStaffHours({ sessions, employees: people, settings, period, now: NOW });
  const staff = people.map((employee) => {
    const own = hours.find((h) => h.employeeId === employee.id);
    if (!own) throw new Error(`no hours for ${employee.id}`);
    return { employee, hours: own };
  });
  return staffHoursCsv({ timeZone: LONDON, staff });
}

describe("the staff hours export", () => {
  it("matches the golden file byte for byte", () => {
    const csv = marchExport();
    expect(csv).toBe(golden);
    expect(new TextEncoder().encode(csv)).toEqual(new TextEncoder().encode(golden));
  });

  it("starts with a byte order mark and ends every line with CRLF", () => {
    const csv = marchExport();
    expect(csv.startsWith("\uFEFFDate,Employee,")).toBe(true);
    expect(csv.endsWith("Grand total,,,,,30:45,1:00,1:30,,,,,\r\n")).toBe(true);
  });

  it("reads back as thirteen columns a row, with risky names guarded and the rest intact", () => {
    const rows = parseCsv(marchExport());
    expect(rows.every((row) => row.length === 13)).toBe(true);
    const names = new Set(rows.slice(1, -1).map((row) => row[1]));
    expect([...names]).toEqual([
      "Alex Smith",
      "Sam Jones",
      `'=HYPERLINK("http://x","y")`,
      'Zoë "Zee" Hart, Jr\nNights',
      "'+1",
      "'@SUM(1)",
    ]);
    expect(rows.find((row) => row[1] === "'+1")?.[2]).toBe("'-2");
  });

  it("shows a session still open as in progress", () => {
    const open = parseCsv(marchExport()).find((row) => row[2] === "hyperlink");
    expect(open).toEqual([
      "31/03/2026",
      `'=HYPERLINK("http://x","y")`,
      "hyperlink",
      "20:00",
      "In progress",
      "4:00",
      "0:00",
      "0:00",
      "",
      "",
      "",
      "",
      "",
    ]);
  });

  it("adds planned, actual and variance on each employee's total and the grand total when there was a rota", () => {
    const period = resolvePeriod("month_2026_3", LONDON, NOW);
    if (!period) throw new Error("no period");
    const sessions = [shift("alex", "2026-03-10T09:00:00Z", "2026-03-10T17:30:00Z")];
    const settings = { timeZone: LONDON, breakDeductionEnabled: false };
    const [alex, sam] = computeStaffHours({
      sessions,
      employees: people.slice(0, 2),
      settings,
      period,
      now: NOW,
    });
    if (!alex || !sam) throw new Error("no hours");
    const plan = new Map([
      ["alex", { plannedMinutes: 480, workedMinutes: 510 }],
      ["sam", { plannedMinutes: 240, workedMinutes: 0 }],
    ]);
    const staff = [
      { employee: people[0] as Person, hours: alex },
      { employee: people[1] as Person, hours: sam },
    ];
    const rows = parseCsv(staffHoursCsv({ timeZone: LONDON, staff, plan }));
    expect(rows[0]?.slice(-3)).toEqual(["Planned", "Actual", "Variance"]);
    expect(rows.filter((row) => row[0] === "Total").map((row) => row.slice(-3))).toEqual([
      ["8:00", "8:30", "+0:30"],
      ["4:00", "0:00", "-4:00"],
    ]);
    expect(rows.at(-1)?.slice(-3)).toEqual(["12:00", "8:30", "-3:30"]);
    expect(rows[1]?.slice(-3)).toEqual(["", "", ""]);
  });
});

describe("durations in the export", () => {
  it("are hours and minutes", () => {
    expect(formatHoursMinutes(0)).toBe("0:00");
    expect(formatHoursMinutes(5)).toBe("0:05");
    expect(formatHoursMinutes(450)).toBe("7:30");
    expect(formatHoursMinutes(1845)).toBe("30:45");
  });
});

describe("export file names", () => {
  it("name the location, the period and the day, in safe ASCII", () => {
    expect(csvFilename("Camden High Street", "month_2026_3", "2026-11-20")).toBe(
      "clocked-camden-high-street-month_2026_3-2026-11-20.csv",
    );
    expect(csvFilename("Café Zoë & Co. — Brighton!", "this_week", "2026-11-20")).toBe(
      "clocked-cafe-zoe-co-brighton-this_week-2026-11-20.csv",
    );
  });

  it("add the employee for a single person's export", () => {
    expect(csvFilename("Camden", "this_week", "2026-11-20", "Zoë O'Hart")).toBe(
      "clocked-camden-zoe-o-hart-this_week-2026-11-20.csv",
    );
  });

  it("cannot be steered into paths, headers or empty names", () => {
    expect(csvFilename("../../etc/passwd", "month_2026_3", "2026-11-20")).toBe(
      "clocked-etc-passwd-month_2026_3-2026-11-20.csv",
    );
    expect(csvFilename("東京店", "this_week\r\nX-Evil: 1", "2026-11-20")).toBe(
      "clocked-location-this_weekXEvil1-2026-11-20.csv",
    );
    expect(csvFilename("Shop", "this_week", "2026-11-20", "🙂")).toBe(
      "clocked-shop-employee-this_week-2026-11-20.csv",
    );
    const long = csvFilename("A".repeat(300), "this_week", "2026-11-20");
    expect(long.length).toBeLessThan(100);
    expect(long).toMatch(/^[a-z0-9_.-]+$/i);
  });
});
