import type { PlannedShift } from "./rota";
import { zoneCalendar } from "./time-zone";

// A rota as an iCalendar file (RFC 5545) that staff open in their phone's calendar (docs/rota.md, "Telling
// staff"). Europe/London times are written as local times with the zone's VTIMEZONE, so a shift across the
// clock change reads as the rota does; any other zone's are written in UTC ("Z"), which every calendar converts.

const LONDON = "Europe/London";

/** A shift to put in the file: cancelled ones are sent so the calendar removes what it showed before. */
export type CalendarShift = Omit<PlannedShift, "employeeId"> & { cancelled: boolean };

export type RotaCalendar = {
  locationName: string;
  timeZone: string;
  shifts: readonly CalendarShift[];
  /** When the file is made (the publish): its DTSTAMP, and the SEQUENCE that makes a calendar take the update. */
  stamp: number;
};

/**
 * RFC 5545 §3.3.11: in a TEXT value a backslash, semicolon and comma are escaped with a backslash and a line
 * break is written as "\n".
 */
export const escapeText = (text: string) =>
  text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");

const encoder = new TextEncoder();

/**
 * RFC 5545 §3.1: lines longer than 75 octets are folded, a CRLF followed by one space, never inside a UTF-8
 * character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** "20261103T090000": a wall-clock time, from an epoch ms read as UTC. */
const basic = (wall: number) =>
  new Date(wall)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "");

const utc = (instant: number) => `${basic(instant)}Z`;

/** Europe/London since 1996: BST from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last of October. */
const LONDON_TIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/London",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0000",
  "TZOFFSETTO:+0100",
  "TZNAME:BST",
  "DTSTART:19810329T010000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0000",
  "TZNAME:GMT",
  "DTSTART:19961027T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

const breakText = (minutes: number) => (minutes > 0 ? `${minutes} min unpaid break` : "No break");

/** The .ics file of one employee's shifts: CRLF line endings, folded, METHOD:PUBLISH. */
export function rotaCalendar(input: RotaCalendar): string {
  const london = input.timeZone === LONDON;
  const calendar = zoneCalendar(input.timeZone);
  const time = (name: string, instant: number) =>
    london ? `${name};TZID=${LONDON}:${basic(calendar.wallTime(instant))}` : `${name}:${utc(instant)}`;
  // Each publish is a newer version of every event in it (§3.8.7.4): seconds since 2026 keep it rising.
  const sequence = Math.max(0, Math.floor((input.stamp - Date.UTC(2026, 0, 1)) / 1000));
  const events = input.shifts.flatMap((shift) => [
    "BEGIN:VEVENT",
    `UID:${shift.id}@clocked.app`,
    `DTSTAMP:${utc(input.stamp)}`,
    `SEQUENCE:${sequence}`,
    time("DTSTART", shift.start),
    time("DTEND", shift.end),
    `SUMMARY:${escapeText(`${shift.cancelled ? "Cancelled: " : ""}Shift at ${input.locationName}${shift.role ? ` (${shift.role})` : ""}`)}`,
    `DESCRIPTION:${escapeText([breakText(shift.breakMinutes), ...(shift.notes ? [shift.notes] : [])].join("\n"))}`,
    `LOCATION:${escapeText(input.locationName)}`,
    `STATUS:${shift.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
  ]);
  const lines = [
    "BEGIN:VCALENDAR",
    "PRODID:-//Clocked//Rota//EN",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(london ? LONDON_TIMEZONE : []),
    ...events,
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
