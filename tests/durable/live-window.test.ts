import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { localDayBounds } from "../../worker/domain/local-time";
import { NO_NIGHT_EXCEPTION } from "../../worker/domain/working-time-night";
import { HubEntries } from "../../worker/durable/hub-entries";
import { ForgottenClockOuts } from "../../worker/durable/hub-forgotten";
import { LiveDay } from "../../worker/durable/hub-live-day";
import { HubRecords, SESSION_LOOKBACK_MS } from "../../worker/durable/hub-records";
import { newId } from "../../worker/lib/crypto";
import { checkIn, checkOut, hubStub, JANE, RAVI, shopWith } from "../support/kiosk";

const HOUR = 60 * 60 * 1000;
const SAM = { first_name: "Sam", last_name: "Okoye", pin: "2468" };
const LEE = { first_name: "Lee", last_name: "Chan", pin: "1357" };

const ZONE = "Europe/London";
const MANAGER = { id: "m1", name: "Mia Manager" };

describe("Live Status's day, kept in step with each write", () => {
  it("stays what a fresh read of the storage finds, through every kind of write to a session or entry", async () => {
    const { locationId, employees } = await shopWith([JANE, RAVI, SAM, LEE]);
    const [jane, ravi, sam, lee] = employees.map((e) => e.id) as [string, string, string, string];

    await runInDurableObject(hubStub(locationId), (_, state) => {
      const records = new HubRecords(state.storage);
      const entries = new HubEntries(state.storage, records);
      const day = new LiveDay(records, entries);
      const now = Date.now();
      const today = localDayBounds(now, ZONE);
      const window = { start: today.start - SESSION_LOOKBACK_MS, end: today.end };
      const names = new Map([
        [jane, "Jane Smith"],
        [ravi, "Ravi Kumar"],
        [sam, "Sam Okoye"],
        [lee, "Lee Chan"],
      ]);
      const warningsOf = (live: LiveDay) =>
        live.warnings(window, today, { zone: ZONE, young: new Set(), names, night: NO_NIGHT_EXCEPTION, now });
      /** The day as kept in step, beside what a new reader of the same storage finds. */
      const expectInStep = () => {
        const fresh = new HubRecords(state.storage);
        const anew = new LiveDay(fresh, new HubEntries(state.storage, fresh));
        const kept = day.sessions(window, ZONE);
        expect(kept).toEqual(fresh.overlapping(window));
        expect(kept).toEqual(anew.sessions(window, ZONE));
        expect(warningsOf(day)).toEqual(warningsOf(anew));
        return kept;
      };
      const expectWarned = (rules: number) => {
        expectInStep();
        expect(warningsOf(day)).toHaveLength(rules);
      };

      expect(expectInStep()).toEqual([]);

      // Kiosk punches: a check-in, a break, a check-out.
      records.recordPunch("check_in", jane, now - 3 * HOUR);
      expect(expectInStep().map((s) => [s.employeeId, s.checkOut])).toEqual([[jane, null]]);
      records.recordPunch("break_start", jane, now - 2 * HOUR);
      records.recordPunch("check_out", jane, now - HOUR);
      expect(expectInStep().map((s) => [s.employeeId, s.checkOut, s.closedBy])).toEqual([
        [jane, now - HOUR, "kiosk"],
      ]);

      // A manager closes Ravi's session; a review flag is cleared; an offline punch is marked.
      records.recordPunch("check_in", ravi, now - 2.5 * HOUR);
      expectInStep();
      records.closeByManager(ravi, now - 0.5 * HOUR);
      expect(expectInStep().find((s) => s.employeeId === ravi)?.closedBy).toBe("manager");
      records.markOffline(expectInStep()[0]?.id as string);
      expect(expectInStep()[0]?.offline).toBe(true);

      // Sessions copied in: one inside the window, one long before it (left out).
      records.importSessions([
        {
          id: newId(),
          employeeId: sam,
          checkIn: window.start + HOUR,
          checkOut: window.start + 5 * HOUR,
          closedBy: "kiosk",
          createdAt: window.start + HOUR,
        },
        {
          id: newId(),
          employeeId: sam,
          checkIn: window.start - 10 * 24 * HOUR,
          checkOut: window.start - 10 * 24 * HOUR + HOUR,
          closedBy: "kiosk",
          createdAt: window.start - 10 * 24 * HOUR,
        },
      ]);
      expect(expectInStep().filter((s) => s.employeeId === sam)).toHaveLength(1);

      // The alarm's auto-close, which writes through a class of its own.
      records.recordPunch("check_in", sam, now - 20 * HOUR);
      expectInStep();
      const closed = new ForgottenClockOuts(state.storage, records).close(now, 12 * HOUR, 8 * 60);
      expect(closed.map((s) => s.employeeId)).toEqual([sam]);
      expect(expectInStep().find((s) => s.employeeId === sam && s.closedBy === "auto")?.needsReview).toBe(
        true,
      );

      // A write whose transaction is rolled back leaves the window as it was.
      expect(() =>
        state.storage.transactionSync(() => {
          records.recordPunch("check_in", jane, now - 0.25 * HOUR);
          throw new Error("rolled back");
        }),
      ).toThrow("rolled back");
      expect(expectInStep().filter((s) => s.checkOut === null)).toEqual([]);

      // A manager's corrections: a shift added that leaves Lee 8 hours' rest before his check-in today
      // warns of it; moving it earlier, then voiding it, takes the warning away again.
      records.recordPunch("check_in", lee, today.start);
      expectWarned(0);
      const added = entries.apply(
        {
          kind: "add",
          employeeId: lee,
          checkIn: today.start - 9 * HOUR,
          checkOut: today.start - 8 * HOUR,
          reason: "Forgot to clock",
        },
        MANAGER,
        now,
        ZONE,
      );
      if (!added.ok) throw new Error(added.detail);
      expectWarned(1);
      const moved = entries.apply(
        {
          kind: "edit",
          entryId: added.entry.id,
          checkIn: today.start - 14 * HOUR,
          checkOut: today.start - 13 * HOUR,
          reason: "Earlier",
        },
        MANAGER,
        now,
        ZONE,
      );
      expect(moved.ok).toBe(true);
      expectWarned(0);
      entries.apply(
        { kind: "edit", entryId: added.entry.id, checkOut: today.start - 2 * HOUR, reason: "Stayed late" },
        MANAGER,
        now,
        ZONE,
      );
      expectWarned(1);
      entries.apply({ kind: "void", entryId: added.entry.id, reason: "Wrong branch" }, MANAGER, now, ZONE);
      expectWarned(0);
    });
  });

  it("judges a young worker's night again when the location's night-work settings change, with no punch between", async () => {
    const { locationId, employees } = await shopWith([JANE]);
    const jane = employees[0]?.id ?? "";
    await checkIn(locationId, "janes", JANE.pin);
    await runInDurableObject(hubStub(locationId), (_, state) => {
      const records = new HubRecords(state.storage);
      const day = new LiveDay(records, new HubEntries(state.storage, records));
      const now = Date.now();
      const today = localDayBounds(now, ZONE);
      const window = { start: today.start - SESSION_LOOKBACK_MS, end: today.end };
      const names = new Map([[jane, "Jane Smith"]]);
      const nightRules = (night: typeof NO_NIGHT_EXCEPTION) =>
        day
          .warnings(window, today, { zone: ZONE, young: new Set([jane]), names, night, now })
          .filter((w) => w.rule === "young_night_work");
      // Still in, she is counted as working on: whatever the time of day, a restricted period is ahead of her
      // or she is in it (checked in between 22:00 and 06:00, tomorrow night's is ahead too).
      const warned = nightRules(NO_NIGHT_EXCEPTION);
      expect(warned.length).toBeGreaterThanOrEqual(1);
      // A hospital may keep a young worker on all night: judged again at once, not kept from before.
      expect(nightRules({ sector: "hospital", contractAfter22: false })).toEqual([]);
      expect(nightRules(NO_NIGHT_EXCEPTION)).toEqual(warned);
    });
  });

  it("follows each kiosk punch on the hub's next Live Status, once the window has been read", async () => {
    const { locationId } = await shopWith([JANE, RAVI]);
    const stub = hubStub(locationId);
    expect((await stub.currentStatus()).kpis.employees_checked_in).toBe(0);
    await checkIn(locationId, "janes", JANE.pin);
    await checkIn(locationId, "ravik", RAVI.pin);
    expect((await stub.currentStatus()).kpis).toMatchObject({
      employees_checked_in: 2,
      total_checkins_today: 2,
    });
    await checkOut(locationId, "janes", JANE.pin);
    const status = await stub.currentStatus();
    expect(status.kpis).toMatchObject({ employees_checked_in: 1, total_checkins_today: 2 });
    expect(status.checked_out.map((s) => s.name)).toEqual(["Jane Smith"]);
  });
});
