import { z } from "zod";
import type { KioskAppearance } from "./appearance";
import { firstName, lastName, pin } from "./employees";
import type { LiveTicketResponse } from "./live";
import { idParam, locationParams } from "./params";
import { isSafeText, unsafeTextMessage } from "./text";

// The kiosk's calls (a public kiosk and a paired one), shared by the Worker and the SPA.

/** The two original actions, and the break actions a location that records breaks also offers. */
export const KIOSK_ACTIONS = ["check_in", "check_out", "break_start", "break_end"] as const;
export type KioskAction = (typeof KIOSK_ACTIONS)[number];
export const BREAK_ACTIONS = ["break_start", "break_end"] as const satisfies readonly KioskAction[];

const action = z.enum(KIOSK_ACTIONS, {
  error: "Action must be check_in, check_out, break_start or break_end",
});

/**
 * Both submit payloads in one contract: the overlay sends {username, pin, action}, the kiosk page
 * {location_id, first_name, last_name, pin, action}. The employee is named one way or the other.
 */
export const kioskSubmitRequest = z
  .strictObject({
    username: z.string().trim().min(1, "Please choose your name").max(100).optional(),
    location_id: z.string().max(100).optional(),
    first_name: firstName.optional(),
    last_name: lastName.optional(),
    pin,
    action,
    /** Yes to "You're on sick leave today. Clock in anyway?" (docs/kiosk.md); only a check-in asks. */
    confirm_leave: z.boolean({ error: "confirm_leave must be true or false" }).optional(),
  })
  .superRefine((body, ctx) => {
    const byName = body.first_name !== undefined || body.last_name !== undefined;
    if (body.username === undefined && !(body.first_name && body.last_name)) {
      ctx.addIssue({ code: "custom", message: "Please choose your name" });
    } else if (body.username !== undefined && byName) {
      ctx.addIssue({ code: "custom", message: "Send either username or first and last name, not both" });
    }
  })
  .transform(({ username, first_name, last_name, ...rest }) => ({
    ...rest,
    employee:
      username !== undefined
        ? ({ username } as const)
        : ({ first_name: first_name ?? "", last_name: last_name ?? "" } as const),
  }));

export type KioskSubmitRequest = z.input<typeof kioskSubmitRequest>;
export type EmployeeReference = { username: string } | { first_name: string; last_name: string };

export { IDEMPOTENCY_KEY_HEADER } from "./kiosk-header";

import { OFFLINE_MAX_PUNCHES as OFFLINE_MAX_PUNCHES_LIMIT } from "./offline-punch";
export const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, "Idempotency-Key must be 8 to 100 letters, digits or - _ . :");

export type KioskSubmitResponse = { success: true; message: string };
/**
 * The location as a kiosk shows it: its name and its look, and whether its staff clock their
 * breaks too (then step 1 offers Start Break and End Break beside Check In and Check Out).
 */
export type KioskLocation = { id: string; name: string; record_breaks: boolean } & KioskAppearance;

/** A public kiosk (variant A) at a location whose manager switched on "only paired kiosks" (403). */
export const ONLY_PAIRED_KIOSKS =
  "This kiosk must be paired with the location by a manager before staff can clock in here.";

const initial = z.string().refine((value) => [...value].length === 1, "Initial must be a single letter");
/** `/employees/by-initial/{initial}`: a paired kiosk's staff whose first name starts with it. */
export const initialParams = z.object({ initial });
/** `/employees/by-initial/{locationId}/{initial}`: the same at a public kiosk. */
export const locationInitialParams = locationParams.extend({ initial });
export type InitialsResponse = { initials: string[] };
export type KioskEmployee = { id: string; first_name: string; last_name: string; username: string };
export type KioskEmployeesResponse = { employees: KioskEmployee[] };

// Paired kiosk devices (variant B).

/** A paired device's name in the devices list; absent or empty: "Kiosk". */
const deviceLabel = z.preprocess(
  (value) => (value === null || value === "" ? undefined : value),
  z
    .string()
    .refine(isSafeText, unsafeTextMessage("Label"))
    .trim()
    .min(1)
    .max(60, "Label must be at most 60 characters")
    .optional(),
);

export const pairDeviceRequest = z.strictObject({ label: deviceLabel });

export type PairDeviceResponse = { device_id: string; token: string; label: string; location_id: string };

// Pairing a tablet by a one-time code (docs/kiosk.md): the manager never signs in on the tablet.

/** No 0/O, 1/I/L: a code read off one screen is typed right on another. */
export const PAIRING_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const PAIRING_CODE_LENGTH = 8;
export const PAIRING_CODE_MINUTES = 10;
const PAIRING_CODE_MESSAGE = "A pairing code is 8 letters and digits, like ABCD-2345";
const PAIRING_CODE = new RegExp(`^[${PAIRING_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`);

/** As typed (any case, with or without the hyphen or spaces), checked in the form the server hashes. */
export const pairingCode = z
  .string({ error: PAIRING_CODE_MESSAGE })
  .max(32, PAIRING_CODE_MESSAGE)
  .transform((typed) => typed.toUpperCase().replace(/[\s-]/g, ""))
  .refine((code) => PAIRING_CODE.test(code), PAIRING_CODE_MESSAGE);

/** POST /api/kiosk/pair: the tablet trades the code (and its own name, e.g. "Safari on a tablet") for a token. */
export const pairWithCodeRequest = z.strictObject({ code: pairingCode, label: deviceLabel });
export type PairWithCodeRequest = z.input<typeof pairWithCodeRequest>;

/** A new code, shown once as XXXX-XXXX; `expires_at` ISO 8601, `expires_in` seconds. */
export type PairingCodeResponse = { code: string; expires_at: string; expires_in: number };
/** `/{locationId}/{deviceId}`: one paired device of one of the caller's locations. */
export const deviceParams = locationParams.extend({ deviceId: idParam("Device id") });
export type KioskDevice = { id: string; label: string; created_at: string; last_used_at: string | null };
export type KioskDevicesResponse = { devices: KioskDevice[] };
export type PairedLocationResponse = KioskLocation & { device_id: string };
export type RevokeDevicesResponse = { success: true; revoked: number };
/** POST /api/kiosk-live/ticket: a paired kiosk's 60-second ticket for its appearance socket. */
export type KioskTicketResponse = LiveTicketResponse & { location_id: string };

// --- Offline punches: a paired kiosk's queue, sent when the network returns ---

export {
  OFFLINE_FUTURE_SKEW_MS,
  OFFLINE_MAX_AGE_MS,
  OFFLINE_MAX_PUNCHES,
  offlineContext,
} from "./offline-punch";

const base64 = z
  .string()
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, "Not base64")
  .max(512);
const coordinate = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "Not a P-256 coordinate");
export const sealedPin = z.object({
  epk: z.object({ kty: z.literal("EC"), crv: z.literal("P-256"), x: coordinate, y: coordinate }),
  iv: base64,
  ct: base64,
});

export const offlinePunch = z.strictObject({
  key: idempotencyKey,
  username: z.string().trim().min(1, "Please choose your name").max(100),
  action,
  /** When the worker punched, by the device's clock (ISO 8601). */
  at: z.iso.datetime({ error: "A punch's time must be an ISO 8601 date and time" }),
  sealed_pin: sealedPin,
});
export type OfflinePunch = z.infer<typeof offlinePunch>;

export const offlinePunchesRequest = z.strictObject({
  punches: z
    .array(offlinePunch)
    .min(1, "Send at least one punch")
    .max(OFFLINE_MAX_PUNCHES_LIMIT, `Send at most ${OFFLINE_MAX_PUNCHES_LIMIT} punches at a time`),
});

export const OFFLINE_REFUSALS = [
  "unknown_employee",
  "unreadable_pin",
  "future",
  "too_old",
  "out_of_order",
  "wrong_pin",
  "locked",
  "not_allowed",
] as const;
export type OfflineRefusal = (typeof OFFLINE_REFUSALS)[number];

/** One answer per punch, in order; the same answer again for a punch sent twice. */
export type OfflinePunchResult =
  | { key: string; status: "recorded" }
  | { key: string; status: "refused"; reason: OfflineRefusal };
export type OfflinePunchesResponse = { results: OfflinePunchResult[] };

/** The location hub's public key, which a paired kiosk seals offline PINs to. */
export type SealKeyResponse = { public_key: JsonWebKey };
