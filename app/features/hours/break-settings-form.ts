import type { BreakSettingsRequest, Customization } from "@contracts/settings";
import { AUTO_CLOSE_HOURS } from "@contracts/settings";

// The break settings card's fields as typed (./components/break-settings-card.tsx).

/** The saved settings the card shows. */
export type BreakSettings = Pick<Customization, keyof BreakSettingsRequest>;

export type BreakSettingsForm = {
  hours: string;
  start: string;
  end: string;
  minutes: string;
  deduct: boolean;
  recordBreaks: boolean;
  /** Whole hours, or "" for never. */
  autoClose: string;
};

/** The choices for closing forgotten clock-outs: never, or 4 to 24 hours. */
export const AUTO_CLOSE_CHOICES = Array.from(
  { length: AUTO_CLOSE_HOURS.max - AUTO_CLOSE_HOURS.min + 1 },
  (_, i) => AUTO_CLOSE_HOURS.min + i,
);

/** "Never" or "14 hours". */
export const autoCloseLabel = (hours: number | null) => (hours === null ? "Never" : `${hours} hours`);

export const formOf = (s: BreakSettings): BreakSettingsForm => ({
  hours: String(s.workday_hours),
  start: s.workday_start_time,
  end: s.workday_end_time,
  minutes: String(s.standard_break_minutes),
  deduct: s.break_deduction_enabled,
  recordBreaks: s.record_breaks,
  autoClose: s.auto_close_after_hours === null ? "" : String(s.auto_close_after_hours),
});
