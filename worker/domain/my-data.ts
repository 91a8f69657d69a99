import type { EntryVersion, TimesheetQuery } from "../contracts/timesheets";
import type { StatusPeriodRecord } from "./account-export";
import { type CsvCell, ours } from "./csv";
import type { PlannedShift } from "./rota";
import type { StaffQuery } from "./staff-queries";
import { formatDate, formatDateAt, formatTimeAt } from "./time-zone";

// The staff app's "My data" (docs/staff-app.md): a staff member's own records as CSV tables, one per source.
// Pure: worker/services/my-data.ts reads the sources. Dates dd/mm/yyyy and times in the location's zone;
// every text a person typed is a plain (guarded) cell, so a note starting "=" reaches a spreadsheet as text.

/** One employee's records in their location's hub (durable/rooms/my-data.ts reads them). */
export type EmployeeRecords = {
  /** Each entry with every version: what was recorded, then each correction. */
  entries: { entryId: string; history: EntryVersion[] }[];
  statusPeriods: StatusPeriodRecord[];
  /** Their shifts as staff were told of them (published). */
  shifts: PlannedShift[];
  queries: StaffQuery[];
  /** Where each phone punch was made: the position kept at that moment, rounded (docs/staff-app.md). */
  positions: PunchPositionRecord[];
};

export type PunchPositionRecord = {
  action: string;
  at: number;
  latitude: number;
  longitude: number;
  accuracy: number;
  distance: number;
};

export type CsvTable = { file: string; rows: CsvCell[][] };

const heading = (...names: string[]) => names.map(ours);
const dateOf = (iso: string | null, zone: string) => (iso ? ours(formatDateAt(Date.parse(iso), zone)) : "");
const timeOf = (iso: string | null, zone: string) => (iso ? ours(formatTimeAt(Date.parse(iso), zone)) : "");
const day = (date: string | null) => (date ? ours(formatDate(date)) : "");

export function profileTable(profile: {
  firstName: string;
  lastName: string;
  email: string | null;
  username: string;
  location: string;
}): CsvTable {
  return {
    file: "profile.csv",
    rows: [
      heading("First name", "Last name", "E-mail", "Username", "Location"),
      [profile.firstName, profile.lastName, profile.email ?? "", profile.username, profile.location],
    ],
  };
}

/** Every version of every entry: what was recorded, then each correction with who, when and why. */
export function attendanceTable(entries: EmployeeRecords["entries"], zone: string): CsvTable {
  const rows: CsvCell[][] = [
    heading("Entry", "Version", "What", "Date", "In", "Out", "Breaks", "Void", "Changed on", "By", "Reason"),
  ];
  for (const { entryId, history } of entries) {
    for (const version of history) {
      const breaks = version.breaks
        .map(
          (b) =>
            `${formatTimeAt(Date.parse(b.start_at), zone)}–${b.end_at ? formatTimeAt(Date.parse(b.end_at), zone) : ""}`,
        )
        .join("; ");
      rows.push([
        ours(entryId),
        version.version,
        ours(version.action),
        dateOf(version.check_in_at, zone),
        timeOf(version.check_in_at, zone),
        timeOf(version.check_out_at, zone),
        ours(breaks),
        ours(version.voided ? "Yes" : "No"),
        version.version === 0
          ? ""
          : ours(
              `${formatDateAt(Date.parse(version.at), zone)} ${formatTimeAt(Date.parse(version.at), zone)}`,
            ),
        version.by ?? "",
        version.reason ?? "",
      ]);
    }
  }
  return { file: "attendance.csv", rows };
}

export function statusTable(periods: readonly StatusPeriodRecord[]): CsvTable {
  return {
    file: "status-periods.csv",
    rows: [
      heading("Status", "From", "To", "Note"),
      ...periods.map((p) => [p.status, day(p.startDate), day(p.endDate), p.note ?? ""]),
    ],
  };
}

export function shiftsTable(shifts: readonly PlannedShift[], zone: string): CsvTable {
  const iso = (instant: number) => new Date(instant).toISOString();
  return {
    file: "shifts.csv",
    rows: [
      heading("Date", "Start", "End", "Break (minutes)", "Role", "Notes"),
      ...shifts.map((s) => [
        dateOf(iso(s.start), zone),
        timeOf(iso(s.start), zone),
        timeOf(iso(s.end), zone),
        s.breakMinutes,
        s.role ?? "",
        s.notes ?? "",
      ]),
    ],
  };
}

export function queriesTable(queries: readonly TimesheetQuery[], zone: string): CsvTable {
  return {
    file: "queries.csv",
    rows: [
      heading("Raised on", "About", "Note", "Answer", "Answered by", "Answered on", "Reviewed"),
      ...queries.map((q) => [
        dateOf(q.created_at, zone),
        q.entry_id ? ours(`Entry ${q.entry_id}`) : day(q.date),
        q.note,
        q.answer ?? "",
        q.answered_by ?? "",
        dateOf(q.answered_at, zone),
        ours(q.reviewed ? "Yes" : "No"),
      ]),
    ],
  };
}

/** Their leave requests: what they asked for, and what was decided, by whom and why. */
export function leaveRequestsTable(
  requests: readonly {
    type: string;
    startDate: string;
    endDate: string;
    halfDay: string | null;
    note: string | null;
    status: string;
    uses: number;
    unit: string;
    decidedByName: string | null;
    decidedAt: number | null;
    decisionNote: string | null;
    createdAt: number;
  }[],
  zone: string,
): CsvTable {
  return {
    file: "leave-requests.csv",
    rows: [
      heading(
        "Asked on",
        "Type",
        "First day",
        "Last day",
        "Half day",
        "Uses",
        "Note",
        "Status",
        "Decided by",
        "Decided on",
        "Decision note",
      ),
      ...requests.map((r) => [
        ours(formatDateAt(r.createdAt, zone)),
        ours(r.type),
        day(r.startDate),
        day(r.endDate),
        ours(r.halfDay ?? ""),
        ours(`${r.uses} ${r.unit}`),
        r.note ?? "",
        ours(r.status),
        r.decidedByName ?? "",
        r.decidedAt === null ? "" : ours(formatDateAt(r.decidedAt, zone)),
        r.decisionNote ?? "",
      ]),
    ],
  };
}

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** The times each week they said they cannot work. */
export function availabilityTable(
  times: readonly {
    weekday: number;
    from_minute: number | null;
    to_minute: number | null;
    note: string | null;
  }[],
): CsvTable {
  return {
    file: "unavailable-times.csv",
    rows: [
      heading("Day", "From", "To", "Note"),
      ...times.map((t) => [
        ours(WEEKDAYS[t.weekday - 1] ?? ""),
        ours(t.from_minute === null ? "All day" : clock(t.from_minute)),
        ours(t.to_minute === null ? "" : clock(t.to_minute)),
        t.note ?? "",
      ]),
    ],
  };
}

/** Their passkeys: when each was added and last used (never a key). */
export function passkeysTable(
  passkeys: readonly { createdAt: number; lastUsedAt: number | null }[],
  zone: string,
): CsvTable {
  return {
    file: "passkeys.csv",
    rows: [
      heading("Added on", "Last used"),
      ...passkeys.map((p) => [
        ours(formatDateAt(p.createdAt, zone)),
        p.lastUsedAt === null ? "" : ours(formatDateAt(p.lastUsedAt, zone)),
      ]),
    ],
  };
}

const ACTIONS: Record<string, string> = {
  check_in: "Clocked in",
  check_out: "Clocked out",
  break_start: "Break started",
  break_end: "Break ended",
};

/** Each phone punch's position as kept: nothing is recorded between punches. */
export function positionsTable(positions: readonly PunchPositionRecord[], zone: string): CsvTable {
  return {
    file: "phone-punch-positions.csv",
    rows: [
      heading("Date", "Time", "What", "Latitude", "Longitude", "Accuracy (m)", "Distance from site (m)"),
      ...positions.map((p) => [
        ours(formatDateAt(p.at, zone)),
        ours(formatTimeAt(p.at, zone)),
        ours(ACTIONS[p.action] ?? p.action),
        p.latitude,
        p.longitude,
        p.accuracy,
        p.distance,
      ]),
    ],
  };
}

/** The phones that get notifications: the push service each belongs to, never its secret address or keys. */
export function pushSubscriptionsTable(
  subscriptions: readonly { endpoint: string; createdAt: number; lastSuccessAt: number | null }[],
  zone: string,
): CsvTable {
  return {
    file: "notification-phones.csv",
    rows: [
      heading("Push service", "Turned on", "Last notified"),
      ...subscriptions.map((s) => [
        ours(new URL(s.endpoint).host),
        ours(formatDateAt(s.createdAt, zone)),
        s.lastSuccessAt === null ? "" : ours(formatDateAt(s.lastSuccessAt, zone)),
      ]),
    ],
  };
}
