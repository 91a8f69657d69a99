import { exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { employeeStatusHistory, employees, locations } from "../../worker/db/schema";
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

export async function insertStatusPeriod(
  employeeId: string,
  status: string,
  startDate: string,
  endDate: string | null,
  createdAt = Date.now(),
) {
  await db().insert(employeeStatusHistory).values({
    id: newId(),
    employeeId,
    status,
    startDate,
    endDate,
    createdAt,
    createdBy: "test",
  });
}

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
