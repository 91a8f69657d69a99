import type { StaffMe } from "@contracts/staff";

/** What every screen of the staff app gets: who is signed in, and how to sign out. */
export type StaffScreenProps = { me: StaffMe; onSignOut: () => void };
