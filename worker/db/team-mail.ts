import { and, eq, exists, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "./client";
import { locations, memberLocations, users } from "./schema";

// Who hears about a location (docs/team.md, "Mail"): its owner, the account's admins and the location
// managers assigned to it, each unless they turned that e-mail off. Payroll members run pay, not the shop, and
// are not mailed about it.

/** The e-mails about a location: the Monday report, the review of forgotten clock-outs, a wrong-PIN alert. */
export type LocationMail = "weekly_report" | "review" | "alert";

export type Recipient = {
  name: string;
  email: string;
  /** May approve and export pay at the location: the Monday report's approval line is for them. */
  mayApprovePay: boolean;
};

/** A wrong-PIN alert is about the kiosk's security: nobody who runs the location can turn it off. */
const wants: Record<LocationMail, SQL> = {
  weekly_report: sql`${users.weeklyReportEmail} = 1`,
  review: sql`${users.reviewEmail} = 1`,
  alert: sql`1`,
};

/** The location's name, zone and recipients, archived or not; undefined when the location is gone. */
export async function locationRecipients(db: Db, locationId: string, mail: LocationMail) {
  const location = await db
    .select({ name: locations.name, timezone: locations.timezone, accountId: locations.userId })
    .from(locations)
    .where(eq(locations.id, locationId))
    .get();
  if (!location) return undefined;
  const rows = await db
    .select({
      name: users.name,
      email: users.email,
      accountId: users.accountId,
      role: users.role,
      mayApprovePay: users.mayApprovePay,
    })
    .from(users)
    .where(
      and(
        or(eq(users.id, location.accountId), eq(users.accountId, location.accountId)),
        isNull(users.closedAt),
        wants[mail],
        or(
          isNull(users.accountId),
          eq(users.role, "admin"),
          and(
            eq(users.role, "location_manager"),
            exists(
              db
                .select({ one: sql`1` })
                .from(memberLocations)
                .where(
                  and(eq(memberLocations.memberId, users.id), eq(memberLocations.locationId, locationId)),
                ),
            ),
          ),
        ),
      ),
    )
    .orderBy(sql`${users.accountId} IS NOT NULL`, users.name);
  return {
    locationName: location.name,
    timezone: location.timezone,
    recipients: rows.map(
      (row): Recipient => ({
        name: row.name,
        email: row.email,
        mayApprovePay: row.accountId === null || row.role === "admin" || row.mayApprovePay,
      }),
    ),
  };
}
