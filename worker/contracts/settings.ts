import { z } from "zod";

// A location's customization and employees' break overrides, shared by the Worker and the
// SPA's forms. Its ranges are the product's documented limits (docs/api.md).

import {
  BACKGROUND_THEMES,
  type BackgroundTheme,
  BUTTON_SHAPES,
  type ButtonShape,
  type KioskAppearance,
} from "./appearance";

// The appearance values and type have one home, ./appearance.ts (zod-free, for the kiosk); re-exported here
// beside the customization they belong to.
export type { BackgroundTheme, ButtonShape, KioskAppearance };
export { BACKGROUND_THEMES, BUTTON_SHAPES };

export const WORKDAY_HOURS = { min: 1, max: 24, step: 0.5 } as const;
export const STANDARD_BREAK_MINUTES = { min: 0, max: 120 } as const;
export const CUSTOM_BREAK_MINUTES = { min: 0, max: 240 } as const;

const isHalfStep = (value: number) => Number.isInteger(value * 2);

const workHours = (label: string) => {
  const message = `${label} must be between ${WORKDAY_HOURS.min} and ${WORKDAY_HOURS.max}, in steps of ${WORKDAY_HOURS.step}`;
  return z
    .number({ error: message })
    .min(WORKDAY_HOURS.min, message)
    .max(WORKDAY_HOURS.max, message)
    .refine(isHalfStep, message);
};

const wholeMinutes = (label: string, range: { min: number; max: number }) => {
  const message = `${label} must be a whole number of minutes from ${range.min} to ${range.max}`;
  return z.number({ error: message }).int(message).min(range.min, message).max(range.max, message);
};

const clockTime = (label: string) => {
  const message = `${label} must be a time as HH:MM (24-hour clock)`;
  return z.string({ error: message }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, message);
};

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

export const breakSettingsFields = {
  workday_hours: workHours("Workday hours"),
  workday_start_time: clockTime("Workday start time"),
  workday_end_time: clockTime("Workday end time"),
  standard_break_minutes: wholeMinutes("Standard break", STANDARD_BREAK_MINUTES),
  break_deduction_enabled: flag("break_deduction_enabled"),
};
export type BreakSettingsField = keyof typeof breakSettingsFields;
export const BREAK_SETTINGS_FIELDS = Object.keys(breakSettingsFields) as BreakSettingsField[];

/**
 * Whether the kiosk records breaks (Start Break, End Break). Optional in both calls, so the original payloads
 * keep working unchanged; off until a manager turns it on.
 */
const recordBreaks = flag("record_breaks");

export const AUTO_CLOSE_HOURS = { min: 4, max: 24, default: 14 } as const;
const autoCloseMessage = `auto_close_after_hours must be null (off) or a whole number of hours from ${AUTO_CLOSE_HOURS.min} to ${AUTO_CLOSE_HOURS.max}`;
/** Forgotten clock-outs: a session open this long is closed by the hub and flagged for review; null is off. */
const autoCloseAfterHours = z
  .number({ error: autoCloseMessage })
  .int(autoCloseMessage)
  .min(AUTO_CLOSE_HOURS.min, autoCloseMessage)
  .max(AUTO_CLOSE_HOURS.max, autoCloseMessage)
  .nullable();

/** The rota's lateness thresholds (docs/rota.md, "Planned against actual, live"), minutes after a shift's start. */
export const LATE_GRACE_MINUTES = { min: 0, max: 60, default: 5 } as const;
export const NO_SHOW_MINUTES = { min: 5, max: 240, default: 30 } as const;
export const NO_SHOW_NOT_AFTER_GRACE = "no_show_minutes must be greater than late_grace_minutes";

const rotaSettingsFields = {
  /** Minutes after a shift's start before someone not in is late. */
  late_grace_minutes: wholeMinutes("late_grace_minutes", LATE_GRACE_MINUTES),
  /** Minutes after a shift's start before someone still not in is a no-show (the managers are e-mailed). */
  no_show_minutes: wholeMinutes("no_show_minutes", NO_SHOW_MINUTES),
  /** Pay each entry to its published shift (the pay rules in docs/rota.md); stored and shown here. */
  pay_to_rota: flag("pay_to_rota"),
};

/** Why a location's grace and no-show threshold cannot stand together, or null. */
export const rotaThresholdsProblem = (graceMinutes: number, noShowMinutes: number): string | null =>
  noShowMinutes > graceMinutes ? null : NO_SHOW_NOT_AFTER_GRACE;

/** PUT /api/manager/customization/{locationId}: the Daily Break Settings form, every field (record_breaks optional). */
export const breakSettingsRequest = z.strictObject({
  ...breakSettingsFields,
  record_breaks: recordBreaks.optional(),
  auto_close_after_hours: autoCloseAfterHours.optional(),
});
export type BreakSettingsRequest = z.infer<typeof breakSettingsRequest>;

/** PUT /api/manager/locations/{id}/customization: any of the editable fields (the logo has its own call). */
export const customizationPatch = z
  .strictObject({
    button_shape: z.enum(BUTTON_SHAPES, {
      error: `button_shape must be one of: ${BUTTON_SHAPES.join(", ")}`,
    }),
    background_theme: z.enum(BACKGROUND_THEMES, {
      error: `background_theme must be one of: ${BACKGROUND_THEMES.join(", ")}`,
    }),
    only_paired_kiosks: flag("only_paired_kiosks"),
    ...breakSettingsFields,
    record_breaks: recordBreaks,
    auto_close_after_hours: autoCloseAfterHours,
    ...rotaSettingsFields,
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, "Send at least one setting to change");
export type CustomizationPatch = z.infer<typeof customizationPatch>;

export type Customization = {
  location_id: string;
  button_shape: ButtonShape;
  background_theme: BackgroundTheme;
  /** Relative to the API base, e.g. /locations/{id}/logo?v=…; null without a logo. */
  logo_url: string | null;
  logo_filename: string | null;
  only_paired_kiosks: boolean;
  workday_hours: number;
  workday_start_time: string;
  workday_end_time: string;
  standard_break_minutes: number;
  break_deduction_enabled: boolean;
  /** Staff clock their breaks at the kiosk (Start Break, End Break). */
  record_breaks: boolean;
  /** Hours after which a session left open is closed and flagged for review; null: never. */
  auto_close_after_hours: number | null;
  /** Minutes after a published shift's start before someone not in shows as late (0–60). */
  late_grace_minutes: number;
  /** Minutes after its start before someone not in is a no-show (5–240, more than the grace). */
  no_show_minutes: number;
  /** Whether pay goes by the published shift rather than the punches (off by default). */
  pay_to_rota: boolean;
  /** ISO 8601; null while the location still has the defaults. */
  updated_at: string | null;
};

/** What a kiosk shows of its location's customization (GET /api/locations/{id}, the kiosk socket). */
export const kioskAppearance = z.object({
  button_shape: z.enum(BUTTON_SHAPES),
  background_theme: z.enum(BACKGROUND_THEMES),
  logo_url: z.string().nullable(),
}) satisfies z.ZodType<KioskAppearance>;

/** POST /api/manager/locations/{locationId}/logo. */
export type LogoUploadResponse = { logo_url: string; filename: string };
/** GET /api/locations/{locationId}/logo?v=: the version in the address (any other is revalidated). */
export const logoQuery = z.object({ v: z.string().optional() });
export type LogoRemoveResponse = { success: true };

export type CustomizationResponse = { customization: Customization };
export type SaveCustomizationResponse = { success: true; customization: Customization };

/** PUT /api/manager/employee-breaks/{locationId}/{employeeId}. */
export const breakOverrideRequest = z.strictObject({
  custom_break_minutes: wholeMinutes("Break minutes", CUSTOM_BREAK_MINUTES),
  custom_work_hours: workHours("Work hours"),
});
export type BreakOverrideRequest = z.infer<typeof breakOverrideRequest>;

export type BreakOverride = { employee_id: string; custom_break_minutes: number; custom_work_hours: number };
export type BreakOverridesResponse = { overrides: BreakOverride[] };
export type SaveBreakOverrideResponse = { success: true; override: BreakOverride };
