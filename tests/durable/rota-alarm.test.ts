import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { localDayBounds } from "../../worker/domain/local-time";
import { weekOf } from "../../worker/domain/rota";
import { api } from "../support/api";
import { checkIn, hubStub, JANE, liveTicket, openLiveSocket, shopWith } from "../support/kiosk";

// The hub decides lateness and no-shows by its alarm, at each published shift's boundaries (docs/rota.md,
// "Planned against actual, live"). The test moves the clock (Date only) and rings the alarm as the runtime
// would; shifts are written straight into the hub's storage, published.

const MIN = 60_000;
const at = (iso: string) => Date.parse(iso);

type Stub = ReturnType<typeof hubStub>;

afterEach(() => {
  vi.useRealTimers();
});

/** A shift Jane was told of, stored as the rota's publish leaves it. */
async function publishShift(
  stub: Stub,
  shift: { id: string; employeeId: string; start: number; end: number },
) {
  const published = {
    employeeId: shift.employeeId,
    start: shift.start,
    end: shift.end,
    breakMinutes: 30,
    role: "Barista",
    notes: null,
  };
  await runInDurableObject(stub, (_hub, state) => {
    state.storage.sql.exec(
      `INSERT INTO shifts (id, employee_id, start_at, end_at, break_minutes, role, notes, week, published_json,
         deleted, updated_at, updated_by, updated_by_name)
       VALUES (?, ?, ?, ?, 30, 'Barista', NULL, ?, ?, 0, ?, 'manager', 'A Manager')`,
      shift.id,
      shift.employeeId,
      shift.start,
      shift.end,
      weekOf(shift.start, "Europe/London"),
      JSON.stringify(published),
      shift.start,
    );
  });
}

/**
 * Rings the hub's alarm with the clock at `now` and answers when the hub then asks it to ring (null: never).
 * The ask is taken, not passed to storage: a time in the machine's past would ring at once by itself.
 */
async function ringAt(stub: Stub, now: number): Promise<number | null> {
  vi.setSystemTime(now);
  return runInDurableObject(stub, async (hub, state) => {
    const { storage } = state;
    const setAlarm = storage.setAlarm;
    let asked: number | null = null;
    storage.setAlarm = async (when) => {
      asked = typeof when === "number" ? when : when.getTime();
    };
    try {
      await hub.alarm();
    } finally {
      storage.setAlarm = setAlarm;
    }
    return asked;
  });
}

const noShowMails = async (email: string) =>
  (
    (await api("GET", `/api/dev/outbox?email=${encodeURIComponent(email)}`)).body.messages as {
      subject: string;
    }[]
  ).filter((m) => m.subject.startsWith("No-show"));

async function janeAt(stub: Stub, now: number) {
  vi.setSystemTime(now);
  const status = await stub.currentStatus();
  return {
    due: status.due_soon.map((s) => s.name),
    late: status.late.map((s) => `${s.name} ${s.minutes}`),
    noShow: status.no_show.map((s) => s.name),
  };
}

describe("the hub's rota alarm", () => {
  it("marks late at start + grace and no-show at start + threshold to the minute across the October clock change", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const stub = hubStub(locationId);
    vi.useFakeTimers({ toFake: ["Date"] });
    // Sunday 25/10/2026, 00:30–08:30 local: BST until 02:00, when 01:00–02:00 comes round again in GMT.
    const start = at("2026-10-24T23:30:00Z");
    const end = at("2026-10-25T08:30:00Z");
    vi.setSystemTime(at("2026-10-24T21:00:00Z"));
    await publishShift(stub, { id: "night", employeeId: employees[0]?.id ?? "", start, end });

    // Rung for anything else at 22:00 BST on the Saturday: the rota asks for start − 30 minutes.
    expect(await ringAt(stub, at("2026-10-24T21:00:00Z"))).toBe(start - 30 * MIN);
    expect(await ringAt(stub, start - 30 * MIN)).toBe(start + 5 * MIN);
    expect(await janeAt(stub, start + 5 * MIN - 1)).toEqual({ due: ["Jane Smith"], late: [], noShow: [] });
    expect(await ringAt(stub, start + 5 * MIN)).toBe(start + 30 * MIN);
    expect(await janeAt(stub, start + 5 * MIN)).toEqual({ due: [], late: ["Jane Smith 5"], noShow: [] });
    expect(await noShowMails(manager.email)).toEqual([]);

    // 01:00 BST (00:00 UTC), not the repeated 01:00 GMT an hour later.
    expect(start + 30 * MIN).toBe(at("2026-10-25T00:00:00Z"));
    expect(await janeAt(stub, start + 30 * MIN - 1)).toEqual({
      due: [],
      late: ["Jane Smith 29"],
      noShow: [],
    });
    expect(await ringAt(stub, start + 30 * MIN)).toBe(end);
    expect(await janeAt(stub, start + 30 * MIN)).toEqual({ due: [], late: [], noShow: ["Jane Smith"] });
    expect(await noShowMails(manager.email)).toEqual([
      expect.objectContaining({ subject: "No-show at Camden High Street: Jane Smith (00:30–08:30)" }),
    ]);

    // Rung again (another job, a restart) while still a no-show: no second e-mail.
    expect(await ringAt(stub, start + 45 * MIN)).toBe(end);
    expect(await noShowMails(manager.email)).toHaveLength(1);
    // The shift over, nothing lies ahead: the rota wants no alarm.
    expect(await ringAt(stub, end)).toBeNull();
    expect(await janeAt(stub, end)).toEqual({ due: [], late: [], noShow: [] });
  });

  it("rings on an ordinary day and a check-in after the grace shows late with the minutes", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const stub = hubStub(locationId);
    vi.useFakeTimers({ toFake: ["Date"] });
    // Wednesday 18/11/2026, 09:00–17:00 GMT.
    const start = at("2026-11-18T09:00:00Z");
    vi.setSystemTime(at("2026-11-18T06:00:00Z"));
    await publishShift(stub, {
      id: "day",
      employeeId: employees[0]?.id ?? "",
      start,
      end: at("2026-11-18T17:00:00Z"),
    });
    expect(await ringAt(stub, at("2026-11-18T06:00:00Z"))).toBe(start - 30 * MIN);
    expect(await ringAt(stub, start - 30 * MIN)).toBe(start + 5 * MIN);
    expect(await ringAt(stub, start + 5 * MIN)).toBe(start + 30 * MIN);
    vi.setSystemTime(start + 12 * MIN);
    expect((await checkIn(locationId, employees[0]?.username ?? "", JANE.pin)).status).toBe(200);
    expect(await janeAt(stub, start + 20 * MIN)).toEqual({ due: [], late: ["Jane Smith 12"], noShow: [] });
    // In before the no-show point: never a no-show, never e-mailed.
    await ringAt(stub, start + 30 * MIN);
    expect(await janeAt(stub, start + 30 * MIN)).toEqual({ due: [], late: ["Jane Smith 12"], noShow: [] });
    expect(await noShowMails(manager.email)).toEqual([]);
  });

  it("is set for the next shift's boundary when a week is published through the API", async () => {
    const { manager, locationId, employees } = await shopWith([JANE], { plan: "pro" });
    const stub = hubStub(locationId);
    // Starting in 35 minutes: due soon at start − 30, before any other job's alarm.
    const start = Math.ceil((Date.now() + 35 * MIN) / MIN) * MIN;
    const base = `/api/manager/rota/${locationId}`;
    const added = await api("POST", `${base}/shifts`, {
      token: manager.token,
      body: {
        employee_id: employees[0]?.id,
        start_at: new Date(start).toISOString(),
        end_at: new Date(start + 4 * 60 * MIN).toISOString(),
        break_minutes: 0,
      },
    });
    expect(added.status).toBe(201);
    // A draft counts for nothing: no alarm for it.
    const alarmOf = () => runInDurableObject(stub, (_hub, state) => state.storage.getAlarm());
    expect(await alarmOf()).not.toBe(start - 30 * MIN);
    const published = await api("POST", `${base}/publish`, {
      token: manager.token,
      body: { week: weekOf(start, "Europe/London"), acknowledge_warnings: true },
    });
    expect(published.status).toBe(200);
    expect(await alarmOf()).toBe(start - 30 * MIN);
  });

  it("is not set while the location has no published shift", async () => {
    const { locationId } = await shopWith([JANE]);
    const stub = hubStub(locationId);
    vi.useFakeTimers({ toFake: ["Date"] });
    // The first ring sends the outboxes the new employee left; then nothing wants the alarm.
    await ringAt(stub, at("2026-11-18T06:00:00Z"));
    expect(await ringAt(stub, at("2026-11-18T06:01:00Z"))).toBeNull();
  });
});

describe("a dashboard's socket and the rota alarm", () => {
  it("receives Live Status with the late employee when the alarm rings at start + grace", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const stub = hubStub(locationId);
    const live = await openLiveSocket(locationId, await liveTicket(manager, locationId));
    expect(live.response.status).toBe(101);
    await live.next((m) => m.type === "live_status");
    // A shift at 09:00 two days ahead, the clock moved to that morning: every boundary lies ahead of the
    // machine's clock, so the alarm is set and rung as the runtime would.
    const day = localDayBounds(Date.now() + 2 * 24 * 60 * MIN, "Europe/London");
    const start = day.start + 9 * 60 * MIN;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start - 2 * 60 * MIN);
    await publishShift(stub, {
      id: "soon",
      employeeId: employees[0]?.id ?? "",
      start,
      end: start + 8 * 60 * MIN,
    });
    await stub.changed("site");
    const alarm = await runInDurableObject(stub, (_hub, state) => state.storage.getAlarm());
    // Set for the dashboard's hourly session check, which comes first.
    expect(alarm).toBeLessThanOrEqual(start - 30 * MIN);
    vi.setSystemTime(start - 30 * MIN);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await runInDurableObject(stub, (_hub, state) => state.storage.getAlarm())).toBe(start + 5 * MIN);
    live.messages.length = 0;
    vi.setSystemTime(start + 5 * MIN);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const pushed = await live.next((m) => m.type === "live_status");
    expect(pushed.type === "live_status" && pushed.data.late).toEqual([
      expect.objectContaining({
        id: employees[0]?.id,
        name: "Jane Smith",
        minutes: 5,
        arrived_at: null,
        role: "Barista",
      }),
    ]);
    live.socket?.close();
  });
});
