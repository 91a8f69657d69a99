// Holiday carried from one leave year into the next (docs/compliance.md, "Holiday for every worker"):
// - by a relevant agreement, up to the 1.6 weeks of reg 13A leave (WTR 1998 reg 13A(7); NI 2016 reg 16(7)): the
//   account's carry-over cap, 0 to 1.6 weeks;
// - the 4 weeks of reg 13 leave a worker could not take because of sick leave or family leave (reg 13(10)–(11) as
//   inserted from 1 January 2024; NI reg 15(10)–(11)), whatever the cap.

export const MAX_AGREED_CARRY_WEEKS = 1.6;
export const PREVENTED_CARRY_WEEKS = 4;

/**
 * What carries over of `remaining` (in days or minutes) at a leave year's end, for a worker whose week is `week`
 * in the same unit: the agreed part first, up to the cap, then, when sick or family leave in that year kept them
 * from their holiday, up to 4 weeks more. Nothing carries from a year ended with no holiday left.
 */
export function carriedOver(input: {
  remaining: number;
  week: number;
  capWeeks: number;
  preventedBySickOrFamilyLeave: boolean;
}): { agreed: number; prevented: number; total: number } {
  const remaining = Math.max(0, input.remaining);
  const week = Math.max(0, input.week);
  const cap = Math.min(Math.max(0, input.capWeeks), MAX_AGREED_CARRY_WEEKS);
  const agreed = Math.min(remaining, cap * week);
  const prevented = input.preventedBySickOrFamilyLeave
    ? Math.min(remaining - agreed, PREVENTED_CARRY_WEEKS * week)
    : 0;
  return { agreed, prevented, total: agreed + prevented };
}
