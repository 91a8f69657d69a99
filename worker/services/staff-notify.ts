import type { Db } from "../db/client";
import { employeeContacts } from "../db/employees";
import { mailerFor } from "./email";
import { pushToEmployee } from "./staff-push";

// Telling a staff member something (docs/staff-app.md, "Notifications"): by e-mail to their address, and by
// Web Push to each phone where they turned it on in the installed app.

export type StaffNotice = {
  /** What it is about, for the phone's notification grouping: "rota", "shift", "leave", "query", "claim". */
  kind: string;
  subject: string;
  /** The e-mail's text; the push shows `subject` and the first line of this. */
  text: string;
  /** Where in the staff app it opens: "/me", "/me/holiday"... */
  path: string;
};

/**
 * Sends a notice to each of these employees (of this location) who has an e-mail address (and pushes it to their phones). A failed
 * e-mail never undoes what it tells of: it is logged, and the staff app shows the same thing when opened.
 */
export async function notifyStaff(
  env: Env,
  db: Db,
  locationId: string,
  employeeIds: readonly string[],
  notice: StaffNotice,
) {
  if (employeeIds.length === 0) return;
  const people = await employeeContacts(db, locationId, employeeIds);
  const mailer = mailerFor(env, db);
  for (const person of people) {
    if (person.email) {
      await mailer
        .send({
          to: person.email,
          subject: notice.subject,
          text: `Hello ${person.firstName},\n\n${notice.text}\n\nClocked`,
        })
        .catch((error: unknown) => console.error(`staff notice not e-mailed: ${String(error)}`));
    }
    await pushNotice(env, db, person.id, notice);
  }
}

/** Web Push to the employee's subscribed phones: the subject, the text's first line, and where it opens. */
async function pushNotice(env: Env, db: Db, employeeId: string, notice: StaffNotice): Promise<void> {
  await pushToEmployee(env, db, employeeId, {
    kind: notice.kind,
    title: notice.subject,
    body: notice.text.split("\n")[0] ?? "",
    path: notice.path,
  });
}
