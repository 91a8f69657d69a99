import type { UserRow } from "./db/accounts";
import type { Db } from "./db/client";
import type { SignedInStaff } from "./db/staff-sessions";
import type { Member } from "./domain/team-roles";

export type AppEnv = {
  Bindings: Env;
  Variables: {
    db: Db;
    requestId: string;
    /** Set by requireManager. */
    user: UserRow;
    /** Set with `user`: who is signed in, their role and locations (the owner's own for an owner). */
    member: Member;
    sessionToken: string;
    /** Set by requireKioskDevice: what the device token says (its hub checks the device is still paired). */
    kioskDevice: { id: string; locationId: string };
    /** Set by requireSuperAdmin. */
    superAdmin: { username: string; token: string };
    /** Set by requireStaff: the signed-in staff member (docs/staff-app.md). */
    staff: SignedInStaff;
  };
};
