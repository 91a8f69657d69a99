import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type {
  AttendanceSession,
  LegacyStaff,
  ShiftImport,
  SiteSnapshot,
  UsageReport,
} from "../domain/hub-exchange";
import { eighteenthBirthday } from "../domain/live-status";
import type { Db } from "./client";
import { idsIn } from "./ids-in";
import { defaultLocationSettings, phoneCircleOf, toKioskAppearance, youngNightOf } from "./location-settings";
import { openLocation } from "./locations";
import {
  attendanceSessions,
  employeeBreakOverrides,
  employeePay,
  employeeStatusHistory,
  employees,
  kioskDevices,
  locationDailyCheckIns,
  locationSettings,
  locations,
  shiftImports as shiftImportRows,
} from "./schema";

// What passes between the control plane (D1) and a location's hub: the snapshot the hub keeps of its
// location, what D1 recorded before hubs kept it (sessions, and staff's PINs, breaks and statuses: the
// backfill), and the usage hubs report.

/** The location as its kiosks need it, its staff and its paired devices: three reads in one batch. */
export async function readSiteSnapshot(db: Db, locationId: string): Promise<SiteSnapshot> {
  const [places, staff, devices] = await db.batch([
    db
      .select({
        id: locations.id,
        name: locations.name,
        timezone: locations.timezone,
        open: sql<number>`${openLocation(locationId)}`,
        punchWebhooks: sql<number>`EXISTS (
          SELECT 1 FROM webhook_endpoints
          WHERE user_id = ${locations.userId} AND enabled = 1
            AND EXISTS (SELECT 1 FROM json_each(events) WHERE value = 'attendance.punched'))`,
        settings: locationSettings,
      })
      .from(locations)
      .leftJoin(locationSettings, eq(locationSettings.locationId, locations.id))
      .where(eq(locations.id, locationId)),
    db
      .select({
        id: employees.id,
        firstName: employees.firstName,
        lastName: employees.lastName,
        username: employees.username,
        active: employees.active,
        deletedAt: employees.deletedAt,
        dateOfBirth: employeePay.dateOfBirth,
      })
      .from(employees)
      .leftJoin(employeePay, eq(employeePay.employeeId, employees.id))
      .where(eq(employees.locationId, locationId)),
    db
      .select({ id: kioskDevices.id })
      .from(kioskDevices)
      .where(and(eq(kioskDevices.locationId, locationId), isNull(kioskDevices.revokedAt))),
  ]);
  const [place] = places;
  if (!place) return { location: null, staff: [], devices: [] };
  const settings = place.settings ?? defaultLocationSettings(place.id);
  return {
    location: {
      id: place.id,
      name: place.name,
      timezone: place.timezone,
      open: Boolean(place.open),
      onlyPaired: settings.onlyPairedKiosks,
      recordBreaks: settings.recordBreaks,
      autoCloseAfterHours: settings.autoCloseAfterHours,
      workdayMinutes: Math.round(settings.workdayHours * 60),
      youngNight: youngNightOf(settings),
      lateGraceMinutes: settings.lateGraceMinutes,
      noShowMinutes: settings.noShowMinutes,
      payToRota: settings.payToRota,
      appearance: toKioskAppearance(settings),
      phoneClockIn: phoneCircleOf(settings),
      punchWebhooks: Boolean(place.punchWebhooks),
    },
    staff: staff.map(({ deletedAt, dateOfBirth, ...person }) => ({
      ...person,
      deleted: deletedAt !== null,
      adultFrom: dateOfBirth === null ? null : eighteenthBirthday(dateOfBirth),
    })),
    devices: devices.map((device) => device.id),
  };
}

/** Sessions D1 recorded for the location before its hub kept them, in (check-in, id) order, a page at a time. */
export async function legacySessions(
  db: Db,
  locationId: string,
  after: { checkIn: number; id: string } | null,
  limit: number,
): Promise<AttendanceSession[]> {
  const s = attendanceSessions;
  const rows = await db
    .select()
    .from(s)
    .where(
      and(
        eq(s.locationId, locationId),
        after
          ? or(gt(s.checkInAt, after.checkIn), and(eq(s.checkInAt, after.checkIn), gt(s.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(asc(s.checkInAt), asc(s.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    employeeId: row.employeeId,
    checkIn: row.checkInAt,
    checkOut: row.checkOutAt,
    closedBy: row.closedBy,
    createdAt: row.createdAt,
  }));
}

/** Shifts waiting for the location's hub (docs/rota.md, "Where it lives"). */
export async function shiftImports(db: Db, locationId: string): Promise<ShiftImport[]> {
  const rows = await db.select().from(shiftImportRows).where(eq(shiftImportRows.locationId, locationId));
  return rows.map((row) => ({
    id: row.id,
    employeeId: row.employeeId,
    start: row.startAt,
    end: row.endAt,
    breakMinutes: row.breakMinutes,
    role: row.role,
    notes: row.notes,
    publishedBy: row.publishedBy === null ? null : { id: row.publishedBy, name: row.publishedByName ?? "" },
  }));
}

/** The hub holds these shifts now. */
export async function forgetShiftImports(db: Db, ids: readonly string[]) {
  if (ids.length > 0) await db.delete(shiftImportRows).where(sql`${shiftImportRows.id} IN ${idsIn(ids)}`);
}

/**
 * A hub's usage, written in one batch. Totals, not increments, so a report sent twice (an alarm that ran
 * again after a failure) leaves the same figures; a device's last use only moves forward.
 */
export async function recordUsage(db: Db, locationId: string, usage: UsageReport, now = Date.now()) {
  const statements = [
    ...usage.days.map((day) =>
      db
        .insert(locationDailyCheckIns)
        .values({ locationId, day: day.day, checkIns: day.checkIns, updatedAt: now })
        .onConflictDoUpdate({
          target: [locationDailyCheckIns.locationId, locationDailyCheckIns.day],
          set: { checkIns: day.checkIns, updatedAt: now },
        }),
    ),
    ...usage.devices.map((device) =>
      db
        .update(kioskDevices)
        .set({ lastUsedAt: sql`max(coalesce(${kioskDevices.lastUsedAt}, 0), ${device.lastUsedAt})` })
        .where(and(eq(kioskDevices.id, device.id), eq(kioskDevices.locationId, locationId))),
    ),
  ];
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/**
 * What D1 held for these employees before their hub owned it (PIN hash, own breaks, status and its
 * periods), in one batch of three reads.
 */
export async function legacyStaff(db: Db, ids: readonly string[]): Promise<LegacyStaff[]> {
  if (ids.length === 0) return [];
  const h = employeeStatusHistory;
  const [people, overrides, periods] = await db.batch([
    db
      .select({
        id: employees.id,
        pinHash: employees.pinHash,
        status: employees.currentStatus,
        note: employees.statusNote,
      })
      .from(employees)
      .where(sql`${employees.id} IN ${idsIn(ids)}`),
    db
      .select()
      .from(employeeBreakOverrides)
      .where(sql`${employeeBreakOverrides.employeeId} IN ${idsIn(ids)}`),
    db
      .select()
      .from(h)
      .where(sql`${h.employeeId} IN ${idsIn(ids)}`)
      .orderBy(asc(h.createdAt), sql`${h}.rowid`),
  ]);
  return people.map((person) => {
    const history = periods.filter((p) => p.employeeId === person.id);
    const latest = history.at(-1);
    const override = overrides.find((o) => o.employeeId === person.id);
    return {
      id: person.id,
      pinHash: person.pinHash,
      status: {
        status: person.status,
        note: person.note,
        startDate: latest?.startDate ?? null,
        endDate: latest?.endDate ?? null,
      },
      override: override
        ? {
            customBreakMinutes: override.customBreakMinutes,
            customWorkHours: override.customWorkHours,
            updatedAt: override.updatedAt,
          }
        : null,
      history,
    };
  });
}

/** The hub holds these employees' PIN hashes now: D1 keeps none. */
export async function forgetPins(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db
    .update(employees)
    .set({ pinHash: "" })
    .where(and(sql`${employees.id} IN ${idsIn(ids)}`, sql`${employees.pinHash} <> ''`));
}
