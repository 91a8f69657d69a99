import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { kioskPairingCodes } from "../../worker/db/schema";
import { api, client, createManager } from "../support/api";
import {
  addLocation,
  auditRowsFor,
  db,
  JANE,
  liveTicket,
  openLiveSocket,
  openSessionsOf,
  shopWith,
} from "../support/kiosk";

// Pairing a tablet by a one-time code: the manager makes the code in the dashboard and types it on the tablet,
// never signing in there (docs/kiosk.md).

const IPAD_SAFARI =
  "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const CODE_SHAPE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}$/;

async function newCode(token: string, locationId: string) {
  const made = await api("POST", `/api/manager/kiosk-devices/${locationId}/pairing-codes`, { token });
  expect(made.status).toBe(201);
  return made.body.code as string;
}

describe("pairing a tablet with a one-time code", () => {
  it("gives the tablet a device token that runs the kiosk, and lists the device at once", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const made = await api("POST", `/api/manager/kiosk-devices/${locationId}/pairing-codes`, {
      token: manager.token,
    });
    expect(made).toMatchObject({
      status: 201,
      body: { code: expect.stringMatching(CODE_SHAPE), expires_in: 600, expires_at: expect.any(String) },
    });
    const expiresAt = Date.parse(made.body.expires_at as string);
    expect(expiresAt - Date.now()).toBeGreaterThan(590_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(600_000);

    const ticket = await liveTicket(manager, locationId);
    const dashboard = await openLiveSocket(locationId, ticket);
    const paired = await api("POST", "/api/kiosk/pair", {
      body: { code: made.body.code, label: "Safari on a tablet" },
    });
    expect(paired).toMatchObject({
      status: 201,
      body: { token: expect.any(String), label: "Safari on a tablet", location_id: locationId },
    });
    const token = paired.body.token as string;
    const deviceId = paired.body.device_id as string;
    // The dashboard is told, so its devices list refetches without a reload.
    await dashboard.next((message) => message.type === "devices_changed");
    dashboard.socket?.close();

    const listed = await api("GET", `/api/manager/kiosk-devices/${locationId}`, { token: manager.token });
    expect(listed.body.devices).toEqual([
      { id: deviceId, label: "Safari on a tablet", created_at: expect.any(String), last_used_at: null },
    ]);
    expect(await api("GET", "/api/kiosk/location", { token })).toMatchObject({
      status: 200,
      body: { id: locationId, device_id: deviceId },
    });
    const punched = await api("POST", "/api/kiosk/submit", {
      token,
      body: { username: employees[0]?.username, pin: JANE.pin, action: "check_in" },
    });
    expect(punched.status).toBe(200);
    expect(await openSessionsOf(employees[0]?.id ?? "")).toHaveLength(1);
    // The pairing is the manager's, in the audit log, and says how it was made.
    expect(await auditRowsFor(deviceId)).toEqual([
      expect.objectContaining({ userId: manager.id, locationId, action: "paired" }),
    ]);
    expect(JSON.parse((await auditRowsFor(deviceId))[0]?.afterJson ?? "{}")).toEqual({
      label: "Safari on a tablet",
      via: "code",
    });
  });

  it("takes the code in any case, with or without its hyphen, and names an unnamed tablet from its browser", async () => {
    const { manager, locationId } = await shopWith([]);
    const code = await newCode(manager.token, locationId);
    const typed = ` ${code.replace("-", "").toLowerCase()} `;
    const paired = await api("POST", "/api/kiosk/pair", {
      body: { code: typed },
      headers: { "User-Agent": IPAD_SAFARI },
    });
    expect(paired).toMatchObject({
      status: 201,
      body: {
        label: expect.stringMatching(/^Safari on a tablet, paired \d{2}\/\d{2}\/\d{4}$/),
        location_id: locationId,
      },
    });
  });

  it("keeps only a hash of the code", async () => {
    const { manager, locationId } = await shopWith([]);
    const code = await newCode(manager.token, locationId);
    const rows = await db()
      .select()
      .from(kioskPairingCodes)
      .where(eq(kioskPairingCodes.locationId, locationId));
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(code.replace("-", ""));
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("pairs one tablet per code: a second use is refused, even in parallel", async () => {
    const { manager, locationId } = await shopWith([]);
    const code = await newCode(manager.token, locationId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client()("POST", "/api/kiosk/pair", { body: { code } })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused).toMatchObject({
        status: 410,
        body: { detail: expect.stringMatching(/already been used/) },
      });
    }
    const listed = await api("GET", `/api/manager/kiosk-devices/${locationId}`, { token: manager.token });
    expect(listed.body.devices).toHaveLength(1);
    expect(await api("POST", "/api/kiosk/pair", { body: { code } })).toMatchObject({
      status: 410,
      body: { detail: "That pairing code has already been used. Make a new one in the dashboard." },
    });
  });

  it("refuses a code after its 10 minutes", async () => {
    const { manager, locationId } = await shopWith([]);
    const code = await newCode(manager.token, locationId);
    await db()
      .update(kioskPairingCodes)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(kioskPairingCodes.locationId, locationId));
    expect(await api("POST", "/api/kiosk/pair", { body: { code } })).toMatchObject({
      status: 410,
      body: { detail: "That pairing code has expired. Make a new one in the dashboard." },
    });
    const listed = await api("GET", `/api/manager/kiosk-devices/${locationId}`, { token: manager.token });
    expect(listed.body.devices).toEqual([]);
  });

  it("refuses a wrong code and a malformed one with a clear detail", async () => {
    const { manager, locationId } = await shopWith([]);
    const code = await newCode(manager.token, locationId);
    // Another code of the same shape (the last character changed).
    const last = code.at(-1) === "A" ? "B" : "A";
    expect(
      await api("POST", "/api/kiosk/pair", { body: { code: `${code.slice(0, -1)}${last}` } }),
    ).toMatchObject({
      status: 400,
      body: { detail: "That pairing code is not right. Check it against the dashboard and try again." },
    });
    for (const typed of ["ABCD-EFG", "ABCD-EFGHJ", "ABCD-EFG0", "ABCD-EFGI", 12345678, ""]) {
      expect(await api("POST", "/api/kiosk/pair", { body: { code: typed } })).toMatchObject({
        status: 400,
        body: { detail: expect.stringContaining("A pairing code is 8 letters and digits") },
      });
    }
  });

  it("refuses a code whose location was archived meanwhile", async () => {
    const manager = await createManager({ plan: "pro" });
    await addLocation(manager, "Stays open");
    const locationId = await addLocation(manager, "Closing down");
    const code = await newCode(manager.token, locationId);
    expect(
      (await api("DELETE", `/api/manager/locations/${locationId}`, { token: manager.token })).status,
    ).toBe(200);
    expect(await api("POST", "/api/kiosk/pair", { body: { code } })).toMatchObject({ status: 410 });
  });

  it("is throttled per client address: after 10 tries even the right code waits, with Retry-After", async () => {
    const { manager, locationId } = await shopWith([]);
    const code = await newCode(manager.token, locationId);
    const guesser = client();
    const last = code.at(-1) === "A" ? "B" : "A";
    const wrong = `${code.slice(0, -1)}${last}`;
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () => guesser("POST", "/api/kiosk/pair", { body: { code: wrong } })),
    );
    expect(guesses.filter((g) => g.status === 400)).toHaveLength(10);
    for (const throttled of guesses.filter((g) => g.status !== 400)) {
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    const right = await guesser("POST", "/api/kiosk/pair", { body: { code } });
    expect(right).toMatchObject({
      status: 429,
      body: { detail: expect.stringMatching(/Too many pairing attempts/) },
    });
    // Another address is not held up by it.
    expect((await client()("POST", "/api/kiosk/pair", { body: { code } })).status).toBe(201);
  });

  it("makes codes only for the manager's own locations", async () => {
    const { locationId } = await shopWith([]);
    const stranger = await createManager();
    expect(
      await api("POST", `/api/manager/kiosk-devices/${locationId}/pairing-codes`, { token: stranger.token }),
    ).toMatchObject({ status: 404 });
    expect((await api("POST", `/api/manager/kiosk-devices/${locationId}/pairing-codes`)).status).toBe(401);
    expect(
      await db().select().from(kioskPairingCodes).where(eq(kioskPairingCodes.locationId, locationId)),
    ).toEqual([]);
  });
});
