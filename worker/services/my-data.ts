import { zipSync } from "fflate";
import { unavailableTimesOf } from "../db/availability";
import type { Db } from "../db/client";
import { findEmployeeById } from "../db/employees";
import { employeeLeaveRequests } from "../db/leave-requests";
import { pushSubscriptionsOf } from "../db/push-subscriptions";
import { passkeysOf } from "../db/staff-passkeys";
import type { SignedInStaff } from "../db/staff-sessions";
import { writeCsv } from "../domain/csv";
import { safeTimeZone } from "../domain/local-time";
import {
  attendanceTable,
  availabilityTable,
  type CsvTable,
  type EmployeeRecords,
  leaveRequestsTable,
  passkeysTable,
  positionsTable,
  profileTable,
  pushSubscriptionsTable,
  queriesTable,
  shiftsTable,
  statusTable,
} from "../domain/my-data";
import { queryView } from "../domain/staff-queries";
import { hubFor } from "../durable/client";

// "My data" (docs/staff-app.md): a staff member's own records as a ZIP of CSVs. The export is a list of
// sections, each reading one source: a new source is one more line.

type Sources = {
  env: Env;
  db: Db;
  staff: SignedInStaff;
  timeZone: string;
  /** The hub's records of this employee, read once whichever sections use them. */
  hub: () => Promise<EmployeeRecords>;
};

type Section = (sources: Sources) => Promise<CsvTable>;

const SECTIONS: readonly Section[] = [
  async ({ db, staff }) => {
    const employee = await findEmployeeById(db, staff.employeeId);
    return profileTable({
      firstName: staff.firstName,
      lastName: staff.lastName,
      email: staff.email,
      username: employee?.username ?? "",
      location: staff.location.name,
    });
  },
  async ({ hub, timeZone }) => attendanceTable((await hub()).entries, timeZone),
  async ({ hub }) => statusTable((await hub()).statusPeriods),
  async ({ hub, timeZone }) => shiftsTable((await hub()).shifts, timeZone),
  async ({ hub, timeZone }) => queriesTable((await hub()).queries.map(queryView), timeZone),
  async ({ db, staff, timeZone }) =>
    leaveRequestsTable(await employeeLeaveRequests(db, staff.employeeId), timeZone),
  async ({ db, staff }) => availabilityTable(await unavailableTimesOf(db, staff.employeeId)),
  async ({ db, staff, timeZone }) => passkeysTable(await passkeysOf(db, staff.employeeId), timeZone),
  async ({ hub, timeZone }) => positionsTable((await hub()).positions, timeZone),
  async ({ db, staff, timeZone }) =>
    pushSubscriptionsTable(await pushSubscriptionsOf(db, staff.employeeId), timeZone),
];

/** The ZIP and its file name, "clocked-my-data-YYYY-MM-DD.zip" (the day in the location's zone). */
export async function myDataZip(env: Env, db: Db, staff: SignedInStaff, now: number) {
  const timeZone = safeTimeZone(staff.location.timezone);
  let records: Promise<EmployeeRecords> | undefined;
  const sources: Sources = {
    env,
    db,
    staff,
    timeZone,
    hub: () => {
      records ??= hubFor(env, staff.location.id).employeeRecords(staff.employeeId);
      return records;
    },
  };
  const tables = await Promise.all(SECTIONS.map((section) => section(sources)));
  const encoder = new TextEncoder();
  const zip = zipSync(
    Object.fromEntries(tables.map((table) => [table.file, encoder.encode(writeCsv(table.rows))])),
    { level: 6, mtime: now },
  );
  const day = new Intl.DateTimeFormat("en-CA", { timeZone }).format(now);
  return { zip, filename: `clocked-my-data-${day}.zip` };
}
