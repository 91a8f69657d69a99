import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { STAFF_INVITATION_GAP_MS } from "../contracts/staff-invitations";
import type { Db } from "./client";
import { idsIn } from "./ids-in";
import { employees } from "./schema";

// Staff app invitations (docs/staff-app.md, "Invitations"): when each employee was last invited.

const atLocation = (locationId: string, ids: readonly string[]) =>
  and(
    eq(employees.locationId, locationId),
    isNull(employees.deletedAt),
    sql`${employees.id} IN ${idsIn(ids)}`,
  );

/** Those of `ids` who work at the location and are not archived, with their names and addresses. */
export const invitableStaff = (db: Db, locationId: string, ids: readonly string[]) =>
  db
    .select({
      id: employees.id,
      firstName: employees.firstName,
      lastName: employees.lastName,
      email: employees.email,
    })
    .from(employees)
    .where(atLocation(locationId, ids));

/**
 * Marks as invited now those with an address not invited in the last ten minutes, and answers them: one
 * statement, so two managers clicking at once send one e-mail each employee.
 */
export const claimInvitations = (db: Db, locationId: string, ids: readonly string[], now = Date.now()) =>
  db
    .update(employees)
    .set({ staffAppInvitedAt: now })
    .where(
      and(
        atLocation(locationId, ids),
        sql`${employees.email} IS NOT NULL`,
        or(
          isNull(employees.staffAppInvitedAt),
          lte(employees.staffAppInvitedAt, now - STAFF_INVITATION_GAP_MS),
        ),
      ),
    )
    .returning({ id: employees.id, firstName: employees.firstName, email: employees.email });
