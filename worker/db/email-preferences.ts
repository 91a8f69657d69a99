import { eq } from "drizzle-orm";
import type { EmailPreferences } from "../contracts/email-preferences";
import type { Db } from "./client";
import { users } from "./schema";

// One person's e-mail choices, on their own sign-in row (docs/team.md, "Mail").

export async function emailPreferencesOf(db: Db, personId: string): Promise<EmailPreferences> {
  const row = await db
    .select({ weekly_report: users.weeklyReportEmail, review: users.reviewEmail })
    .from(users)
    .where(eq(users.id, personId))
    .get();
  return row ?? { weekly_report: true, review: true };
}

export async function setEmailPreferences(db: Db, personId: string, choices: EmailPreferences) {
  await db
    .update(users)
    .set({ weeklyReportEmail: choices.weekly_report, reviewEmail: choices.review })
    .where(eq(users.id, personId));
}
