import { z } from "zod";
import type { Db } from "../../db/client";
import { getDb } from "../../db/client";
import { findOwnedLocation } from "../../db/locations";
import { readPaySchedule } from "../../db/pay-rules";
import { hit } from "../../db/rate-limits";
import {
  accountEmployees,
  connectionOf,
  earningsRatesOf,
  finishSend,
  planSends,
  type SendPlan,
  sendById,
  type XeroSendRow,
} from "../../db/xero";
import { safeTimeZone } from "../../domain/local-time";
import { resolvePeriod } from "../../domain/periods";
import { type TimesheetLine, timesheetLines } from "../../domain/xero";
import { hubFor } from "../../durable/client";
import { newId } from "../../lib/crypto";
import { describeError } from "../../lib/errors";
import { payrollRun } from "../payroll";
import { payrollCall, XeroError, type XeroSetup, xeroSetup } from "./client";
import { withAccess } from "./tokens";

// Sending an approved pay period to Xero Payroll UK (docs/xero.md, "What is sent"), through the clocked-xero
// queue: a period's message plans one draft timesheet per employee and queues one message each; a
// timesheet's message creates it in Xero, or replaces the lines of the one sent before. Xero allows an
// organisation 60 calls a minute: each call is counted first (a D1 window per organisation), and a message
// over the budget, or answered 429, waits in the queue for as long as Xero asks.

export const XERO_CALLS_PER_MINUTE = 60;

export const xeroMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("period"), userId: z.string(), locationId: z.string(), periodKey: z.string() }),
  z.object({ type: z.literal("timesheet"), sendId: z.string(), startDate: z.string(), endDate: z.string() }),
]);
export type XeroMessage = z.infer<typeof xeroMessage>;

export const NOT_MATCHED = "Not matched to a Xero employee yet: match them in Settings → Integrations.";
const noRateFor = (elements: readonly string[]) =>
  `Choose a Xero earnings rate for ${elements.join(" and ")} hours first, in Settings → Integrations.`;
const UNREACHABLE = "Xero could not be reached: try Send to Xero again.";

/** After an approval: the period is queued for Xero when the account is connected; never fails the caller. */
export async function queueApprovedPeriod(
  env: Env,
  db: Db,
  at: Omit<Extract<XeroMessage, { type: "period" }>, "type">,
) {
  try {
    const connection = await connectionOf(db, at.userId);
    if (connection?.tenantId) await env.XERO.send({ type: "period", ...at } satisfies XeroMessage);
  } catch (error) {
    console.error(`[xero] could not queue ${at.periodKey} of ${at.locationId}: ${describeError(error)}`);
  }
}

/**
 * Plans a period's timesheets and queues one message per employee to send: the queue's first step after an
 * approval, and "Send to Xero" itself, so its rows are there ("Waiting") when the manager's call answers.
 */
export async function planPeriod(env: Env, db: Db, message: Extract<XeroMessage, { type: "period" }>) {
  const location = await findOwnedLocation(db, message.userId, message.locationId);
  const connection = await connectionOf(db, message.userId);
  if (!location || !connection?.tenantId) return;
  const now = Date.now();
  const period = resolvePeriod(
    message.periodKey,
    safeTimeZone(location.timezone),
    now,
    await readPaySchedule(db, location.id),
  );
  if (!period) return;
  const [run, found, people, rates] = await Promise.all([
    payrollRun(env, db, location, period, now),
    hubFor(env, location.id).entries(period),
    accountEmployees(db, message.userId),
    earningsRatesOf(db, message.userId),
  ]);
  const approved = new Set(found.approvals.map((a) => a.employeeId));
  const linked = new Map(people.map((p) => [p.id, p.xeroEmployeeId]));
  const plans: SendPlan[] = run.employees
    .filter((e) => approved.has(e.employeeId))
    .flatMap((e) => {
      const { lines, unmapped } = timesheetLines(e.summary.days, rates);
      if (lines.length === 0 && unmapped.length === 0) return [];
      const error = !linked.get(e.employeeId)
        ? NOT_MATCHED
        : unmapped.length > 0
          ? noRateFor(unmapped)
          : null;
      return [
        {
          employeeId: e.employeeId,
          status: error ? "failed" : "queued",
          lines: JSON.stringify(lines),
          error,
        },
      ];
    });
  const planned = await planSends(
    db,
    { userId: message.userId, locationId: location.id, periodKey: period.key },
    plans,
    newId,
  );
  const queued = planned.filter((p) => p.status === "queued");
  if (queued.length > 0) {
    await env.XERO.sendBatch(
      queued.map((p) => ({
        body: {
          type: "timesheet",
          sendId: p.id,
          startDate: period.startDate,
          endDate: period.endDate,
        } satisfies XeroMessage,
      })),
    );
  }
}

type Timesheet = { timesheetID: string; status: string; timesheetLines?: { timesheetLineID: string }[] };

/** Creates the employee's draft timesheet in Xero, or replaces the lines of the one sent before. */
async function sendTimesheet(setup: XeroSetup, db: Db, message: Extract<XeroMessage, { type: "timesheet" }>) {
  const send = await sendById(db, message.sendId);
  if (send?.status !== "queued") return;
  const xeroEmployeeId = (await accountEmployees(db, send.userId)).find(
    (p) => p.id === send.employeeId,
  )?.xeroEmployeeId;
  if (!xeroEmployeeId) return finishSend(db, send.id, { status: "failed", error: NOT_MATCHED });
  const sent = await withAccess(setup, db, send.userId, async ({ connection, accessToken }) => {
    const tenantId = connection.tenantId;
    if (!tenantId) return null;
    const call: Call = async (method, path, body, idempotencyKey) => {
      const budget = await hit(db, `xero:${tenantId}`, { limit: XERO_CALLS_PER_MINUTE, windowMs: 60_000 });
      if (!budget.allowed) throw new XeroError(429, "Waiting for Xero's minute.", budget.retryAfter);
      return payrollCall(setup, { accessToken, tenantId }, method, path, body, idempotencyKey);
    };
    return writeTimesheet(call, send, xeroEmployeeId, message);
  });
  if (sent) await finishSend(db, send.id, { status: "sent", xeroTimesheetId: sent, error: null });
}

type Call = <T>(method: string, path: string, body?: unknown, idempotencyKey?: string) => Promise<T>;

/** The timesheet's id in Xero once written: the one sent before with its lines replaced, or a new draft. */
async function writeTimesheet(
  call: Call,
  send: XeroSendRow,
  xeroEmployeeId: string,
  message: Extract<XeroMessage, { type: "timesheet" }>,
): Promise<string> {
  const lines = JSON.parse(send.lines) as TimesheetLine[];
  let existing: Timesheet | null = null;
  if (send.xeroTimesheetId) {
    try {
      existing = (await call<{ timesheet: Timesheet }>("GET", `/Timesheets/${send.xeroTimesheetId}`))
        .timesheet;
    } catch (error) {
      // Deleted in Xero since: a new draft takes its place.
      if (!(error instanceof XeroError && error.status === 404)) throw error;
    }
  }
  if (existing) {
    for (const line of existing.timesheetLines ?? []) {
      await call("DELETE", `/Timesheets/${existing.timesheetID}/Lines/${line.timesheetLineID}`);
    }
    for (const line of lines) await call("POST", `/Timesheets/${existing.timesheetID}/Lines`, line);
    return existing.timesheetID;
  }
  const { employee } = await call<{ employee: { payrollCalendarID: string | null } }>(
    "GET",
    `/Employees/${xeroEmployeeId}`,
  );
  // The same key on every retry of this planned send: if Xero made the timesheet but its answer was lost, or
  // we stopped before recording its id, Xero answers the retry with that timesheet instead of a second one.
  const created = await call<{ timesheet: Timesheet }>(
    "POST",
    "/Timesheets",
    {
      payrollCalendarID: employee.payrollCalendarID,
      employeeID: xeroEmployeeId,
      startDate: message.startDate,
      endDate: message.endDate,
      timesheetLines: lines,
    },
    `clocked-timesheet-${send.id}-${send.updatedAt}`,
  );
  return created.timesheet.timesheetID;
}

const MAX_ATTEMPTS = 5;

/** The clocked-xero queue's consumer: acknowledged when done or refused by Xero, retried when Xero asks. */
export async function consumeXeroMessages(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const db = getDb(env.DB);
  const setup = xeroSetup(env);
  for (const message of batch.messages) {
    const parsed = xeroMessage.safeParse(message.body);
    if (!parsed.success || !setup) {
      console.error(
        `[xero] message ${message.id} dropped: ${setup ? "not a Xero message" : "Xero is not set up"}`,
      );
      message.ack();
      continue;
    }
    const body = parsed.data;
    try {
      if (body.type === "period") await planPeriod(env, db, body);
      else await sendTimesheet(setup, db, body);
      message.ack();
    } catch (error) {
      if (error instanceof XeroError && error.status === 429) {
        message.retry({ delaySeconds: error.retryAfter ?? 60 });
        continue;
      }
      const final = (error instanceof XeroError && error.status < 500) || message.attempts >= MAX_ATTEMPTS;
      console.error(`[xero] message ${message.id} (attempt ${message.attempts}): ${describeError(error)}`);
      if (final && body.type === "timesheet") {
        await finishSend(db, body.sendId, {
          status: "failed",
          error: error instanceof XeroError ? error.words : UNREACHABLE,
        });
        message.ack();
      } else if (final) message.ack();
      else message.retry({ delaySeconds: 10 * 2 ** message.attempts });
    }
  }
}
