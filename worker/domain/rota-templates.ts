import { BREAK_TOO_LONG, MAX_SHIFT_HOURS, SHIFT_TOO_LONG, TEMPLATE_ENDS_AT_START } from "../contracts/rota";

// Shift templates (docs/rota.md, "Planning"): local times of day; an end before the start is the next day.

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Minutes a template's shift lasts, across midnight when it ends before it starts. */
export const templateLength = (template: { start_time: string; end_time: string }) =>
  (minutesOf(template.end_time) - minutesOf(template.start_time) + 24 * 60) % (24 * 60);

/** Why a template cannot be kept as asked, or null. */
export function templateProblem(template: {
  start_time: string;
  end_time: string;
  break_minutes: number;
}): string | null {
  const length = templateLength(template);
  if (length === 0) return TEMPLATE_ENDS_AT_START;
  if (length > MAX_SHIFT_HOURS * 60) return SHIFT_TOO_LONG;
  if (template.break_minutes >= length) return BREAK_TOO_LONG;
  return null;
}
