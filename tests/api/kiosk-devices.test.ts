import { describe, expect, it } from "vitest";
import { api } from "../support/api";
import { JANE, openSessionsOf, RAVI, shopWith } from "../support/kiosk";

const NOT_PAIRED = "This kiosk is not paired with a location. Ask a manager to pair it from the dashboard.";

async function pairedShop() {
  const shop = await shopWith([JANE, RAVI]);
  const paired = await api("POST", `/api/manager/kiosk-devices/${shop.locationId}`, {
    token: shop.manager.token,
    body: { label: "Front counter" },
  });
  return { ...shop, paired, token: paired.body.token as string, deviceId: paired.body.device_id as string };
}

describe("a paired kiosk device (variant B)", () => {
  it("is paired by a manager and then runs the whole flow with its token", async () => {
    const { manager, locationId, employees, paired, token, deviceId } = await pairedShop();
    expect(paired).toMatchObject({
      status: 201,
      body: {
        device_id: expect.any(String),
        token: expect.any(String),
        label: "Front counter",
        location_id: locationId,
      },
    });
    expect(await api("GET", "/api/kiosk/location", { token })).toMatchObject({
      status: 200,
      body: { id: locationId, name: "Camden High Street", device_id: deviceId },
    });
    expect((await api("GET", "/api/employees/initials", { token })).body).toEqual({ initials: ["J", "R"] });
    expect((await api("GET", "/api/employees/by-initial/R", { token })).body.employees).toEqual([
      { id: employees[1]?.id, first_name: "Ravi", last_name: "Kumar", username: "ravik" },
    ]);
    const listed = await api("GET", `/api/manager/kiosk-devices/${locationId}`, { token: manager.token });
    expect(listed.body.devices).toEqual([
      { id: deviceId, label: "Front counter", created_at: expect.any(String), last_used_at: null },
    ]);

    const submitted = await api("POST", "/api/kiosk/submit", {
      token,
      body: { username: "ravik", pin: RAVI.pin, action: "check_in" },
    });
    expect(submitted).toMatchObject({ status: 200, body: { success: true } });
    expect(await openSessionsOf(employees[1]?.id ?? "")).toHaveLength(1);
    const afterUse = await api("GET", `/api/manager/kiosk-devices/${locationId}`, { token: manager.token });
    expect((afterUse.body.devices as { last_used_at: string | null }[])[0]?.last_used_at).toEqual(
      expect.any(String),
    );
  });

  it("is named 'Kiosk' when the manager gives no label", async () => {
    const { manager, locationId } = await shopWith([]);
    const paired = await api("POST", `/api/manager/kiosk-devices/${locationId}`, { token: manager.token });
    expect(paired).toMatchObject({ status: 201, body: { label: "Kiosk" } });
  });

  it("stops working the moment it is revoked, one device or all of them", async () => {
    const { manager, locationId, token, deviceId } = await pairedShop();
    const other = (await api("POST", `/api/manager/kiosk-devices/${locationId}`, { token: manager.token }))
      .body.token as string;
    const revoked = await api("DELETE", `/api/manager/kiosk-devices/${locationId}/${deviceId}`, {
      token: manager.token,
    });
    expect(revoked).toMatchObject({ status: 200, body: { success: true } });
    for (const path of ["/api/kiosk/location", "/api/employees/initials", "/api/employees/by-initial/J"]) {
      expect(await api("GET", path, { token })).toMatchObject({ status: 401, body: { detail: NOT_PAIRED } });
    }
    const submit = await api("POST", "/api/kiosk/submit", {
      token,
      body: { username: "janes", pin: JANE.pin, action: "check_in" },
    });
    expect(submit.status).toBe(401);
    expect(
      (await api("DELETE", `/api/manager/kiosk-devices/${locationId}/${deviceId}`, { token: manager.token }))
        .status,
    ).toBe(404);

    expect((await api("GET", "/api/kiosk/location", { token: other })).status).toBe(200);
    const all = await api("DELETE", `/api/manager/kiosk-devices/${locationId}`, { token: manager.token });
    expect(all.body).toEqual({ success: true, revoked: 1 });
    expect((await api("GET", "/api/kiosk/location", { token: other })).status).toBe(401);
    expect(
      (await api("GET", `/api/manager/kiosk-devices/${locationId}`, { token: manager.token })).body.devices,
    ).toEqual([]);
  });

  it("refuses tampered, missing and borrowed tokens", async () => {
    const { manager, token } = await pairedShop();
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(atob((payload ?? "").replaceAll("-", "+").replaceAll("_", "/")));
    const forged = btoa(JSON.stringify({ ...claims, loc: "another-location" })).replaceAll("=", "");
    for (const bad of [
      `${header}.${forged}.${signature}`,
      `${token}x`,
      manager.token,
      "",
      "not-a-token-at-all-really",
    ]) {
      expect((await api("GET", "/api/employees/initials", { token: bad })).status).toBe(401);
    }
    expect((await api("GET", "/api/employees/initials")).status).toBe(401);
  });

  it("cannot be used as a live-status ticket", async () => {
    const { locationId, token } = await pairedShop();
    const { exports } = await import("cloudflare:workers");
    const response = await exports.default.fetch(
      `http://clocked.test/api/live/${locationId}?ticket=${token}`,
      {
        headers: { Upgrade: "websocket" },
      },
    );
    expect(response.status).toBe(401);
    expect(response.webSocket).toBeNull();
  });
});
