import { z } from "zod";

// The e-mails each person who runs a location may turn off for themselves (docs/team.md, "Mail"):
// GET and PUT /api/user/email-preferences. A wrong-PIN alert cannot be turned off.

const choice = (label: string) => z.boolean({ error: `${label} must be true or false` });

export const emailPreferences = z.strictObject({
  /** The Monday report of each location they run. */
  weekly_report: choice("Weekly report"),
  /** The e-mail about sessions closed after a forgotten clock-out. */
  review: choice("Forgotten clock-out review"),
});
export type EmailPreferences = z.infer<typeof emailPreferences>;
