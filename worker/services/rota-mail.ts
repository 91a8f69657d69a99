import type { Location } from "../contracts/locations";
import type { PublishResponse } from "../contracts/rota";
import type { Db } from "../db/client";
import { employeeContacts } from "../db/employees";
import { rotaCalendar } from "../domain/icalendar";
import { safeTimeZone } from "../domain/local-time";
import type { PlannedShift } from "../domain/rota";
import { formatDate, formatTimeAt, localDateOf, weekdayOf } from "../domain/time-zone";
import { mailerFor, rotaEmail } from "./email";
import { pushToEmployee } from "./staff-push";

/** What one employee is told when a week is published: their shifts now, and any they no longer have. */
export type StaffRotaChange = {
  employeeId: string;
  shifts: readonly PlannedShift[];
  cancelled: readonly PlannedShift[];
};

const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** "Tue 17/11 09:00–17:00, 30 min break, Barista" in the location's time. */
export function shiftLine(shift: PlannedShift, zone: string): string {
  const date = localDateOf(shift.start, zone);
  const when = `${DAYS[weekdayOf(date) - 1]} ${formatDate(date).slice(0, 5)} ${formatTimeAt(shift.start, zone)}–${formatTimeAt(shift.end, zone)}`;
  const parts = [when, shift.breakMinutes > 0 ? `${shift.breakMinutes} min break` : "no break"];
  if (shift.role) parts.push(shift.role);
  return parts.join(", ");
}

/** base64 of a text's UTF-8 bytes. */
function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * E-mails each affected employee who has an address their week (docs/rota.md, "Telling staff"), with an
 * iCalendar file; answers who was told and who has no address. A message that cannot be sent does not undo
 * the publish: that employee is listed as not told, for the manager to tell.
 */
export async function tellStaff(
  env: Env,
  db: Db,
  location: Location,
  week: string,
  changes: readonly StaffRotaChange[],
  now = Date.now(),
): Promise<Pick<PublishResponse, "notified" | "not_notified">> {
  const result: Pick<PublishResponse, "notified" | "not_notified"> = { notified: [], not_notified: [] };
  if (changes.length === 0) return result;
  const zone = safeTimeZone(location.timezone);
  const contacts = await employeeContacts(
    db,
    location.id,
    changes.map((c) => c.employeeId),
  );
  const people = new Map(contacts.map((p) => [p.id, p]));
  let mailer: ReturnType<typeof mailerFor> | null = null;
  for (const change of changes) {
    const person = people.get(change.employeeId);
    const told = {
      employee_id: change.employeeId,
      name: person ? `${person.firstName} ${person.lastName}` : "",
    };
    if (!person?.email) {
      result.not_notified.push(told);
      continue;
    }
    const byStart = (a: PlannedShift, b: PlannedShift) => a.start - b.start;
    const shifts = [...change.shifts].sort(byStart);
    const cancelled = [...change.cancelled].sort(byStart);
    const ics = rotaCalendar({
      locationName: location.name,
      timeZone: zone,
      shifts: [
        ...shifts.map((s) => ({ ...s, cancelled: false })),
        ...cancelled.map((s) => ({ ...s, cancelled: true })),
      ],
      stamp: now,
    });
    const mail = rotaEmail({
      firstName: person.firstName,
      locationName: location.name,
      week: formatDate(week),
      shifts: shifts.map((s) => shiftLine(s, zone)),
      cancelled: cancelled.map((s) => shiftLine(s, zone)),
    });
    try {
      mailer ??= mailerFor(env, db);
      await mailer.send({
        to: person.email,
        ...mail,
        attachments: [
          {
            filename: `rota-${week}.ics`,
            contentType: "text/calendar; charset=utf-8; method=PUBLISH",
            content: base64(ics),
          },
        ],
      });
      result.notified.push(told);
      // Those told by e-mail also get it on their phones, where they turned notifications on.
      await pushToEmployee(env, db, change.employeeId, {
        kind: "rota",
        title: mail.subject,
        body:
          shifts.length > 0
            ? shifts.map((s) => shiftLine(s, zone)).join("; ")
            : "Your shifts were cancelled.",
        path: "/me",
      });
    } catch (error) {
      // Never the address or the message in the log: who it was for is enough to look into it.
      console.error(
        `Rota e-mail for employee ${change.employeeId} not sent:`,
        error instanceof Error ? error.message : error,
      );
      result.not_notified.push(told);
    }
  }
  return result;
}
