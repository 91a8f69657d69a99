import { describe, expect, it } from "vitest";
import type { Customization } from "../../worker/contracts/settings";
import { api, createManager } from "../support/api";
import { addLocation, auditRowsFor } from "../support/kiosk";

const BREAKS = {
  workday_hours: 7.5,
  workday_start_time: "08:30",
  workday_end_time: "16:30",
  standard_break_minutes: 45,
  break_deduction_enabled: true,
};

async function shop(plan: "starter" | "pro" | "business" = "pro") {
  const manager = await createManager({ plan });
  return { manager, locationId: await addLocation(manager) };
}

describe("a location's customization", () => {
  it("starts with the defaults, every setting present", async () => {
    const { manager, locationId } = await shop("starter");
    const response = await api("GET", `/api/manager/locations/${locationId}/customization`, {
      token: manager.token,
    });
    expect(response).toMatchObject({ status: 200 });
    expect(response.body.customization).toEqual({
      location_id: locationId,
      button_shape: "rectangle",
      background_theme: "white",
      logo_url: null,
      logo_filename: null,
      only_paired_kiosks: false,
      workday_hours: 8,
      workday_start_time: "09:00",
      workday_end_time: "17:00",
      standard_break_minutes: 30,
      break_deduction_enabled: true,
      record_breaks: false,
      auto_close_after_hours: 14,
      late_grace_minutes: 5,
      no_show_minutes: 30,
      pay_to_rota: false,
      updated_at: null,
    } satisfies Customization);
  });

  it("saves the Daily Break Settings on Pro and answers the new customization", async () => {
    const { manager, locationId } = await shop("pro");
    const saved = await api("PUT", `/api/manager/customization/${locationId}`, {
      token: manager.token,
      body: BREAKS,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.success).toBe(true);
    expect(saved.body.customization).toMatchObject({ ...BREAKS, button_shape: "rectangle" });
    const read = await api("GET", `/api/manager/locations/${locationId}/customization`, {
      token: manager.token,
    });
    expect(read.body.customization).toMatchObject(BREAKS);
    expect((read.body.customization as Customization).updated_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("takes part of the fields on the location's own address, appearance on every plan", async () => {
    const { manager, locationId } = await shop("starter");
    const path = `/api/manager/locations/${locationId}/customization`;
    const look = await api("PUT", path, {
      token: manager.token,
      body: { button_shape: "circle", background_theme: "black", only_paired_kiosks: true },
    });
    expect(look.status).toBe(200);
    expect(look.body.customization).toMatchObject({
      button_shape: "circle",
      background_theme: "black",
      only_paired_kiosks: true,
      standard_break_minutes: 30,
    });
  });

  it("keeps Daily Break Settings from Starter with a 403 naming the plans", async () => {
    const { manager, locationId } = await shop("starter");
    const detail =
      "Daily break settings are available on the Pro and Business plans. Upgrade to unlock them.";
    const form = await api("PUT", `/api/manager/customization/${locationId}`, {
      token: manager.token,
      body: BREAKS,
    });
    expect(form).toMatchObject({ status: 403, body: { detail } });
    const partial = await api("PUT", `/api/manager/locations/${locationId}/customization`, {
      token: manager.token,
      body: { button_shape: "square", standard_break_minutes: 15 },
    });
    expect(partial).toMatchObject({ status: 403, body: { detail } });
    const vip = await createManager({ plan: "starter", isVip: true });
    const vipShop = await addLocation(vip);
    const vipForm = await api("PUT", `/api/manager/customization/${vipShop}`, {
      token: vip.token,
      body: BREAKS,
    });
    expect(vipForm.status).toBe(403); // VIP lifts limits, not features
    const business = await shop("business");
    expect(
      (
        await api("PUT", `/api/manager/customization/${business.locationId}`, {
          token: business.manager.token,
          body: BREAKS,
        })
      ).status,
    ).toBe(200);
  });

  it("refuses values outside the settings' ranges with a 400 that says why", async () => {
    const { manager, locationId } = await shop("pro");
    const put = (body: Record<string, unknown>) =>
      api("PUT", `/api/manager/customization/${locationId}`, {
        token: manager.token,
        body: { ...BREAKS, ...body },
      });
    const hours = "Workday hours must be between 1 and 24, in steps of 0.5";
    for (const workday_hours of [0.5, 24.5, 7.25, "8"]) {
      expect(await put({ workday_hours }), String(workday_hours)).toMatchObject({
        status: 400,
        body: { detail: hours },
      });
    }
    const minutes = "Standard break must be a whole number of minutes from 0 to 120";
    for (const standard_break_minutes of [-1, 121, 30.5]) {
      expect(await put({ standard_break_minutes })).toMatchObject({ status: 400, body: { detail: minutes } });
    }
    for (const workday_start_time of ["9:00", "24:00", "09:60", "nine"]) {
      expect(await put({ workday_start_time })).toMatchObject({
        status: 400,
        body: { detail: "Workday start time must be a time as HH:MM (24-hour clock)" },
      });
    }
    expect((await put({ break_deduction_enabled: "yes" })).status).toBe(400);
    expect((await put({ workday_hours: 1 })).status).toBe(200);
    expect((await put({ workday_hours: 24, standard_break_minutes: 120 })).status).toBe(200);
    expect((await put({ standard_break_minutes: 0 })).status).toBe(200);
    const missing = await api("PUT", `/api/manager/customization/${locationId}`, {
      token: manager.token,
      body: { workday_hours: 8 },
    });
    expect(missing.status).toBe(400);
    const patch = (body: unknown) =>
      api("PUT", `/api/manager/locations/${locationId}/customization`, { token: manager.token, body });
    expect(await patch({})).toMatchObject({
      status: 400,
      body: { detail: "Send at least one setting to change" },
    });
    expect(await patch({ logo_url: "/x" })).toMatchObject({
      status: 400,
      body: { detail: "Unexpected field: logo_url" },
    });
    expect((await patch({ button_shape: "hexagon" })).body.detail).toContain("button_shape must be one of");
  });

  it("answers 404 for another account's location", async () => {
    const { locationId } = await shop("pro");
    const other = await createManager({ plan: "pro" });
    expect(
      (await api("GET", `/api/manager/locations/${locationId}/customization`, { token: other.token })).status,
    ).toBe(404);
    expect(
      (await api("PUT", `/api/manager/customization/${locationId}`, { token: other.token, body: BREAKS }))
        .status,
    ).toBe(404);
  });

  it("writes what changed, before and after, to the audit log", async () => {
    const { manager, locationId } = await shop("pro");
    await api("PUT", `/api/manager/customization/${locationId}`, { token: manager.token, body: BREAKS });
    await api("PUT", `/api/manager/customization/${locationId}`, { token: manager.token, body: BREAKS }); // no change
    const rows = (await auditRowsFor(locationId)).filter((row) => row.action !== "created");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: manager.id,
      entity: "location",
      action: "customization_changed",
    });
    expect(JSON.parse(rows[0]?.beforeJson ?? "{}")).toEqual({
      workday_hours: 8,
      workday_start_time: "09:00",
      workday_end_time: "17:00",
      standard_break_minutes: 30,
    });
    expect(JSON.parse(rows[0]?.afterJson ?? "{}")).toEqual({
      workday_hours: 7.5,
      workday_start_time: "08:30",
      workday_end_time: "16:30",
      standard_break_minutes: 45,
    });
  });
});
