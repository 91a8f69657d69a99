import { describe, expect, it } from "vitest";
import { api } from "../support/api";
import { checkIn, JANE, openSessionsOf, RAVI, shopWith } from "../support/kiosk";

const MUST_PAIR = "This kiosk must be paired with the location by a manager before staff can clock in here.";

async function onlyPairedShop() {
  const shop = await shopWith([JANE, RAVI]);
  const paired = await api("POST", `/api/manager/kiosk-devices/${shop.locationId}`, {
    token: shop.manager.token,
    body: { label: "Front counter" },
  });
  const saved = await api("PUT", `/api/manager/locations/${shop.locationId}/customization`, {
    token: shop.manager.token,
    body: { only_paired_kiosks: true },
  });
  expect(saved.body.customization).toMatchObject({ only_paired_kiosks: true });
  return { ...shop, token: paired.body.token as string, deviceId: paired.body.device_id as string };
}

describe("only paired kiosks", () => {
  it("gives the public kiosk its location's look: name, theme, button shape and logo", async () => {
    const { manager, locationId } = await shopWith([]);
    await api("PUT", `/api/manager/locations/${locationId}/customization`, {
      token: manager.token,
      body: { button_shape: "circle", background_theme: "black" },
    });
    expect((await api("GET", `/api/locations/${locationId}`)).body).toEqual({
      id: locationId,
      name: "Camden High Street",
      record_breaks: false,
      button_shape: "circle",
      background_theme: "black",
      logo_url: null,
    });
  });

  it("blocks every public (variant A) call with 403, including an unpaired submit", async () => {
    const { locationId, employees } = await onlyPairedShop();
    for (const path of [
      `/api/locations/${locationId}`,
      `/api/employees/initials/${locationId}`,
      `/api/employees/by-initial/${locationId}/J`,
    ]) {
      expect(await api("GET", path)).toMatchObject({ status: 403, body: { detail: MUST_PAIR } });
    }
    expect(await checkIn(locationId, "janes", JANE.pin)).toMatchObject({
      status: 403,
      body: { detail: MUST_PAIR },
    });
    expect(await openSessionsOf(employees[0]?.id ?? "")).toHaveLength(0);
  });

  it("still lets a paired device (variant B) load the location and clock in", async () => {
    const { locationId, employees, token, deviceId } = await onlyPairedShop();
    expect(await api("GET", "/api/kiosk/location", { token })).toMatchObject({
      status: 200,
      body: { id: locationId, device_id: deviceId, button_shape: "rectangle", background_theme: "white" },
    });
    const submitted = await api("POST", "/api/kiosk/submit", {
      token,
      body: { username: "janes", pin: JANE.pin, action: "check_in" },
    });
    expect(submitted).toMatchObject({ status: 200, body: { success: true } });
    expect(await openSessionsOf(employees[0]?.id ?? "")).toHaveLength(1);
  });

  it("refuses a revoked device", async () => {
    const { manager, locationId, token, deviceId } = await onlyPairedShop();
    await api("DELETE", `/api/manager/kiosk-devices/${locationId}/${deviceId}`, { token: manager.token });
    const submitted = await api("POST", "/api/kiosk/submit", {
      token,
      body: { username: "ravik", pin: RAVI.pin, action: "check_in" },
    });
    expect(submitted.status).toBe(401);
  });

  it("opens the public kiosk again when switched off", async () => {
    const { manager, locationId } = await onlyPairedShop();
    await api("PUT", `/api/manager/locations/${locationId}/customization`, {
      token: manager.token,
      body: { only_paired_kiosks: false },
    });
    expect((await checkIn(locationId, "janes", JANE.pin)).status).toBe(200);
  });
});
