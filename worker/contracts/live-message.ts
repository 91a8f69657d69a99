// The dashboard's reading of a live socket's messages, free of zod: Live Status is the dashboard's first
// screen, and zod (about 25 kB gzipped) would otherwise load before it paints (docs/performance.md). The
// checks are those of the zod union in ./live.ts, as strict: the same values pass, unknown keys are dropped
// and the same defaults filled (tests/domain/live-message.test.ts holds the two together).
import { appearanceFromMessage } from "./appearance";
import type { ClientMessage, LiveStatus, ServerMessage } from "./live";

const INVALID = Symbol("invalid");
/** The value as the zod schema gives it back, or INVALID. */
type Check<T> = (value: unknown) => T | typeof INVALID;
type Checked<C> = C extends Check<infer T> ? T : never;

const string: Check<string> = (value) => (typeof value === "string" ? value : INVALID);
/** z.number().int(): a safe integer. */
const int: Check<number> = (value) => (Number.isSafeInteger(value) ? (value as number) : INVALID);
const oneOf =
  <const T extends string>(...values: T[]): Check<T> =>
  (value) =>
    (values as unknown[]).includes(value) ? (value as T) : INVALID;
const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value) =>
    value === null ? null : check(value);
const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (value) =>
    value === undefined ? undefined : check(value);
/** An empty list when the field is missing (`.default([])`). */
const listOr = <T>(check: Check<T>): Check<T[]> => {
  const list = array(check);
  return (value) => (value === undefined ? [] : list(value));
};
function array<T>(check: Check<T>): Check<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return INVALID;
    const items: T[] = [];
    for (const item of value) {
      const checked = check(item);
      if (checked === INVALID) return INVALID;
      items.push(checked);
    }
    return items;
  };
}
function object<S extends Record<string, Check<unknown>>>(
  shape: S,
): Check<{ [K in keyof S]: Checked<S[K]> }> {
  return (value) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return INVALID;
    const fields: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(shape)) {
      const checked = check((value as Record<string, unknown>)[key]);
      if (checked === INVALID) return INVALID;
      if (checked !== undefined) fields[key] = checked;
    }
    return fields as { [K in keyof S]: Checked<S[K]> };
  };
}

const person = { id: string, name: string, time: string, at: string };
const rotaShiftItem = {
  id: string,
  name: string,
  shift_id: string,
  shift: string,
  role: nullable(string),
  start_at: string,
  end_at: string,
};

/** The working-time rules Live Status warns of (./live.ts's enum is made from the same list). */
export const WARNING_RULES = ["daily_rest", "young_daily_limit", "young_night_work"] as const;

const liveStatus: Check<LiveStatus> = object({
  kpis: object({
    employees_checked_in: int,
    total_checkins_today: int,
    open_sessions: int,
    on_break: int,
  }),
  checked_in: array(object({ ...person, session_id: string, on_leave: optional(nullable(string)) })),
  on_break: array(object({ ...person, session_id: string })),
  checked_out: array(object(person)),
  warnings: listOr(
    object({
      id: string,
      name: string,
      rule: oneOf(...WARNING_RULES),
      detail: string,
      from: string,
    }),
  ),
  offline_refused: listOr(
    object({ id: nullable(string), name: string, action: string, at: string, time: string, detail: string }),
  ),
  locked_out: listOr(object({ id: string, name: string, until: string, time: string })),
  on_leave_today: listOr(object({ id: string, name: string, status: string })),
  due_soon: listOr(object(rotaShiftItem)),
  late: listOr(object({ ...rotaShiftItem, minutes: int, arrived_at: nullable(string) })),
  no_show: listOr(object(rotaShiftItem)),
  unscheduled: listOr(object(person)),
  left_early: listOr(object({ ...rotaShiftItem, minutes: int, left_at: string })),
  date: string,
  timezone: string,
  pin_alerts: array(
    object({
      kiosk: oneOf("public", "paired"),
      device_id: nullable(string),
      started_at: string,
      last_at: string,
      wrong_pins: int,
      refused: int,
      paused_until: nullable(string),
    }),
  ),
});

/** The union's members by their `type`, each checked as ./live.ts has it. */
const MESSAGES: Record<string, Check<ServerMessage>> = {
  appearance: (message) => {
    const data = appearanceFromMessage(message);
    return data ? { type: "appearance", data } : INVALID;
  },
  live_status: object({ type: oneOf("live_status"), data: liveStatus }),
  employees_changed: object({ type: oneOf("employees_changed") }),
  devices_changed: object({ type: oneOf("devices_changed") }),
  pong: object({ type: oneOf("pong") }),
  error: object({ type: oneOf("error"), detail: string }),
  closed: object({ type: oneOf("closed"), code: int, reason: string }),
};

/** A message from a location's hub as `serverMessage.safeParse` in ./live.ts reads it, or null if it fails. */
export function readServerMessage(message: unknown): ServerMessage | null {
  const type = typeof message === "object" && message !== null ? (message as { type?: unknown }).type : null;
  const read = typeof type === "string" && Object.hasOwn(MESSAGES, type) ? MESSAGES[type] : undefined;
  const checked = read?.(message);
  return checked === undefined || checked === INVALID ? null : checked;
}

/** The exact text of a ping, so the hub can answer it while hibernating. */
export const PING = JSON.stringify({ type: "ping" } satisfies ClientMessage);
export const PONG = JSON.stringify({ type: "pong" } satisfies ServerMessage);
