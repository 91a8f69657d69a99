import type { KioskAction } from "../contracts/kiosk";
import type { ReportedPosition } from "../domain/geofence";

// Where each phone punch was made (table punch_positions, hub-schema.ts; docs/staff-app.md): the position the
// phone reported at that moment, already rounded, and its distance from the site. Nothing between punches.
// The rows live with the sessions they belong to, so erasing the hub's records erases them too.

export type PunchPosition = ReportedPosition & {
  sessionId: string;
  employeeId: string;
  action: KioskAction;
  at: number;
  /** Metres from the site's centre, rounded to the metre. */
  distance: number;
};

type Row = {
  session_id: string;
  employee_id: string;
  action: KioskAction;
  at: number;
  latitude: number;
  longitude: number;
  accuracy: number;
  distance: number;
};

const toPosition = (row: Row): PunchPosition => ({
  sessionId: row.session_id,
  employeeId: row.employee_id,
  action: row.action,
  at: row.at,
  latitude: row.latitude,
  longitude: row.longitude,
  accuracy: row.accuracy,
  distance: row.distance,
});

export class PunchPositions {
  constructor(private readonly sql: SqlStorage) {}

  add(position: PunchPosition) {
    this.sql.exec(
      `INSERT INTO punch_positions (session_id, employee_id, action, at, latitude, longitude, accuracy, distance)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      position.sessionId,
      position.employeeId,
      position.action,
      position.at,
      position.latitude,
      position.longitude,
      position.accuracy,
      Math.round(position.distance),
    );
    // A check-in by phone makes the session's source "phone".
    if (position.action === "check_in") {
      this.sql.exec("UPDATE sessions SET phone = 1 WHERE id = ?", position.sessionId);
    }
  }

  /** The phone punches of these sessions, oldest first. */
  of(sessionIds: readonly string[]): PunchPosition[] {
    if (sessionIds.length === 0) return [];
    return this.sql
      .exec<Row>(
        `SELECT session_id, employee_id, action, at, latitude, longitude, accuracy, distance
         FROM punch_positions WHERE session_id IN (SELECT value FROM json_each(?)) ORDER BY at, id`,
        JSON.stringify(sessionIds),
      )
      .toArray()
      .map(toPosition);
  }

  /** Every phone punch the hub holds, oldest first: the account export's. */
  all(): PunchPosition[] {
    return this.sql
      .exec<Row>(
        `SELECT session_id, employee_id, action, at, latitude, longitude, accuracy, distance
         FROM punch_positions ORDER BY at, id`,
      )
      .toArray()
      .map(toPosition);
  }
}
