import { eq } from "drizzle-orm";
import { isBackgroundTheme, isButtonShape, type KioskAppearance } from "../contracts/appearance";
import {
  AUTO_CLOSE_HOURS,
  type Customization,
  type CustomizationPatch,
  LATE_GRACE_MINUTES,
  NO_SHOW_MINUTES,
} from "../contracts/settings";
import type { PhoneClockInSettings } from "../contracts/staff-phone";
import type { ClaimSettings } from "../contracts/staff-shifts";
import {
  type LocationWorkingTime,
  type LocationWorkingTimePatch,
  YOUNG_NIGHT_SECTORS,
  type YoungNightSector,
} from "../contracts/working-time-settings";
import type { SiteCircle } from "../domain/geofence";
import type { HoursSettings } from "../domain/hours";
import { type Actor, auditStatement } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { locationSettings } from "./schema";

export type LocationSettingsRow = typeof locationSettings.$inferSelect;

/** What a location has until its manager first saves. Mirrors the schema's defaults. */
export const defaultLocationSettings = (locationId: string): LocationSettingsRow => ({
  locationId,
  buttonShape: "rectangle",
  backgroundTheme: "white",
  logoKey: null,
  logoFilename: null,
  logoContentType: null,
  onlyPairedKiosks: false,
  workdayHours: 8,
  workdayStartTime: "09:00",
  workdayEndTime: "17:00",
  standardBreakMinutes: 30,
  breakDeductionEnabled: true,
  recordBreaks: false,
  autoCloseAfterHours: AUTO_CLOSE_HOURS.default,
  weeklyRestFortnightly: false,
  youngNightSector: "none",
  youngContractAfter22: false,
  bankHolidaysFromLeave: false,
  lateGraceMinutes: LATE_GRACE_MINUTES.default,
  noShowMinutes: NO_SHOW_MINUTES.default,
  payToRota: false,
  autoApproveClaims: false,
  phoneClockIn: false,
  siteLatitude: null,
  siteLongitude: null,
  phoneRadiusMetres: 150,
  updatedAt: 0,
});

/** The location's settings, or the defaults when it has never saved any (the row is made on first save). */
export async function readLocationSettings(db: Db, locationId: string): Promise<LocationSettingsRow> {
  const row = await db.query.locationSettings.findFirst({
    where: eq(locationSettings.locationId, locationId),
  });
  return row ?? defaultLocationSettings(locationId);
}

/** The random last part of the logo's R2 key: a new upload is a new version (and ETag). */
export const logoVersion = (logoKey: string) => logoKey.split("/").pop() ?? logoKey;

/** Relative to the API base; the version lets browsers cache a logo for good until it changes. */
export const logoUrl = (row: Pick<LocationSettingsRow, "locationId" | "logoKey">) =>
  row.logoKey
    ? `/locations/${encodeURIComponent(row.locationId)}/logo?v=${encodeURIComponent(logoVersion(row.logoKey))}`
    : null;

/** What a kiosk shows of the settings: its look, never the workday or break fields. */
export const toKioskAppearance = (row: LocationSettingsRow): KioskAppearance => {
  const { button_shape, background_theme, logo_url } = toCustomization(row);
  return { button_shape, background_theme, logo_url };
};

export function toCustomization(row: LocationSettingsRow): Customization {
  return {
    location_id: row.locationId,
    // A value no longer offered shows as the default.
    button_shape: isButtonShape(row.buttonShape) ? row.buttonShape : "rectangle",
    background_theme: isBackgroundTheme(row.backgroundTheme) ? row.backgroundTheme : "white",
    logo_url: logoUrl(row),
    logo_filename: row.logoFilename,
    only_paired_kiosks: row.onlyPairedKiosks,
    workday_hours: row.workdayHours,
    workday_start_time: row.workdayStartTime,
    workday_end_time: row.workdayEndTime,
    standard_break_minutes: row.standardBreakMinutes,
    break_deduction_enabled: row.breakDeductionEnabled,
    record_breaks: row.recordBreaks,
    auto_close_after_hours: row.autoCloseAfterHours,
    late_grace_minutes: row.lateGraceMinutes,
    no_show_minutes: row.noShowMinutes,
    pay_to_rota: row.payToRota,
    updated_at: row.updatedAt ? new Date(row.updatedAt).toISOString() : null,
  };
}

const isYoungNightSector = (value: string): value is YoungNightSector =>
  (YOUNG_NIGHT_SECTORS as readonly string[]).includes(value);

/** The location's working-time choices (docs/compliance.md, "What the employer decides"). */
export const toLocationWorkingTime = (row: LocationSettingsRow): LocationWorkingTime => ({
  location_id: row.locationId,
  weekly_rest_fortnightly: row.weeklyRestFortnightly,
  // A value no longer offered counts as no exception: the stricter reading.
  young_night_sector: isYoungNightSector(row.youngNightSector) ? row.youngNightSector : "none",
  young_contract_after_22: row.youngContractAfter22,
  bank_holidays_from_leave: row.bankHolidaysFromLeave,
});

/** What the young workers' night-work check needs (worker/domain/working-time-night.ts). */
export const youngNightOf = (row: LocationSettingsRow) => {
  const settings = toLocationWorkingTime(row);
  return { sector: settings.young_night_sector, contractAfter22: settings.young_contract_after_22 };
};

/** The circle staff may clock in from their phones within; null while it is off or has no position. */
export const phoneCircleOf = (row: LocationSettingsRow): SiteCircle | null =>
  row.phoneClockIn && row.siteLatitude !== null && row.siteLongitude !== null
    ? { latitude: row.siteLatitude, longitude: row.siteLongitude, radiusMetres: row.phoneRadiusMetres }
    : null;

/** The phone clock-in card's settings (docs/staff-app.md). */
export const toPhoneClockIn = (row: LocationSettingsRow): PhoneClockInSettings => ({
  location_id: row.locationId,
  enabled: row.phoneClockIn,
  latitude: row.siteLatitude,
  longitude: row.siteLongitude,
  radius_metres: row.phoneRadiusMetres,
});

/** What the hours engine needs from the settings. */
export const hoursSettingsOf = (row: LocationSettingsRow, timeZone: string): HoursSettings => ({
  timeZone,
  standardBreakMinutes: row.standardBreakMinutes,
  workdayHours: row.workdayHours,
  breakDeductionEnabled: row.breakDeductionEnabled,
});

const COLUMNS = {
  button_shape: "buttonShape",
  background_theme: "backgroundTheme",
  only_paired_kiosks: "onlyPairedKiosks",
  workday_hours: "workdayHours",
  workday_start_time: "workdayStartTime",
  workday_end_time: "workdayEndTime",
  standard_break_minutes: "standardBreakMinutes",
  break_deduction_enabled: "breakDeductionEnabled",
  record_breaks: "recordBreaks",
  auto_close_after_hours: "autoCloseAfterHours",
  weekly_rest_fortnightly: "weeklyRestFortnightly",
  young_night_sector: "youngNightSector",
  young_contract_after_22: "youngContractAfter22",
  bank_holidays_from_leave: "bankHolidaysFromLeave",
  late_grace_minutes: "lateGraceMinutes",
  no_show_minutes: "noShowMinutes",
  pay_to_rota: "payToRota",
  auto_approve_claims: "autoApproveClaims",
  phone_clock_in: "phoneClockIn",
  site_latitude: "siteLatitude",
  site_longitude: "siteLongitude",
  phone_radius_metres: "phoneRadiusMetres",
} as const satisfies Record<keyof SettingsPatch, keyof LocationSettingsRow>;

/** The customization, the working-time choices (contracts/working-time-settings.ts), open-shift claims and phone clock-in share the row. */
type SettingsPatch = Partial<
  CustomizationPatch & LocationWorkingTimePatch & ClaimSettings & PhoneClockInColumns
>;

/** The phone clock-in card's fields, by column (routes/location-settings.ts maps the request onto them). */
export type PhoneClockInColumns = {
  phone_clock_in: boolean;
  site_latitude: number | null;
  site_longitude: number | null;
  phone_radius_metres: number;
};

type Field = keyof typeof COLUMNS;

/**
 * Saves the fields that differ from what the location has, with an audit row of before and after in
 * the same batch. Nothing that differs: nothing is written. Answers the settings as they now are.
 */
export async function saveLocationSettings(
  db: Db,
  userId: string,
  actor: Actor,
  locationId: string,
  patch: SettingsPatch,
  now = Date.now(),
  action = "customization_changed",
): Promise<LocationSettingsRow> {
  const current = await readLocationSettings(db, locationId);
  const before: Partial<Record<Field, unknown>> = {};
  const after: Partial<Record<Field, unknown>> = {};
  const set: Partial<LocationSettingsRow> = {};
  for (const field of Object.keys(patch) as Field[]) {
    const value = patch[field];
    const column = COLUMNS[field];
    if (value === undefined || current[column] === value) continue;
    before[field] = current[column];
    after[field] = value;
    Object.assign(set, { [column]: value });
  }
  if (Object.keys(set).length === 0) return current;

  const updated = { ...current, ...set, updatedAt: now };
  await runBatch(db, [
    db
      .insert(locationSettings)
      .values(updated)
      .onConflictDoUpdate({ target: locationSettings.locationId, set: { ...set, updatedAt: now } }),
    auditStatement(
      {
        userId,
        actor,
        locationId,
        entity: "location",
        entityId: locationId,
        action,
        before,
        after,
      },
      undefined,
      now,
    ),
  ]);
  return updated;
}
