import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, createManager } from "../support/api";
import { addLocation, auditRowsFor, hubStub } from "../support/kiosk";

async function shop(plan: "starter" | "pro" = "starter") {
  const manager = await createManager({ plan });
  const locationId = await addLocation(manager);
  const put = (body: Record<string, unknown>) =>
    api("PUT", `/api/manager/locations/${locationId}/customization`, { token: manager.token, body });
  return { manager, locationId, put };
}

/** The rota's thresholds as the location's hub holds them in its copy of the site. */
const hubSite = (locationId: string) =>
  runInDurableObject(hubStub(locationId), (_instance, state) => {
    const [row] = state.storage.sql
      .exec<{ late_grace_minutes: number; no_show_minutes: number; pay_to_rota: number }>(
        "SELECT late_grace_minutes, no_show_minutes, pay_to_rota FROM site",
      )
      .toArray();
    return row;
  });

describe("a location's rota settings", () => {
  it("saves the grace, the no-show threshold and pay to the rota on every plan, and the hub takes them", async () => {
    const { locationId, put } = await shop("starter");
    const saved = await put({ late_grace_minutes: 10, no_show_minutes: 45, pay_to_rota: true });
    expect(saved.status).toBe(200);
    expect(saved.body.customization).toMatchObject({
      late_grace_minutes: 10,
      no_show_minutes: 45,
      pay_to_rota: true,
    });
    expect(await hubSite(locationId)).toEqual({
      late_grace_minutes: 10,
      no_show_minutes: 45,
      pay_to_rota: 1,
    });
  });

  it("refuses thresholds out of range with a 400 that says why", async () => {
    const { put } = await shop();
    const grace = "late_grace_minutes must be a whole number of minutes from 0 to 60";
    for (const late_grace_minutes of [-1, 61, 2.5, "5", null]) {
      expect(await put({ late_grace_minutes }), String(late_grace_minutes)).toMatchObject({
        status: 400,
        body: { detail: grace },
      });
    }
    const noShow = "no_show_minutes must be a whole number of minutes from 5 to 240";
    for (const no_show_minutes of [4, 241, 30.5]) {
      expect(await put({ no_show_minutes }), String(no_show_minutes)).toMatchObject({
        status: 400,
        body: { detail: noShow },
      });
    }
    expect(await put({ pay_to_rota: "yes" })).toMatchObject({
      status: 400,
      body: { detail: "pay_to_rota must be true or false" },
    });
  });

  it("refuses a no-show threshold not after the grace, judged with what the location already has", async () => {
    const { put } = await shop();
    const detail = "no_show_minutes must be greater than late_grace_minutes";
    expect(await put({ late_grace_minutes: 20, no_show_minutes: 20 })).toMatchObject({
      status: 400,
      body: { detail },
    });
    // The stored no-show threshold is 30: a grace of 30 alone meets it.
    expect(await put({ late_grace_minutes: 30 })).toMatchObject({ status: 400, body: { detail } });
    expect((await put({ late_grace_minutes: 29 })).status).toBe(200);
    expect(await put({ no_show_minutes: 29 })).toMatchObject({ status: 400, body: { detail } });
    expect((await put({ no_show_minutes: 60, late_grace_minutes: 45 })).status).toBe(200);
  });

  it("writes the change, before and after, to the audit log", async () => {
    const { locationId, put } = await shop();
    await put({ late_grace_minutes: 0, no_show_minutes: 15 });
    const rows = (await auditRowsFor(locationId)).filter((row) => row.action === "customization_changed");
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.beforeJson ?? "{}")).toEqual({ late_grace_minutes: 5, no_show_minutes: 30 });
    expect(JSON.parse(rows[0]?.afterJson ?? "{}")).toEqual({ late_grace_minutes: 0, no_show_minutes: 15 });
  });

  it("answers 404 for another account's location", async () => {
    const { locationId } = await shop();
    const other = await createManager({ plan: "pro" });
    const response = await api("PUT", `/api/manager/locations/${locationId}/customization`, {
      token: other.token,
      body: { late_grace_minutes: 10 },
    });
    expect(response.status).toBe(404);
  });
});
