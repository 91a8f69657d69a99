import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import type { Employee } from "../../worker/contracts/employees";
import { type ServerMessage, serverMessage } from "../../worker/contracts/live";
import { getDb } from "../../worker/db/client";
import { auditLog, employees } from "../../worker/db/schema";
import type { SessionRecord } from "../../worker/domain/account-records";
import { type ApiResult, api, createManager } from "./api";

export const db = () => getDb(env.DB);

export type Manager = Awaited<ReturnType<typeof createManager>>;

export async function addLocation(manager: Manager, name = "Camden High Street") {
  const response = await api("POST", "/api/manager/locations", { token: manager.token, body: { name } });
  if (response.status !== 201) throw new Error(`location: ${JSON.stringify(response.body)}`);
  return response.body.location_id as string;
}

export type NewStaff = { first_name: string; last_name: string; pin: string };

export async function addEmployee(manager: Manager, locationId: string, staff: NewStaff) {
  const response = await api("POST", `/api/manager/employees/${locationId}`, {
    token: manager.token,
    body: staff,
  });
  if (response.status !== 201) throw new Error(`employee: ${JSON.stringify(response.body)}`);
  return response.body.employee as Employee;
}

/** A manager with one location and the given staff. */
export async function shopWith(staff: NewStaff[], options: Parameters<typeof createManager>[0] = {}) {
  const manager = await createManager(options);
  const locationId = await addLocation(manager);
  const employees: Employee[] = [];
  for (const person of staff) employees.push(await addEmployee(manager, locationId, person));
  return { manager, locationId, employees };
}

export const JANE = { first_name: "Jane", last_name: "Smith", pin: "4821" };
export const RAVI = { first_name: "Ravi", last_name: "Kumar", pin: "1357" };

export function punch(
  locationId: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<ApiResult> {
  return api("POST", `/api/kiosk/submit/${locationId}`, { body, headers });
}

export const checkIn = (
  locationId: string,
  username: string,
  pin: string,
  headers?: Record<string, string>,
) => punch(locationId, { username, pin, action: "check_in" }, headers);
export const checkOut = (locationId: string, username: string, pin: string) =>
  punch(locationId, { username, pin, action: "check_out" });

export const hubStub = (locationId: string) => env.LOCATION_HUB.getByName(locationId);

/** The employee's sessions as their location's hub stored them, in check-in order. */
export async function sessionsOf(employeeId: string): Promise<SessionRecord[]> {
  const employee = await db().query.employees.findFirst({ where: eq(employees.id, employeeId) });
  if (!employee) return [];
  const { locationId } = employee;
  return runInDurableObject(hubStub(locationId), (_, state) =>
    state.storage.sql
      .exec<{ id: string; check_in_at: number; check_out_at: number | null; closed_by: string | null }>(
        "SELECT id, check_in_at, check_out_at, closed_by FROM sessions WHERE employee_id = ? ORDER BY check_in_at",
        employeeId,
      )
      .toArray()
      .map((row) => ({
        id: row.id,
        locationId,
        employeeId,
        checkInAt: row.check_in_at,
        checkOutAt: row.check_out_at,
        closedBy: row.closed_by,
      })),
  );
}

export async function openSessionsOf(employeeId: string) {
  return (await sessionsOf(employeeId)).filter((session) => session.checkOutAt === null);
}

export const auditRowsFor = (entityId: string) =>
  db().select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.createdAt, sql`rowid`);

export async function liveTicket(manager: Manager, locationId: string) {
  const response = await api("POST", `/api/manager/live-status/${locationId}/ticket`, {
    token: manager.token,
  });
  return response.body.ticket as string;
}

/** Opens a dashboard socket the way a browser does, collecting every message (validated with the union). */
export async function openLiveSocket(locationId: string, ticket: string) {
  const response = await exports.default.fetch(
    `http://clocked.test/api/live/${locationId}?ticket=${encodeURIComponent(ticket)}`,
    { headers: { Upgrade: "websocket" } },
  );
  const socket = response.webSocket;
  if (!socket) {
    return { response, socket: null, messages: [] as ServerMessage[], next: noMessages, closed: noClose };
  }
  socket.accept();
  const messages: ServerMessage[] = [];
  const waiters: (() => void)[] = [];
  let closedWith: { code: number; reason: string } | null = null;
  socket.addEventListener("message", (event) => {
    messages.push(serverMessage.parse(JSON.parse(String(event.data))));
    for (const wake of waiters.splice(0)) wake();
  });
  socket.addEventListener("close", (event) => {
    closedWith = { code: event.code, reason: event.reason };
    for (const wake of waiters.splice(0)) wake();
  });
  /** Resolves with the close code and reason once the server closes the socket (or throws). */
  async function closed(timeoutMs = 5000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (closedWith) return closedWith;
      if (Date.now() > deadline) throw new Error(`still open after ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
  /** Resolves with the first message (already received or yet to come) that `matches`. */
  async function next(matches: (m: ServerMessage) => boolean, timeoutMs = 5000): Promise<ServerMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(matches);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(messages)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }
  return { response, socket, messages, next, closed };
}

const noMessages = async (): Promise<ServerMessage> => {
  throw new Error("socket was refused");
};
const noClose = async (): Promise<{ code: number; reason: string }> => {
  throw new Error("socket was refused");
};

/** Opens a kiosk's appearance socket the way the kiosk page does, collecting every (validated) message. */
export async function openKioskSocket(locationId: string, ticket?: string) {
  const query = ticket ? `?ticket=${encodeURIComponent(ticket)}` : "";
  const response = await exports.default.fetch(`http://clocked.test/api/kiosk-live/${locationId}${query}`, {
    headers: { Upgrade: "websocket" },
  });
  const socket = response.webSocket;
  const messages: ServerMessage[] = [];
  const raw: string[] = [];
  let closedWith: number | null = null;
  socket?.accept();
  socket?.addEventListener("message", (event) => {
    raw.push(String(event.data));
    messages.push(serverMessage.parse(JSON.parse(String(event.data))));
  });
  socket?.addEventListener("close", (event) => {
    closedWith = event.code;
  });
  async function until<T>(check: () => T | undefined, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(messages)}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  return { response, socket, messages, raw, until, closedWith: () => closedWith };
}

/** Every key and every leaf value in a JSON answer (so checks do not trip over random ids). */
export function keysAndValues(value: unknown): { keys: string[]; values: unknown[] } {
  const keys: string[] = [];
  const values: unknown[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === "object") {
      for (const [key, child] of Object.entries(node)) {
        keys.push(key);
        walk(child);
      }
    } else values.push(node);
  };
  walk(value);
  return { keys, values };
}
