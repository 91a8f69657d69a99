import { z } from "zod";
import { KIOSK_ACTIONS, type KioskAction } from "./kiosk";

// Phone clock-in and Web Push (docs/staff-app.md, "Clocking in from the phone" and "Notifications"). Zod for
// requests; the answers are plain types the staff app imports as types only.

/** The radius a location may choose, in metres. */
export const RADIUS_METRES = { min: 50, max: 1_000, default: 150 } as const;
/** A phone less sure of itself than this is refused rather than given the benefit of a huge circle. */
export const MAX_ACCURACY_METRES = 1_000;

const latitude = z
  .number({ error: "latitude must be a number of degrees" })
  .min(-90, "latitude must be between -90 and 90")
  .max(90, "latitude must be between -90 and 90");
const longitude = z
  .number({ error: "longitude must be a number of degrees" })
  .min(-180, "longitude must be between -180 and 180")
  .max(180, "longitude must be between -180 and 180");
const RADIUS_PROBLEM = `radius_metres must be a whole number of metres from ${RADIUS_METRES.min} to ${RADIUS_METRES.max.toLocaleString("en-GB")}`;

/** PUT /api/manager/locations/{id}/phone-clock-in: any of the fields; the setting as it would stand is checked. */
export const phoneClockInPatch = z
  .strictObject({
    enabled: z.boolean({ error: "enabled must be true or false" }),
    latitude: latitude.nullable(),
    longitude: longitude.nullable(),
    radius_metres: z
      .number({ error: RADIUS_PROBLEM })
      .int(RADIUS_PROBLEM)
      .min(RADIUS_METRES.min, RADIUS_PROBLEM)
      .max(RADIUS_METRES.max, RADIUS_PROBLEM),
  })
  .partial();

export const PHONE_CLOCK_IN_NEEDS_POSITION =
  'Set the site\'s position before turning on phone clock-in: press "Use where I am now" while at the site.';
export const POSITION_NEEDS_BOTH = "latitude and longitude must be set together";

export type PhoneClockInSettings = {
  location_id: string;
  enabled: boolean;
  latitude: number | null;
  longitude: number | null;
  radius_metres: number;
};

/** POST /api/staff/me/clock: what to clock, and where the phone says it is. */
export const staffClockRequest = z.strictObject({
  action: z.enum(KIOSK_ACTIONS, { error: "Action must be check_in, check_out, break_start or break_end" }),
  latitude,
  longitude,
  accuracy: z
    .number({ error: "accuracy must be a number of metres" })
    .min(0, "accuracy must be a number of metres")
    // Anything past the limit is refused with its own words; this only keeps absurd numbers out.
    .max(1_000_000, "accuracy must be a number of metres"),
  /** Asked "You're on holiday today. Clock in anyway?" (a 409), and said yes. */
  confirm_leave: z.boolean({ error: "confirm_leave must be true or false" }).optional(),
});

export const TOO_VAGUE =
  "Your phone can't tell where you are precisely enough. Try again outside or turn on precise location.";
export const PHONE_CLOCK_IN_OFF = "Your location doesn't let staff clock in from their phones.";
export const PHONE_CLOCK_IN_NOT_ON_PLAN =
  "Clocking in from the phone isn't part of your employer's plan. Please use the kiosk.";

/** "You're 420 m from Camden High Street. Clock in when you're at work." */
export const tooFar = (metres: number, place: string, action: KioskAction) =>
  `You're ${metres.toLocaleString("en-GB")} m from ${place}. ${action === "check_out" ? "Clock out" : "Clock in"} when you're at work.`;

/** GET /api/staff/me/clock. */
export type StaffClockState = {
  enabled: boolean;
  location: { name: string; radius_metres: number };
  /** Whether breaks are clocked at this location (Start break and End break are offered). */
  record_breaks: boolean;
  state: { status: "out" } | { status: "in"; since: string } | { status: "on_break"; since: string };
};

export type StaffClockResponse = StaffClockState & { message: string };

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** POST /api/staff/me/push-subscriptions: a browser's PushSubscription, as its toJSON() gives it. */
export const pushSubscriptionRequest = z.object({
  endpoint: z.url({ error: "endpoint must be a URL" }).max(2_000, "endpoint is too long"),
  keys: z.object({
    p256dh: z.string().regex(BASE64URL, "keys.p256dh must be base64url").max(200, "keys.p256dh is too long"),
    auth: z.string().regex(BASE64URL, "keys.auth must be base64url").max(100, "keys.auth is too long"),
  }),
  expirationTime: z.number().nullable().optional(),
});

/** DELETE /api/staff/me/push-subscriptions: which one to forget. */
export const pushUnsubscribeRequest = z.strictObject({
  endpoint: z.url({ error: "endpoint must be a URL" }).max(2_000, "endpoint is too long"),
});

export const PUSH_NOT_CONFIGURED = "Notifications aren't set up on this server yet.";
export const PUSH_UNKNOWN_SERVICE = "That isn't a push service this app can send to.";

export type PushKeyResponse = { public_key: string };
