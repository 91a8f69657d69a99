import { runInDurableObject } from "cloudflare:test";
import { defaultLocationSettings } from "../../worker/db/location-settings";
import { locationSettings } from "../../worker/db/schema";
import { weekOf } from "../../worker/domain/rota";
import { newId } from "../../worker/lib/crypto";
import { db, hubStub } from "./kiosk";

// A published rota written straight into the location's hub, and pay to the rota switched on in D1: what the
// plan-against-timesheet tests (tests/api/rota-pay*.test.ts) need without going through the rota's own API.

/** A shift as published (what lateness, variance and pay go by), optionally changed since as a draft. */
export async function publishShift(
  locationId: string,
  employeeId: string | null,
  startIso: string,
  endIso: string,
  options: { breakMinutes?: number; draftOnly?: boolean } = {},
) {
  const id = newId();
  const start = Date.parse(startIso);
  const end = Date.parse(endIso);
  const breakMinutes = options.breakMinutes ?? 0;
  const published = options.draftOnly
    ? null
    : JSON.stringify({ employeeId, start, end, breakMinutes, role: null, notes: null });
  await runInDurableObject(hubStub(locationId), (_, state) => {
    state.storage.sql.exec(
      `INSERT INTO shifts (id, employee_id, start_at, end_at, break_minutes, role, notes, week, published_json,
         deleted, updated_at, updated_by, updated_by_name)
       VALUES (?, ?, ?, ?, ?, NULL, NULL, ?, ?, 0, ?, 'test', 'Test')`,
      id,
      employeeId,
      start,
      end,
      breakMinutes,
      weekOf(start, "Europe/London"),
      published,
      Date.now(),
    );
  });
  return id;
}

/** Pay to the rota on (or off) for the location, as its settings would store it. */
export async function setPayToRota(locationId: string, on: boolean) {
  await db()
    .insert(locationSettings)
    .values({ ...defaultLocationSettings(locationId), payToRota: on, updatedAt: Date.now() })
    .onConflictDoUpdate({ target: locationSettings.locationId, set: { payToRota: on } });
}
