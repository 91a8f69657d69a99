import {
  abortAllDurableObjects,
  evictDurableObject,
  runDurableObjectAlarm,
  runInDurableObject,
} from "cloudflare:test";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import type { KioskAction } from "../../worker/contracts/kiosk";
import type { ServerMessage } from "../../worker/contracts/live";
import { locationDailyCheckIns } from "../../worker/db/schema";
import type { ApiResult } from "../support/api";
import {
  db,
  hubStub,
  liveTicket,
  type Manager,
  openLiveSocket,
  punch,
  sessionsOf,
  shopWith,
} from "../support/kiosk";
import { snapshot } from "./support/snapshot";

// A location's hub restarted while 100 kiosk submits from 10 people are in flight: gracefully (an
// eviction, as on a deploy) and abruptly (every Durable Object aborted, as on a crash).

const STAFF = ["Amy", "Bea", "Cal", "Dev", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon"].map((first_name, i) => ({
  first_name,
  last_name: "Test",
  pin: String(2000 + i * 137),
}));
const SUBMITS_EACH = 10;

type Submit = { employee: Employee; pin: string; action: KioskAction; key: string };
type Answered = Submit & { answer: ApiResult };

/** Ten actions per person, drawn once from a fixed seed: runs repeat exactly. */
function plannedSubmits(employees: Employee[]): Submit[] {
  const [plans] = fc.sample(
    fc.array(
      fc.array(fc.constantFrom<KioskAction>("check_in", "check_out"), {
        minLength: SUBMITS_EACH,
        maxLength: SUBMITS_EACH,
      }),
      {
        minLength: STAFF.length,
        maxLength: STAFF.length,
      },
    ),
    { seed: 20_260_004, numRuns: 1 },
  );
  // Interleaved (everyone's first, then everyone's second…) so people compete for the hub throughout.
  return Array.from({ length: SUBMITS_EACH }, (_, round) =>
    employees.map((employee, i) => ({
      employee,
      pin: STAFF[i]?.pin ?? "",
      action: plans?.[i]?.[round] ?? "check_in",
      key: `fault-${i}-${round}-${crypto.randomUUID()}`,
    })),
  ).flat();
}

const send = (locationId: string, submit: Submit) =>
  punch(
    locationId,
    { username: submit.employee.username, pin: submit.pin, action: submit.action },
    { "Idempotency-Key": submit.key },
  );

/** Fires every submit at once; when `after` have been answered, `restart` runs while the rest are in flight. */
async function underRestart(
  locationId: string,
  submits: Submit[],
  after: number,
  restart: () => Promise<void>,
) {
  let answered = 0;
  let restarting: Promise<void> | undefined;
  const answers = await Promise.all(
    submits.map(async (submit) => {
      const answer = await send(locationId, submit);
      if (++answered === after) restarting = restart();
      return { ...submit, answer };
    }),
  );
  await restarting;
  return answers;
}

const REFUSALS = /^(Already checked in since \d{2}:\d{2}|Not checked in — please check in first)$/;

/**
 * Each person's sessions in their hub, set against the answers: accepted punches are there exactly once,
 * `unknown` ones (answered 503) at most once, sessions never overlap and only the last may be open.
 */
async function expectSessionsMatch(answers: Answered[], unknown: Answered[] = []) {
  for (const { employee } of answers.slice(0, STAFF.length)) {
    const mine = (list: Answered[], action: KioskAction) =>
      list.filter((a) => a.employee.id === employee.id && a.action === action).length;
    const acceptedIns = mine(
      answers.filter((a) => a.answer.status === 200),
      "check_in",
    );
    const acceptedOuts = mine(
      answers.filter((a) => a.answer.status === 200),
      "check_out",
    );
    const sessions = await sessionsOf(employee.id);
    const closedAtKiosk = sessions.filter((s) => s.closedBy === "kiosk").length;
    const who = employee.first_name;
    expect(sessions.length, `${who}: sessions vs accepted check-ins`).toBeGreaterThanOrEqual(acceptedIns);
    expect(sessions.length, who).toBeLessThanOrEqual(acceptedIns + mine(unknown, "check_in"));
    expect(closedAtKiosk, `${who}: closed sessions vs accepted check-outs`).toBeGreaterThanOrEqual(
      acceptedOuts,
    );
    expect(closedAtKiosk, who).toBeLessThanOrEqual(acceptedOuts + mine(unknown, "check_out"));
    expect(sessions.filter((s) => s.checkOutAt === null).length, `${who}: open sessions`).toBeLessThanOrEqual(
      1,
    );
    sessions.forEach((session, i) => {
      const next = sessions[i + 1];
      if (!next) return;
      expect(session.checkOutAt, `${who}: only the last session may be open`).not.toBeNull();
      expect(next.checkInAt, `${who}: sessions overlap`).toBeGreaterThanOrEqual(
        session.checkOutAt ?? Infinity,
      );
    });
  }
}

/** Every submit again with its key: the first answer comes back and nothing is written twice. */
async function expectReplaysAnswerTheSame(locationId: string, answers: Answered[]) {
  const before = await snapshot();
  const replays = await Promise.all(answers.map((a) => send(locationId, a)));
  replays.forEach((replay, i) => {
    const first = answers[i] as Answered;
    expect({ key: first.key, status: replay.status, body: replay.body }).toEqual({
      key: first.key,
      status: first.answer.status,
      body: first.answer.body,
    });
  });
  expect(await snapshot()).toEqual(before);
}

/**
 * The hub's outbox after the restart: D1 holds each day's check-ins as the hub counted them, once; and
 * should the hub go down after D1 took a report but before the hub noted it, the report that goes again
 * leaves D1 as it was (reports are totals, not increments).
 */
async function expectOutboxDeliversOnce(locationId: string) {
  // A fresh stub each time: one from before an abort stays broken.
  const hub = () => hubStub(locationId);
  const counted = async () =>
    Object.fromEntries(
      (
        await runInDurableObject(hub(), (_, state) =>
          state.storage.sql
            .exec<{ day: string; n: number }>(
              "SELECT strftime('%Y-%m-%d', check_in_at / 1000, 'unixepoch') AS day, count(*) AS n FROM sessions GROUP BY day",
            )
            .toArray(),
        )
      ).map((row) => [row.day, row.n]),
    );
  const reported = async () =>
    Object.fromEntries(
      (
        await db()
          .select()
          .from(locationDailyCheckIns)
          .where(eq(locationDailyCheckIns.locationId, locationId))
      ).map((row) => [row.day, row.checkIns]),
    );
  const unreported = () =>
    runInDurableObject(hub(), (_, state) =>
      state.storage.sql.exec("SELECT day FROM daily_check_ins WHERE reported = 0").toArray(),
    );

  expect(await runDurableObjectAlarm(hub())).toBe(true); // the punches set it
  const totals = await counted();
  expect(Object.values(totals).reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
  expect(await reported()).toEqual(totals);
  expect(await unreported()).toEqual([]);

  // D1 took the report, then the hub went down before it marked it sent: it goes again on the next alarm.
  await runInDurableObject(hub(), async (_, state) => {
    state.storage.sql.exec("UPDATE daily_check_ins SET reported = 0");
    await state.storage.setAlarm(Date.now() + 60_000);
  });
  await abortAllDurableObjects();
  expect(await runDurableObjectAlarm(hub())).toBe(true);
  expect(await reported()).toEqual(totals);
  expect(await unreported()).toEqual([]);
}

type Live = Awaited<ReturnType<typeof openLiveSocket>>;

/**
 * The dashboard shows the final state: on its socket if that survived the restart (anything it has
 * received since, pushed or asked for), otherwise on a new socket opened with a fresh ticket, as the
 * dashboard does when its socket drops.
 */
async function expectDashboardResyncs(manager: Manager, locationId: string, live: Live, closed: boolean) {
  const expected = await hubStub(locationId).currentStatus();
  const matches = (m: ServerMessage) =>
    m.type === "live_status" &&
    JSON.stringify([m.data.kpis, m.data.checked_in, m.data.checked_out]) ===
      JSON.stringify([expected.kpis, expected.checked_in, expected.checked_out]);
  let socket = live;
  if (closed) {
    socket = await openLiveSocket(locationId, await liveTicket(manager, locationId));
    expect(socket.response.status).toBe(101);
  } else {
    socket.socket?.send(JSON.stringify({ type: "refresh" }));
  }
  await socket.next(matches);
  socket.socket?.close();
}

async function shopWithDashboard() {
  const { manager, locationId, employees } = await shopWith(STAFF);
  const live = await openLiveSocket(locationId, await liveTicket(manager, locationId));
  await live.next((m) => m.type === "live_status");
  const state = { closed: false };
  live.socket?.addEventListener("close", () => {
    state.closed = true;
  });
  return { manager, locationId, employees, live, state };
}

describe("100 kiosk submits from 10 people while the location's hub restarts", { timeout: 60_000 }, () => {
  it("gracefully (evicted mid-run): every punch is decided once, reported to D1 once, and the dashboard keeps up", async () => {
    const { manager, locationId, employees, live, state } = await shopWithDashboard();
    const submits = plannedSubmits(employees);
    // Half go at once; a fifth of the way in the hub is evicted and the other half arrive during it.
    const firstHalf = submits.slice(0, 50);
    let secondHalf: Promise<Answered[]> | undefined;
    const first = await underRestart(locationId, firstHalf, 20, async () => {
      live.messages.length = 0;
      const eviction = evictDurableObject(hubStub(locationId));
      secondHalf = Promise.all(
        submits.slice(50).map(async (s) => ({ ...s, answer: await send(locationId, s) })),
      );
      await eviction;
    });
    const answers = [...first, ...((await secondHalf) ?? [])];

    expect(answers).toHaveLength(100);
    for (const { answer } of answers) {
      if (answer.status === 200) expect(answer.body.message).toMatch(/^Checked (in|out) at /);
      else
        expect({ status: answer.status, detail: answer.body.detail }).toMatchObject({
          status: 400,
          detail: expect.stringMatching(REFUSALS),
        });
    }
    await expectSessionsMatch(answers);
    await expectReplaysAnswerTheSame(locationId, answers);
    // Hibernating sockets outlive an eviction: the dashboard needs no reconnect.
    expect(state.closed).toBe(false);
    await expectDashboardResyncs(manager, locationId, live, state.closed);
    await expectOutboxDeliversOnce(locationId);
  });

  it("abruptly (aborted mid-run): nothing is a 500, interrupted punches ask for a retry, and retries settle", async () => {
    const { manager, locationId, employees, live, state } = await shopWithDashboard();
    const answers = await underRestart(locationId, plannedSubmits(employees), 30, () => {
      live.messages.length = 0;
      return abortAllDurableObjects();
    });

    const interrupted = new Set(answers.filter((a) => a.answer.status === 503).map((a) => a.key));
    for (const { answer } of answers) {
      expect([200, 400, 503], JSON.stringify(answer.body)).toContain(answer.status);
      if (answer.status === 503) {
        expect(answer.body.detail).toEqual(expect.any(String));
        expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
      }
    }
    // The kiosk retries an interrupted punch with the same key; whatever it hears then is final.
    const settled = await Promise.all(
      answers.map(async (a) => (a.answer.status === 503 ? { ...a, answer: await send(locationId, a) } : a)),
    );
    expect(settled.filter((a) => a.answer.status >= 500)).toEqual([]);
    // An interrupted punch refused on retry may still have been written before the hub went down.
    await expectSessionsMatch(
      settled,
      settled.filter((a) => interrupted.has(a.key) && a.answer.status !== 200),
    );
    await expectReplaysAnswerTheSame(locationId, settled);
    await expectDashboardResyncs(manager, locationId, live, state.closed);
    await expectOutboxDeliversOnce(locationId);
  });
});
