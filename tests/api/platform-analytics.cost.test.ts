import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import { getDb } from "../../worker/db/client";
import { platformAnalytics } from "../../worker/db/platform-analytics";
import { newId } from "../../worker/lib/crypto";
import { createManager } from "../support/api";
import { addEmployee, addLocation, hubStub } from "../support/kiosk";

// The super admin's figures come from the hubs' daily roll-ups, never from punches: the same call over ten
// times the check-ins reads no more rows of D1. D1 reports the rows each statement read (meta.rows_read);
// the call is one batch, and the wrapper below adds them up.

const DAY = 24 * 60 * 60 * 1000;
const DAYS = 7;

type Tally = { rowsRead: number; batches: number; other: string[] };

function tallyingD1(real: D1Database, tally: Tally): D1Database {
  return new Proxy(real, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          const results = (await value.call(target, statements)) as D1Result[];
          tally.batches++;
          for (const result of results) tally.rowsRead += result.meta.rows_read;
          return results;
        };
      }
      return (...args: unknown[]) => {
        // Anything but the batch would go uncounted: the test notes it and fails.
        if (property !== "prepare") tally.other.push(String(property));
        return value.apply(target, args);
      };
    },
  });
}

async function analyticsCost() {
  const tally: Tally = { rowsRead: 0, batches: 0, other: [] };
  const figures = await platformAnalytics(getDb(tallyingD1(env.DB, tally)));
  expect(tally.other).toEqual([]);
  expect(tally.batches).toBe(1);
  return { rowsRead: tally.rowsRead, figures };
}

/** `perDay` check-ins for each of the staff on each of the last DAYS days, reported through the outbox. */
async function recordCheckIns(locationId: string, staff: Employee[], perDay: number) {
  // At 09:00 UTC on each of the last DAYS days, so a run near midnight never spills a check-in into another day.
  const today = Math.floor(Date.now() / DAY) * DAY;
  const sessions = staff.flatMap((employee) =>
    Array.from({ length: DAYS }, (_, day) =>
      Array.from({ length: perDay }, (_, n) => {
        const checkIn = today - (day + 1) * DAY + 9 * 60 * 60 * 1000 + n * 60_000;
        return {
          id: newId(),
          employeeId: employee.id,
          checkIn,
          checkOut: checkIn + 30_000,
          closedBy: "kiosk" as const,
          createdAt: checkIn,
        };
      }),
    ).flat(),
  );
  await hubStub(locationId).importSessions(sessions);
  expect(await runDurableObjectAlarm(hubStub(locationId))).toBe(true);
  return sessions.length;
}

async function locationWithStaff(name: string) {
  const manager = await createManager({ plan: "business" });
  const locationId = await addLocation(manager, name);
  const staff = await Promise.all(
    ["Asha", "Ben", "Cara", "Dan", "Esme"].map((first_name, i) =>
      addEmployee(manager, locationId, { first_name, last_name: "Cost", pin: String(3100 + i * 111) }),
    ),
  );
  return { locationId, staff };
}

describe("the super admin's analytics", () => {
  it("read no more of D1 with ten times the check-ins, and more only as locations and days grow", async () => {
    const shop = await locationWithStaff("Roll-up Row");
    const first = await recordCheckIns(shop.locationId, shop.staff, 2);
    const before = await analyticsCost();
    expect(before.figures.overview.recent_events).toBe(first);

    const more = await recordCheckIns(shop.locationId, shop.staff, 18);
    const after = await analyticsCost();
    expect(after.figures.overview.recent_events).toBe(first + more); // ten times the check-ins
    expect(first + more).toBe(10 * first);
    expect(after.rowsRead).toBeLessThanOrEqual(before.rowsRead);

    // The count is real: a second location's week of roll-ups (and its staff) is read.
    const other = await locationWithStaff("Second Street");
    await recordCheckIns(other.locationId, other.staff, 1);
    expect((await analyticsCost()).rowsRead).toBeGreaterThan(after.rowsRead);
  });
});
