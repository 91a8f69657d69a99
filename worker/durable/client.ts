import type { SocketScope } from "../contracts/live";
import type { SocketClose } from "../contracts/socket-close";
import { describeError } from "../lib/errors";
import {
  HUB_DASHBOARD_PATH,
  HUB_DEVICE_HEADER,
  HUB_KIOSK_PATH,
  HUB_LOCATION_HEADER,
  HUB_SESSION_HEADER,
  HUB_TICKET_EXPIRES_HEADER,
  HUB_TICKET_HEADER,
  HUB_USER_HEADER,
} from "./hub-sockets";
import type { HubChange, LocationHub } from "./location-hub";

// The Worker's one way to a location's hub (docs/hub.md, "The client"): the stub found by the location's id,
// every call's failure turned into one typed HubUnavailable (which the Worker's error handler answers as a
// 503 with a detail), and the hub's public types. Nothing outside worker/durable/ imports any other module
// of it.

export type { Approval } from "./hub-approvals";
export { PERIOD_LOCKED } from "./hub-approvals";
export type { ClockedBreak } from "./hub-breaks";
export type { ClaimStatus, ShiftClaim } from "./hub-claims";
export type { Correction, CorrectionRefusal, Manager } from "./hub-entries";
export { ENTRY_NOT_FOUND } from "./hub-entries";
export type { OvertimeApproval } from "./hub-overtime";
export type { Bounds } from "./hub-records";
export type { ShiftFields } from "./hub-rota";
export type { StaffEditor, StatusPeriod } from "./hub-staff";
export { overrideView } from "./hub-staff";
export type { HubChange, KioskCaller, KioskRefusal, SubmitAnswer } from "./location-hub";
export type { PunchOutcome } from "./punch";
export type { PhoneRefusal, PhoneState } from "./rooms/phone";
export type { QueryResult } from "./rooms/queries";
export { QUERY_ANSWERED, QUERY_NOT_FOUND, QUERY_OPEN_ON_DAY, QUERY_OPEN_ON_ENTRY } from "./rooms/queries";
export type { CopyWeekResult, PublishResult, ShiftWriteResult } from "./rooms/rota";
export type { ClaimCheck, ClaimRefusal, ClaimResult, OpenShift } from "./rooms/rota-claims";
export type { OvertimeResult, RotaPay } from "./rooms/rota-pay";

/** What a caller is told when a hub cannot be reached and it said nothing more fitting. */
export const HUB_UNAVAILABLE = "This location cannot be reached just now. Please try again.";

/**
 * A hub call that failed: the hub could not be reached, or went away mid-call (a restart, a deploy). What it
 * was asked may or may not have happened, so the caller is told to try again, in `detail`.
 */
export class HubUnavailable extends Error {
  override readonly name = "HubUnavailable";
  /** Seconds the caller should wait before trying again. */
  readonly retryAfter = 1;

  constructor(
    readonly locationId: string,
    readonly detail: string,
    cause: unknown,
  ) {
    super(`location hub ${locationId} unavailable: ${describeError(cause)}`, { cause });
  }
}

/** The hub's RPC methods, as a caller sees them. */
type RpcMethod = {
  [K in keyof LocationHub]-?: LocationHub[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof LocationHub];
export type HubClient = Pick<
  LocationHub,
  Exclude<RpcMethod, "fetch" | "alarm" | "webSocketMessage" | "webSocketClose">
>;

/**
 * The location's hub: one Durable Object per location, named by its id (which it reads back). Every call that
 * fails rejects with a HubUnavailable carrying `unavailable` as its detail.
 */
export function hubFor(env: Env, locationId: string, unavailable = HUB_UNAVAILABLE): HubClient {
  const stub = env.LOCATION_HUB.getByName(locationId) as unknown as Record<
    string,
    (...args: unknown[]) => Promise<unknown>
  >;
  return new Proxy({} as HubClient, {
    get(_, method) {
      // Not a thenable: awaiting the client itself must not become a call.
      if (typeof method !== "string" || method === "then") return undefined;
      return async (...args: unknown[]) => {
        try {
          return await stub[method]?.(...args);
        } catch (error) {
          throw new HubUnavailable(locationId, unavailable, error);
        }
      };
    },
  });
}

/** A dashboard's WebSocket upgrade, authorised by the Worker (its ticket checked, its tenant owns the location). */
export function openDashboardSocket(
  env: Env,
  locationId: string,
  opener: { userId: string; sessionHash: string; ticketId: string; expiresAt: number },
): Promise<Response> {
  // Only what the hub needs goes through: no cookies, no Authorization, nothing the caller chose.
  return openSocket(env, locationId, HUB_DASHBOARD_PATH, {
    [HUB_USER_HEADER]: opener.userId,
    [HUB_SESSION_HEADER]: opener.sessionHash,
    [HUB_TICKET_HEADER]: opener.ticketId,
    [HUB_TICKET_EXPIRES_HEADER]: String(opener.expiresAt),
  });
}

/** A kiosk's WebSocket upgrade: a paired kiosk's with its ticket, a public kiosk's with none. */
export function openKioskSocket(
  env: Env,
  locationId: string,
  ticket: { deviceId: string; ticketId: string; expiresAt: number } | null,
): Promise<Response> {
  return openSocket(
    env,
    locationId,
    HUB_KIOSK_PATH,
    ticket
      ? {
          [HUB_DEVICE_HEADER]: ticket.deviceId,
          [HUB_TICKET_HEADER]: ticket.ticketId,
          [HUB_TICKET_EXPIRES_HEADER]: String(ticket.expiresAt),
        }
      : {},
  );
}

async function openSocket(
  env: Env,
  locationId: string,
  path: string,
  opener: Record<string, string>,
): Promise<Response> {
  const headers = new Headers({ Upgrade: "websocket", [HUB_LOCATION_HEADER]: locationId, ...opener });
  try {
    return await env.LOCATION_HUB.getByName(locationId).fetch(
      new Request(`https://location-hub${path}`, { headers }),
    );
  } catch (error) {
    throw new HubUnavailable(locationId, HUB_UNAVAILABLE, error);
  }
}

/**
 * Tells the hub that D1 changed something it keeps or shows (staff, look, access), so it reads its site again
 * and its dashboards and kiosks update. The change itself is already committed, so a hub that cannot be
 * reached is logged rather than turned into an error for the manager: it reads its site again in the
 * background once its copy is ten minutes old.
 */
export async function notifyHub(env: Env, locationId: string, change: HubChange) {
  try {
    await hubFor(env, locationId).changed(change);
  } catch (error) {
    console.error(`[location-hub ${locationId}] change notification failed: ${describeError(error)}`);
  }
}

/**
 * Closes the sockets in `scope` at each of the locations, before the caller answers: a signed-out session
 * or an unpaired kiosk must stop receiving staff data at once. A hub that cannot be reached is logged (its
 * sockets end with the next code update, and a closed session cannot open new ones).
 */
export async function disconnectSockets(
  env: Env,
  locationIds: readonly string[],
  scope: SocketScope,
  close: SocketClose,
) {
  const results = await Promise.allSettled(locationIds.map((id) => hubFor(env, id).disconnect(scope, close)));
  for (const [i, result] of results.entries()) {
    if (result.status === "rejected") {
      console.error(`[location-hub ${locationIds[i]}] disconnect failed: ${describeError(result.reason)}`);
    }
  }
}
