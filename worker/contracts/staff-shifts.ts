import { z } from "zod";
import { idParam, locationParams } from "./params";
import { isSafeText, unsafeTextMessage } from "./text";

// The staff app's shifts part (docs/staff-app.md, "My shifts, availability and open shifts"): their published
// shifts, the times each week they cannot work, and open shifts to claim. Zod for requests; the answers are
// plain types, which the staff app imports as types only.

/** How far ahead "My shifts" looks: eight weeks from the day asked for. */
export const MY_SHIFTS_DAYS = 56;

export const myShiftsQuery = z.object({
  from: z.iso.date({ error: "from must be a date, as YYYY-MM-DD" }).optional(),
});

/** One of my shifts, as published: instants (ISO 8601, UTC) and the location's local date and times. */
export type MyShift = {
  id: string;
  /** The local date it starts on (YYYY-MM-DD). */
  date: string;
  start_at: string;
  end_at: string;
  /** "09:00", in the location's zone. */
  start_local: string;
  end_local: string;
  location_name: string;
  role: string | null;
  break_minutes: number;
  notes: string | null;
};

export type MyShiftsResponse = {
  from: string;
  /** The last day included (YYYY-MM-DD). */
  to: string;
  /** The location's local date today, for highlighting it. */
  today: string;
  timezone: string;
  shifts: MyShift[];
};

// --- Availability: the times each week I cannot work ---

/** At most this many rows: three a day. */
export const MAX_UNAVAILABLE_ROWS = 21;
export const UNAVAILABLE_NOTE_MAX = 140;

const minuteOfDay = (label: string) =>
  z
    .number({ error: `${label} must be a number of minutes after midnight` })
    .int(`${label} must be a whole number of minutes`)
    .min(0, `${label} must be between 00:00 and 24:00`)
    .max(24 * 60, `${label} must be between 00:00 and 24:00`);

export const unavailableTime = z.strictObject({
  /** 1 Monday … 7 Sunday. */
  weekday: z
    .number({ error: "The weekday must be a number from 1 (Monday) to 7 (Sunday)" })
    .int("The weekday must be a number from 1 (Monday) to 7 (Sunday)")
    .min(1, "The weekday must be a number from 1 (Monday) to 7 (Sunday)")
    .max(7, "The weekday must be a number from 1 (Monday) to 7 (Sunday)"),
  /** Both null: all day. Otherwise local minutes after midnight, from before to. */
  from_minute: minuteOfDay("The start").nullable(),
  to_minute: minuteOfDay("The end").nullable(),
  note: z
    .string({ error: "The note must be text" })
    .trim()
    .max(UNAVAILABLE_NOTE_MAX, `The note must be at most ${UNAVAILABLE_NOTE_MAX} characters`)
    .refine(isSafeText, unsafeTextMessage("The note"))
    .nullish(),
});

export const availabilityRequest = z.strictObject({
  unavailable: z
    .array(unavailableTime, { error: "unavailable must be a list" })
    .max(MAX_UNAVAILABLE_ROWS, `At most ${MAX_UNAVAILABLE_ROWS} times can be listed.`),
});
export type AvailabilityRequest = z.input<typeof availabilityRequest>;

export type UnavailableTime = {
  weekday: number;
  from_minute: number | null;
  to_minute: number | null;
  note: string | null;
};
export type AvailabilityResponse = { unavailable: UnavailableTime[] };

export const UNAVAILABLE_HALF_OPEN = "Give both a start and an end, or neither for all day.";
export const UNAVAILABLE_FROM_BEFORE_TO = "Each time must end after it starts.";
export const UNAVAILABLE_OVERLAP = (day: string) => `Two of the times on ${day} overlap: join them into one.`;

// --- Open shifts and claims ---

export const openShiftParams = z.object({ shiftId: idParam("Shift id") });
export const claimParams = locationParams.extend({ claimId: idParam("Claim id") });

/** An open shift at my location: published, nobody's, not started. */
export type OpenShiftView = Omit<MyShift, "location_name"> & {
  /** My claim on it, if I made one. */
  my_claim: "pending" | "approved" | "declined" | null;
};
export type OpenShiftsResponse = { today: string; timezone: string; open_shifts: OpenShiftView[] };

export type ClaimResponse = { claim_id: string; status: "pending" | "approved" };

/** A claim waiting for a manager, on the Rota tab. */
export type PendingClaim = {
  claim_id: string;
  shift_id: string;
  employee_id: string;
  name: string;
  claimed_at: string;
  start_at: string;
  end_at: string;
  role: string | null;
};
export type PendingClaimsResponse = { claims: PendingClaim[] };

export const decideClaimRequest = z.strictObject({
  /** Approve although the rota's working-time checks warn about giving them the shift. */
  acknowledge_warnings: z.boolean({ error: "acknowledge_warnings must be true or false" }).optional(),
});

export type DecideClaimResponse = { claim_id: string; status: "approved" | "declined" };

export const claimSettingsRequest = z.strictObject({
  auto_approve_claims: z.boolean({ error: "auto_approve_claims must be true or false" }),
});
export type ClaimSettings = { auto_approve_claims: boolean };

export const CLAIM_NOT_FOUND = "Claim not found";
export const CLAIM_TAKEN = "This shift has already been given to someone.";
export const CLAIM_STARTED = "This shift has already started.";
export const CLAIM_ALREADY = "You've already claimed this shift.";
export const CLAIM_DECIDED = "This claim has already been decided.";
export const CLAIM_OVERLAP = (day: string, from: string, to: string) =>
  `This shift overlaps your shift on ${day} from ${from} to ${to}.`;
export const CLAIM_OVERLAP_MANAGER = (name: string, day: string, from: string, to: string) =>
  `${name} already has a shift on ${day} from ${from} to ${to}.`;
export const CLAIM_WARNINGS = (count: number) =>
  `Taking this shift would break ${count === 1 ? "a working-time rule" : `${count} working-time rules`}. Ask your manager about it.`;
export const CLAIM_WARNINGS_MANAGER = (count: number) =>
  `Giving them this shift raises ${count} working-time ${count === 1 ? "warning" : "warnings"}. Read ${count === 1 ? "it" : "them"}, then approve again to confirm.`;
