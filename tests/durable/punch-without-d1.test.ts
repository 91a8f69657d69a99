import {
  createExecutionContext,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { LocationHub } from "../../worker/durable/location-hub";
import worker from "../../worker/index";
import { api } from "../support/api";
import { hubStub, JANE, RAVI, shopWith } from "../support/kiosk";

// A kiosk punch is decided and recorded by its location's hub alone: neither the Worker nor the hub calls
// D1 on the way, for a public kiosk or a paired one, nor for the kiosk's name lists. Both D1 bindings (the
// Worker's and the hub's) are wrapped to count every statement prepared, batched or executed.

type Counter = { calls: string[] };

function countingD1(real: D1Database, counter: Counter): D1Database {
  return new Proxy(real, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        counter.calls.push(`${String(property)}: ${String(args[0]).slice(0, 80)}`);
        return value.apply(target, args);
      };
    },
  });
}

/** Counts the hub's D1 calls from now on (its env is swapped for one whose DB counts). */
async function countHubD1(locationId: string, counter: Counter) {
  await runInDurableObject(hubStub(locationId), (hub: LocationHub) => {
    const own = hub as unknown as { env: Env };
    own.env = { ...own.env, DB: countingD1(own.env.DB, counter) };
  });
}

/** A request through the Worker with a counting D1 binding. */
async function viaWorker(counter: Counter, path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://clocked.test${path}`, init),
    { ...env, DB: countingD1(env.DB, counter) },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const submit = (body: object, token?: string) => ({
  method: "POST",
  headers: {
    "Content-Type": "application/json",
    "CF-Connecting-IP": "10.9.9.9",
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  },
  body: JSON.stringify(body),
});

describe("a kiosk punch", () => {
  it("makes no D1 query at a public kiosk: lists, check-in, check-out, wrong PIN", async () => {
    const { locationId } = await shopWith([JANE, RAVI]);
    const worker: Counter = { calls: [] };
    const hub: Counter = { calls: [] };
    await countHubD1(locationId, hub);

    expect((await viaWorker(worker, `/api/locations/${locationId}`)).status).toBe(200);
    expect((await viaWorker(worker, `/api/employees/initials/${locationId}`)).status).toBe(200);
    expect((await viaWorker(worker, `/api/employees/by-initial/${locationId}/J`)).status).toBe(200);
    const punch = (pin: string, action: string) =>
      viaWorker(worker, `/api/kiosk/submit/${locationId}`, submit({ username: "janes", pin, action }));
    expect((await punch(JANE.pin, "check_in")).status).toBe(200);
    expect((await punch("0000", "check_out")).status).toBe(401);
    expect((await punch(JANE.pin, "check_out")).status).toBe(200);

    expect(worker.calls).toEqual([]);
    expect(hub.calls).toEqual([]);
    // The day's check-ins reach D1 afterwards, from the hub's alarm: through the same counting binding.
    expect(await runDurableObjectAlarm(hubStub(locationId))).toBe(true);
    expect(hub.calls.length).toBeGreaterThan(0);
  });

  it("makes no D1 query at a paired kiosk either", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const paired = await api("POST", `/api/manager/kiosk-devices/${locationId}`, {
      token: manager.token,
      body: { label: "Front desk" },
    });
    const token = paired.body.token as string;
    const worker: Counter = { calls: [] };
    const hub: Counter = { calls: [] };
    await countHubD1(locationId, hub);

    const bearer = { headers: { Authorization: `Bearer ${token}` } };
    expect((await viaWorker(worker, "/api/kiosk/location", bearer)).status).toBe(200);
    expect((await viaWorker(worker, "/api/employees/initials", bearer)).status).toBe(200);
    const answer = await viaWorker(
      worker,
      "/api/kiosk/submit",
      submit({ username: "janes", pin: JANE.pin, action: "check_in" }, token),
    );
    expect(answer.status).toBe(200);

    expect(worker.calls).toEqual([]);
    expect(hub.calls).toEqual([]);
  });

  it("is counted: the same wrapper sees the D1 reads of a manager's call", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const counter: Counter = { calls: [] };
    const response = await viaWorker(counter, `/api/manager/employees/${locationId}`, {
      headers: { Authorization: `Bearer ${manager.token}` },
    });
    expect(response.status).toBe(200);
    expect(counter.calls.length).toBeGreaterThan(0);
  });
});
