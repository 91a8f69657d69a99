import { describe, expect, it } from "vitest";
import { api, createManager } from "../support/api";

const addLocation = (token: string, name: unknown) =>
  api("POST", "/api/manager/locations", { token, body: { name } });

describe("locations", () => {
  it("creates, lists and names locations, with random ids", async () => {
    const manager = await createManager({ plan: "pro" });
    const first = await addLocation(manager.token, "  Camden High Street ");
    const second = await addLocation(manager.token, "Shoreditch");
    expect(first.status).toBe(201);
    const firstId = first.body.location_id as string;
    expect(firstId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second.body.location_id).not.toBe(firstId);

    const list = await api("GET", "/api/manager/locations", { token: manager.token });
    expect(list.body.locations).toEqual([
      { id: firstId, name: "Camden High Street", timezone: "Europe/London" },
      { id: second.body.location_id, name: "Shoreditch", timezone: "Europe/London" },
    ]);
  });

  it("requires a name that is not blank", async () => {
    const manager = await createManager();
    for (const name of ["", "   ", undefined, 7]) {
      const response = await addLocation(manager.token, name);
      expect(response).toMatchObject({ status: 400, body: { detail: "Location name is required" } });
    }
  });

  it("holds Starter to one location and Pro to three, VIP to none", async () => {
    const starter = await createManager({ plan: "starter" });
    expect((await addLocation(starter.token, "One")).status).toBe(201);
    const refused = await addLocation(starter.token, "Two");
    expect(refused).toMatchObject({
      status: 403,
      body: { detail: "Your Starter plan includes 1 location. Upgrade to Pro for up to 3 locations." },
    });

    const pro = await createManager({ plan: "pro" });
    const results = await Promise.all(["A", "B", "C", "D", "E"].map((name) => addLocation(pro.token, name)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 403)).toHaveLength(2);

    const vip = await createManager({ plan: "starter", isVip: true });
    for (const name of ["A", "B", "C"]) expect((await addLocation(vip.token, name)).status).toBe(201);
  });

  it("deletes a location but never the last one", async () => {
    const manager = await createManager({ plan: "pro" });
    const a = (await addLocation(manager.token, "A")).body.location_id as string;
    const b = (await addLocation(manager.token, "B")).body.location_id as string;
    const removed = await api("DELETE", `/api/manager/locations/${a}`, { token: manager.token });
    expect(removed).toMatchObject({ status: 200, body: { success: true } });
    const last = await api("DELETE", `/api/manager/locations/${b}`, { token: manager.token });
    expect(last).toMatchObject({
      status: 400,
      body: { detail: "You can't delete your only location. Add another location first." },
    });
    const list = await api("GET", "/api/manager/locations", { token: manager.token });
    expect((list.body.locations as { id: string }[]).map((l) => l.id)).toEqual([b]);
  });

  it("answers another account's location with 404 and leaves it alone", async () => {
    const owner = await createManager({ plan: "pro" });
    const intruder = await createManager({ plan: "pro" });
    const ownerLocation = (await addLocation(owner.token, "Owner's shop")).body.location_id as string;
    await addLocation(owner.token, "Owner's second shop");
    await addLocation(intruder.token, "Intruder's own");
    await addLocation(intruder.token, "Intruder's other");

    const response = await api("DELETE", `/api/manager/locations/${ownerLocation}`, {
      token: intruder.token,
    });
    expect(response).toMatchObject({ status: 404, body: { detail: "Location not found" } });
    const intruderList = await api("GET", "/api/manager/locations", { token: intruder.token });
    expect(JSON.stringify(intruderList.body)).not.toContain(ownerLocation);
    const ownerList = await api("GET", "/api/manager/locations", { token: owner.token });
    expect(ownerList.body.locations).toHaveLength(2);
  });
});
