// What a kiosk is told and must act on, free of zod: the kiosk page reads these without loading the schema
// library (as ./socket-close.ts). docs/kiosk.md describes each.

/** Every call of a kiosk whose location was archived or whose account closed answers 410 with this. */
export const KIOSK_RETIRED = "This kiosk is no longer in use.";

/** The product's words for a locked employee (423); the answer adds for how long and what to do. */
export const LOCKED = "Account temporarily locked due to too many incorrect attempts";

/** "…. Try again in 15 minutes, or ask a manager to unlock you now." */
export function lockedFor(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${LOCKED}. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}, or ask a manager to unlock you now.`;
}

/**
 * The statuses a check-in asks about before it is recorded: the hub answers 409 with the question as `detail`
 * and the status as `leave_today`; the kiosk asks, and on a yes sends the submit again with `confirm_leave: true`.
 */
export const LEAVE_PROMPTS = { sick_leave: "sick leave", holiday: "holiday" } as const;
/** The 409's field naming the status (beside `detail`). */
export const LEAVE_TODAY = "leave_today";
export type LeavePrompt = keyof typeof LEAVE_PROMPTS;
export const isLeavePrompt = (status: unknown): status is LeavePrompt =>
  typeof status === "string" && Object.hasOwn(LEAVE_PROMPTS, status);
export const leaveQuestion = (status: LeavePrompt) =>
  `You're on ${LEAVE_PROMPTS[status]} today. Clock in anyway?`;
