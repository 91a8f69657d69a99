import { z } from "zod";
import { WARNING_RULES } from "./live-message";
import { kioskAppearance } from "./settings";

// Live status and the WebSocket messages between a location's dashboard and its LocationHub.

/** A published shift in Live Status: whose, its local "HH:MM–HH:MM", role, and its instants (ISO 8601). */
const rotaShiftItem = {
  id: z.string(),
  name: z.string(),
  shift_id: z.string(),
  shift: z.string(),
  role: z.string().nullable(),
  start_at: z.string(),
  end_at: z.string(),
};

export const liveStatus = z.object({
  kpis: z.object({
    /** Employees with an open session that began today (local day). */
    employees_checked_in: z.number().int(),
    /** Check-ins that began today, open or closed. */
    total_checkins_today: z.number().int(),
    /** Every open session, including any left open from an earlier day. */
    open_sessions: z.number().int(),
    /** Employees on a break they clocked at the kiosk (locations that record breaks). */
    on_break: z.number().int(),
  }),
  /** Open sessions, earliest check-in first. `id` is the employee id. */
  checked_in: z.array(
    z.object({
      id: z.string(),
      session_id: z.string(),
      name: z.string(),
      /** Local "HH:MM" today, "DD/MM HH:MM" for a session begun on an earlier day. */
      time: z.string(),
      /** The same instant, ISO 8601 UTC. */
      at: z.string(),
      /**
       * Checked in on a day of sick leave or holiday ("sick_leave", "holiday"): they said yes to "Clock in
       * anyway?", or a paired kiosk recorded it offline. Null (or absent, from an older hub) otherwise.
       */
      on_leave: z.string().nullable().optional(),
    }),
  ),
  /** Employees on a clocked break now, earliest first; `time`/`at` are when the break began. */
  on_break: z.array(
    z.object({ id: z.string(), session_id: z.string(), name: z.string(), time: z.string(), at: z.string() }),
  ),
  /** Employees who checked out today and are not back in, latest first. */
  checked_out: z.array(z.object({ id: z.string(), name: z.string(), time: z.string(), at: z.string() })),
  /**
   * Working-time warnings today's shifts raised: too little daily rest, judged as the compliance
   * report does (11 hours, a young worker 12, in the 24 hours from each shift's start), and a young worker past
   * 8 hours' work today or at work in the night's restricted period (the location's reg 27A exception applied).
   * Each shows from `from` (ISO 8601): someone still in may break a rule later, so the
   * dashboard shows it once the time comes. The kiosk never shows these.
   */
  warnings: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        rule: z.enum(WARNING_RULES),
        detail: z.string(),
        from: z.string(),
      }),
    )
    .default([]),
  /**
   * Punches a paired kiosk made offline and the hub refused when they arrived, newest first, from
   * the last 7 days: not recorded, for the manager to follow up.
   */
  offline_refused: z
    .array(
      z.object({
        id: z.string().nullable(),
        name: z.string(),
        action: z.string(),
        /** When it was punched, by the device's clock: ISO 8601, and as the location's "DD/MM HH:MM". */
        at: z.string(),
        time: z.string(),
        detail: z.string(),
      }),
    )
    .default([]),
  /**
   * Employees locked out at a kiosk now (5 wrong PINs in a row there), the soonest free first: `until` is
   * when the lock ends (ISO 8601, and `time` as the location's "HH:MM"). A manager may unlock them.
   */
  locked_out: z
    .array(z.object({ id: z.string(), name: z.string(), until: z.string(), time: z.string() }))
    .default([]),
  /** Current staff whose status today is not active (sick_leave, holiday, training…), by name. */
  on_leave_today: z.array(z.object({ id: z.string(), name: z.string(), status: z.string() })).default([]),
  /**
   * The rota against the day (docs/rota.md, "Planned against actual, live"), by today's published shifts:
   * starting within 30 minutes and not in (until the grace runs out); late (not in after the grace, or in
   * after it: `arrived_at` then, with the minutes late); no-show (not in by the no-show threshold, while the
   * shift lasts); in today without a shift; out before the shift's end and not back. Absent from an older hub.
   */
  due_soon: z.array(z.object(rotaShiftItem)).default([]),
  late: z
    .array(z.object({ ...rotaShiftItem, minutes: z.number().int(), arrived_at: z.string().nullable() }))
    .default([]),
  no_show: z.array(z.object(rotaShiftItem)).default([]),
  unscheduled: z
    .array(z.object({ id: z.string(), name: z.string(), time: z.string(), at: z.string() }))
    .default([]),
  left_early: z
    .array(z.object({ ...rotaShiftItem, minutes: z.number().int(), left_at: z.string() }))
    .default([]),
  /** The local day the figures are for (YYYY-MM-DD) and its zone. */
  date: z.string(),
  timezone: z.string(),
  /**
   * Wrong-PIN attacks going on now: a kiosk (the public one, or one paired device) spent its wrong-PIN
   * budget, and has seen wrong PINs or refused submits within the last hour. Empty most of the time.
   */
  pin_alerts: z.array(
    z.object({
      kiosk: z.enum(["public", "paired"]),
      device_id: z.string().nullable(),
      started_at: z.string(),
      last_at: z.string(),
      wrong_pins: z.number().int(),
      refused: z.number().int(),
      /** Until when that kiosk refuses every submit (ISO 8601), or null when it takes them again. */
      paused_until: z.string().nullable(),
    }),
  ),
});
export type LiveStatus = z.infer<typeof liveStatus>;
export type PinAlert = LiveStatus["pin_alerts"][number];
export type WorkingTimeWarning = LiveStatus["warnings"][number];
export type OfflineRefused = LiveStatus["offline_refused"][number];
/** What D1 knows: everything but the alerts, which live in the location's hub. */
export type AttendanceStatus = Omit<
  LiveStatus,
  "pin_alerts" | "warnings" | "offline_refused" | "locked_out" | "on_leave_today" | keyof RotaLive
>;
export type LockedOut = LiveStatus["locked_out"][number];
export type OnLeaveToday = LiveStatus["on_leave_today"][number];
/** Live Status's rota lists, decided by the hub's alarm at each shift's boundaries. */
export type RotaLive = Pick<LiveStatus, "due_soon" | "late" | "no_show" | "unscheduled" | "left_early">;
/** POST /api/manager/live-status/{locationId}/unlock/{employeeId}: how many kiosks' locks were lifted. */
export type UnlockResponse = { success: true; unlocked: number };

/** Hub → dashboard, and hub → kiosk (a kiosk socket only ever receives `appearance`, pong, error and closed). */
export const serverMessage = z.discriminatedUnion("type", [
  /** The location's kiosk look changed (or, on connect, what it is now). */
  /** `record_breaks`: whether step 1 offers Start Break and End Break (every hub sends it). */
  z.object({
    type: z.literal("appearance"),
    data: kioskAppearance.extend({ record_breaks: z.boolean().optional() }),
  }),
  z.object({ type: z.literal("live_status"), data: liveStatus }),
  /** Someone added, renamed, (de)activated, deleted or changed the status of an employee: refetch. */
  z.object({ type: z.literal("employees_changed") }),
  /** A kiosk was paired or unpaired at the location: the devices list refetches. */
  z.object({ type: z.literal("devices_changed") }),
  z.object({ type: z.literal("pong") }),
  z.object({ type: z.literal("error"), detail: z.string() }),
  /** Sent just before the server closes the socket, with the close frame's code and reason (./socket-close.ts). */
  z.object({ type: z.literal("closed"), code: z.number().int(), reason: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;

/** Dashboard → hub. `ping` keeps the connection alive (answered without waking the hub). */
export const clientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping") }),
  z.object({ type: z.literal("refresh") }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

/**
 * The exact texts of a ping and its answer (the hub answers while hibernating), in ./live-message.ts with
 * the dashboard's zod-free reading of `serverMessage`; re-exported here.
 */
export { PING, PONG } from "./live-message";

export type LiveTicketResponse = { ticket: string; expires_in: number };
export const LIVE_TICKET_SECONDS = 60;
/**
 * `?ticket=` on a socket's address (/api/live/{locationId}, /api/kiosk-live/{locationId}). Any text: a
 * missing, malformed or expired ticket is the socket's own 401, as every bad ticket is.
 */
export const socketQuery = z.object({ ticket: z.string().optional() });

/** The close codes live in ./socket-close.ts (zod-free, for the kiosk); re-exported for the dashboard. */
export { SOCKET_CLOSE, type SocketClose } from "./socket-close";

/**
 * Which of a location's sockets a server-side change ends: the dashboards opened under one session or by
 * one account, one paired kiosk or all of them, or every socket of the location.
 */
export type SocketScope =
  | { session: string }
  | { user: string }
  | { device: string }
  | { pairedKiosks: true }
  | { everyone: true };
