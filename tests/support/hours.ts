import { runInDurableObject } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { employees, locations } from "../../worker/db/schema";
import { newId } from "../../worker/lib/crypto";
import { api } from "./api";
import { db, hubStub, type Manager } from "./kiosk";

// Known histories copied into the location's hub (as the backfill does): the kiosk can only punch "now".

export async function insertSession(
  locationId: string,
  employeeId: string,
  checkIn: string,
  checkOut: string | null,
) {
  const id = newId();
  await hubStub(locationId).importSessions([
    {
      id,
      employeeId,
      checkIn: Date.parse(checkIn),
      checkOut: checkOut === null ? null : Date.parse(checkOut),
      closedBy: checkOut === null ? null : "kiosk",
      createdAt: Date.parse(checkIn),
    },
  ]);
  return id;
}

/** Runs `write` on the SQLite of the employee's location's hub (which owns their status and history). */
async function inEmployeesHub(employeeId: string, write: (sql: SqlStorage) => void) {
  const [row] = await db()
    .select({ locationId: employees.locationId })
    .from(employees)
    .where(eq(employees.id, employeeId));
  if (!row) throw new Error(`No employee ${employeeId}`);
  await runInDurableObject(hubStub(row.locationId), (_, state) => write(state.storage.sql));
}

/** A status period recorded at `createdAt`, as the hub keeps them (a known history). */
export const insertStatusPeriod = (
  employeeId: string,
  status: string,
  startDate: string,
  endDate: string | null,
  createdAt = Date.now(),
) =>
  inEmployeesHub(employeeId, (sql) =>
    sql.exec(
      `INSERT INTO status_history (id, employee_id, status, note, start_date, end_date, created_at, created_by)
       VALUES (?, ?, ?, NULL, ?, ?, ?, 'test')`,
      newId(),
      employeeId,
      status,
      startDate,
      endDate,
      createdAt,
    ),
  );

/** The employee's status periods as their hub keeps them, oldest first. */
export async function statusHistoryOf(employeeId: string) {
  type Row = {
    status: string;
    note: string | null;
    start_date: string;
    end_date: string | null;
    created_by: string;
  };
  let rows: Row[] = [];
  await inEmployeesHub(employeeId, (sql) => {
    rows = sql
      .exec<Row>(
        "SELECT status, note, start_date, end_date, created_by FROM status_history WHERE employee_id = ? ORDER BY created_at, rowid",
        employeeId,
      )
      .toArray();
  });
  return rows;
}

/** The employee's PIN hash as their hub keeps it (D1 keeps none). */
export async function pinHashOf(employeeId: string) {
  let hash: string | undefined;
  await inEmployeesHub(employeeId, (sql) => {
    hash = sql
      .exec<{ pin_hash: string }>("SELECT pin_hash FROM pins WHERE employee_id = ?", employeeId)
      .toArray()[0]?.pin_hash;
  });
  return hash;
}

/** The employee's status now, as the hub keeps it. */
export const setCurrentStatus = (employeeId: string, status: string) =>
  inEmployeesHub(employeeId, (sql) =>
    sql.exec(
      `INSERT INTO statuses (employee_id, status, updated_at) VALUES (?, ?, 0)
       ON CONFLICT (employee_id) DO UPDATE SET status = excluded.status`,
      employeeId,
      status,
    ),
  );

export const markDeleted = (employeeId: string) =>
  db().update(employees).set({ deletedAt: Date.now() }).where(eq(employees.id, employeeId));

/** Locations are made "now"; reports skip periods before a location existed, so tests date them back. */
export const backdateLocation = (locationId: string, iso = "2025-01-01T00:00:00Z") =>
  db()
    .update(locations)
    .set({ createdAt: Date.parse(iso) })
    .where(eq(locations.id, locationId));

export const get = (manager: Manager, path: string) => api("GET", path, { token: manager.token });

/** A raw response (for files): status, headers and the exact text, BOM included. */
export async function download(manager: Manager, path: string) {
  const response = await exports.default.fetch(`http://clocked.test${path}`, {
    headers: { Authorization: `Bearer ${manager.token}` },
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    text: new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(bytes),
  };
}
