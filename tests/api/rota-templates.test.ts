import { describe, expect, it } from "vitest";
import type { RotaTemplate } from "../../worker/contracts/rota";
import { api, createManager } from "../support/api";
import { addLocation, auditRowsFor, JANE, shopWith } from "../support/kiosk";

// A location's shift templates ("Early 06:00-14:00, 30 min break"), kept for the Rota tab (docs/rota.md).

const EARLY = { name: "Early", start_time: "06:00", end_time: "14:00", break_minutes: 30, role: "Barista" };

describe("shift templates", () => {
  it("are added, listed by start time, changed and deleted, each change audited", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const base = `/api/manager/rota/${locationId}/templates`;
    const send = (method: string, path = "", body?: Record<string, unknown>) =>
      api(method, `${base}${path}`, { token: manager.token, body });

    const late = await send("POST", "", {
      name: "Late",
      start_time: "14:00",
      end_time: "22:00",
      break_minutes: 30,
    });
    expect(late).toMatchObject({
      status: 201,
      body: {
        template: { name: "Late", start_time: "14:00", end_time: "22:00", break_minutes: 30, role: null },
      },
    });
    // An end before the start is the next morning.
    const night = await send("POST", "", {
      name: "Night",
      start_time: "22:00",
      end_time: "06:00",
      break_minutes: 45,
    });
    expect(night.status).toBe(201);
    const early = (await send("POST", "", EARLY)).body.template as RotaTemplate;
    expect(((await send("GET")).body.templates as RotaTemplate[]).map((t) => t.name)).toEqual([
      "Early",
      "Late",
      "Night",
    ]);

    const changed = await send("PUT", `/${early.id}`, { ...EARLY, name: "Opening", start_time: "05:30" });
    expect(changed).toMatchObject({
      status: 200,
      body: { template: { id: early.id, name: "Opening", start_time: "05:30" } },
    });
    expect(await send("DELETE", `/${early.id}`)).toMatchObject({ status: 200, body: { success: true } });
    expect(await send("DELETE", `/${early.id}`)).toMatchObject({
      status: 404,
      body: { detail: "Template not found" },
    });
    expect(((await send("GET")).body.templates as RotaTemplate[]).map((t) => t.name)).toEqual([
      "Late",
      "Night",
    ]);
    expect((await auditRowsFor(early.id)).map((row) => [row.entity, row.action])).toEqual([
      ["rota", "template_added"],
      ["rota", "template_edited"],
      ["rota", "template_deleted"],
    ]);
  });

  it("refuses an end equal to the start, over 16 hours, a break as long as the shift, and a 51st", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const post = (body: Record<string, unknown>) =>
      api("POST", `/api/manager/rota/${locationId}/templates`, {
        token: manager.token,
        body: { ...EARLY, ...body },
      });
    expect(await post({ end_time: "06:00" })).toMatchObject({
      status: 400,
      body: { detail: "The template must end at a different time from its start." },
    });
    expect(await post({ start_time: "05:00", end_time: "21:01" })).toMatchObject({
      status: 400,
      body: { detail: "A shift can be at most 16 hours long." },
    });
    expect(await post({ start_time: "23:00", end_time: "01:00", break_minutes: 120 })).toMatchObject({
      status: 400,
      body: { detail: "The break must be shorter than the shift." },
    });
    expect(await post({ start_time: "6:00" })).toMatchObject({
      status: 400,
      body: { detail: "The start must be a time as HH:MM" },
    });
    expect(await post({ name: "  " })).toMatchObject({
      status: 400,
      body: { detail: "Give the template a name" },
    });
    for (let n = 0; n < 50; n++) expect((await post({ name: `T${n}` })).status).toBe(201);
    expect(await post({ name: "One too many" })).toMatchObject({
      status: 400,
      body: { detail: "A location can keep at most 50 templates: delete one you no longer use first." },
    });
  });

  it("answer 404 for another account's location or template", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const mine = await api("POST", `/api/manager/rota/${locationId}/templates`, {
      token: manager.token,
      body: EARLY,
    });
    const id = (mine.body.template as RotaTemplate).id;
    const other = await createManager();
    const theirs = await addLocation(other, "Hackney");
    const as = (location: string, method: string, path: string, body?: Record<string, unknown>) =>
      api(method, `/api/manager/rota/${location}/templates${path}`, { token: other.token, body });
    expect((await as(locationId, "GET", "")).status).toBe(404);
    expect((await as(locationId, "PUT", `/${id}`, EARLY)).status).toBe(404);
    expect(await as(theirs, "PUT", `/${id}`, EARLY)).toMatchObject({
      status: 404,
      body: { detail: "Template not found" },
    });
    expect((await as(theirs, "DELETE", `/${id}`)).status).toBe(404);
    expect((await as(theirs, "GET", "")).body).toEqual({ templates: [] });
    const still = await api("GET", `/api/manager/rota/${locationId}/templates`, { token: manager.token });
    expect(still.body).toEqual({ templates: [mine.body.template as RotaTemplate] });
  });
});
