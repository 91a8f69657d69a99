import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { employees } from "./staff";

// Staff passkeys (docs/staff-app.md, "Signing in"): a phone's fingerprint or face signs its owner in to the
// staff app instead of an e-mailed code. Only public keys are kept; the private key never leaves the phone.

/** A staff member's passkey: the credential id and public key the phone made, and its signature counter. */
export const staffPasskeys = sqliteTable(
  "staff_passkeys",
  {
    id: text("id").primaryKey(),
    /** The credential id the authenticator chose (base64url): what a sign-in names. */
    credentialId: text("credential_id").notNull(),
    employeeId: text("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    /** How the phone reaches it ("internal", "hybrid", ...), as JSON: a hint for the next sign-in. */
    transports: text("transports").notNull().default("[]"),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at"),
  },
  (t) => [
    uniqueIndex("staff_passkeys_credential_id_unique").on(t.credentialId),
    index("staff_passkeys_employee_idx").on(t.employeeId),
  ],
);

/**
 * A one-use WebAuthn challenge, five minutes: for adding a passkey (with the employee) or for signing in
 * (without one: the passkey names its owner). Claimed by deleting it, so a replayed answer finds none.
 */
export const staffPasskeyChallenges = sqliteTable(
  "staff_passkey_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose", { enum: ["register", "sign-in"] }).notNull(),
    employeeId: text("employee_id").references(() => employees.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("staff_passkey_challenges_expires_idx").on(t.expiresAt)],
);
