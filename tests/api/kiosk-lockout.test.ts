import { describe, expect, it } from "vitest";
import type { LiveStatus } from "../../worker/contracts/live";
import { api, createManager } from "../support/api";
import { auditRowsFor, checkIn, JANE, liveTicket, openLiveSocket, RAVI, shopWith } from "../support/kiosk";

// An employee locked out by wrong PINs is told for how long and that a manager can unlock them; Live Status
// lists them, wherever they were locked, and a manager unlocks them there (docs/kiosk.md).

const LOCKED_FOR_15 =
  "Account temporarily locked due to too many incorrect attempts. Try again in 15 minutes, or ask a manager to unlock you now.";

async function lockOut(locationId: string, username: string) {
  for (let i = 0; i < 4; i++) expect((await checkIn(locationId, username, "0000")).status).toBe(401);
  return checkIn(locationId, username, "0000");
}

const liveStatus = async (token: string, locationId: string) =>
  (await api("GET", `/api/manager/live-status/${locationId}`, { token })).body as unknown as LiveStatus;

const unlock = (token: string, locationId: string, employeeId: string) =>
  api("POST", `/api/manager/live-status/${locationId}/unlock/${employeeId}`, { token });

describe("a locked-out employee", () => {
  it("is told for how long, and that a manager can unlock them now", async () => {
    const { locationId, employees } = await shopWith([JANE]);
    const locked = await lockOut(locationId, employees[0]?.username ?? "");
    expect(locked).toMatchObject({ status: 423, body: { detail: LOCKED_FOR_15 } });
    expect(locked.headers.get("Retry-After")).toBe("900");
    // Even the right PIN, a moment later: still locked, for the time that is left.
    const again = await checkIn(locationId, employees[0]?.username ?? "", JANE.pin);
    expect(again).toMatchObject({ status: 423, body: { detail: LOCKED_FOR_15 } });
  });

  it("is listed on Live Status, pushed live, and unlocked there by the manager, audited", async () => {
    const { manager, locationId, employees } = await shopWith([JANE, RAVI]);
    const [jane, ravi] = employees;
    const dashboard = await openLiveSocket(locationId, await liveTicket(manager, locationId));
    await lockOut(locationId, jane?.username ?? "");

    const pushed = await dashboard.next(
      (m) => m.type === "live_status" && m.data.locked_out.some((l) => l.id === jane?.id),
    );
    expect(pushed.type === "live_status" && pushed.data.locked_out).toEqual([
      {
        id: jane?.id,
        name: "Jane Smith",
        until: expect.any(String),
        time: expect.stringMatching(/^\d\d:\d\d$/),
      },
    ]);
    const until = Date.parse((await liveStatus(manager.token, locationId)).locked_out[0]?.until ?? "");
    expect(until - Date.now()).toBeGreaterThan(14 * 60_000);

    expect(await unlock(manager.token, locationId, jane?.id ?? "")).toMatchObject({
      status: 200,
      body: { success: true, unlocked: 1 },
    });
    await dashboard.next((m) => m.type === "live_status" && m.data.locked_out.length === 0);
    dashboard.socket?.close();
    expect((await checkIn(locationId, jane?.username ?? "", JANE.pin)).status).toBe(200);

    const audited = (await auditRowsFor(jane?.id ?? "")).filter((row) => row.action === "pin_unlocked");
    expect(audited).toEqual([
      expect.objectContaining({
        userId: manager.id,
        locationId,
        entity: "employee",
        createdAt: expect.any(Number),
      }),
    ]);
    expect(JSON.parse(audited[0]?.afterJson ?? "{}")).toEqual({ locked_until: null });

    // Unlocking someone who is not locked changes nothing and audits nothing.
    expect((await unlock(manager.token, locationId, ravi?.id ?? "")).body).toEqual({
      success: true,
      unlocked: 0,
    });
    expect((await auditRowsFor(ravi?.id ?? "")).filter((row) => row.action === "pin_unlocked")).toEqual([]);
  });

  it("is listed and unlocked whichever kiosk locked them: the public page and a paired tablet", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const jane = employees[0];
    const paired = await api("POST", `/api/manager/kiosk-devices/${locationId}`, { token: manager.token });
    const token = paired.body.token as string;
    const tablet = (pin: string) =>
      api("POST", "/api/kiosk/submit", {
        token,
        body: { username: jane?.username, pin, action: "check_in" },
      });
    for (let i = 0; i < 4; i++) expect((await tablet("0000")).status).toBe(401);
    expect((await tablet("0000")).status).toBe(423);
    await lockOut(locationId, jane?.username ?? "");

    expect((await liveStatus(manager.token, locationId)).locked_out.map((l) => l.id)).toEqual([jane?.id]);
    expect((await unlock(manager.token, locationId, jane?.id ?? "")).body).toEqual({
      success: true,
      unlocked: 2,
    });
    expect((await liveStatus(manager.token, locationId)).locked_out).toEqual([]);
    expect((await tablet(JANE.pin)).status).toBe(200);
  });

  it("can be unlocked only by their own manager", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const jane = employees[0];
    await lockOut(locationId, jane?.username ?? "");
    const stranger = await createManager();
    expect((await unlock(stranger.token, locationId, jane?.id ?? "")).status).toBe(404);
    expect((await unlock("", locationId, jane?.id ?? "")).status).toBe(401);
    expect((await liveStatus(manager.token, locationId)).locked_out).toHaveLength(1);
    expect((await checkIn(locationId, jane?.username ?? "", JANE.pin)).status).toBe(423);
  });
});
