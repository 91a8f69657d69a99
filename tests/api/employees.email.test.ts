import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import { api } from "../support/api";
import { addLocation, auditRowsFor, JANE, RAVI, shopWith } from "../support/kiosk";

// An employee's e-mail address, where their rota is sent (docs/rota.md, "Telling staff"): optional, trimmed and
// lower-cased, unique among the account's employees at all its locations.

const create = (token: string, locationId: string, body: Record<string, unknown>) =>
  api("POST", `/api/manager/employees/${locationId}`, { token, body });
const edit = (token: string, employeeId: string, body: Record<string, unknown>) =>
  api("PUT", `/api/manager/employees/${employeeId}/name`, { token, body });
const list = async (token: string, locationId: string) =>
  (await api("GET", `/api/manager/employees/${locationId}`, { token })).body.employees as Employee[];

describe("an employee's e-mail address", () => {
  it("is saved trimmed and lower-cased when the employee is added, and listed", async () => {
    const { manager, locationId } = await shopWith([]);
    const added = await create(manager.token, locationId, { ...JANE, email: "  Jane.Smith@Example.COM " });
    expect(added.status).toBe(201);
    expect((added.body.employee as Employee).email).toBe("jane.smith@example.com");
    expect((await list(manager.token, locationId)).map((e) => e.email)).toEqual(["jane.smith@example.com"]);
  });

  it("is optional: left out or blank, there is none", async () => {
    const { manager, locationId } = await shopWith([]);
    expect(((await create(manager.token, locationId, JANE)).body.employee as Employee).email).toBeNull();
    const blank = await create(manager.token, locationId, { ...RAVI, email: "" });
    expect((blank.body.employee as Employee).email).toBeNull();
  });

  it("refuses an address that is not one", async () => {
    const { manager, locationId } = await shopWith([]);
    const refused = await create(manager.token, locationId, { ...JANE, email: "jane at example" });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe("Please enter a valid email address");
    expect(await list(manager.token, locationId)).toEqual([]);
  });

  it("is unique within the account, across its locations, but not across accounts", async () => {
    const { manager, locationId } = await shopWith([], { plan: "pro" });
    await create(manager.token, locationId, { ...JANE, email: "jane@example.com" });
    const elsewhere = await addLocation(manager, "Second Shop");
    const taken = await create(manager.token, elsewhere, { ...RAVI, email: "JANE@example.com" });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe("Another employee already has this e-mail address.");
    expect(await list(manager.token, elsewhere)).toEqual([]);
    const other = await shopWith([]);
    expect(
      (await create(other.manager.token, other.locationId, { ...JANE, email: "jane@example.com" })).status,
    ).toBe(201);
  });

  it("is changed, kept or cleared with the employee's names, and audited", async () => {
    const { manager, employees } = await shopWith([JANE, RAVI]);
    const [jane, ravi] = employees as [Employee, Employee];
    const set = await edit(manager.token, jane.id, {
      first_name: "Jane",
      last_name: "Smith",
      email: "Jane@Shop.co.uk",
    });
    expect(set.status).toBe(200);
    expect((set.body.employee as Employee).email).toBe("jane@shop.co.uk");
    // Left out: kept. Saved again with her own address: not "taken".
    const kept = await edit(manager.token, jane.id, { first_name: "Janet", last_name: "Smith" });
    expect((kept.body.employee as Employee).email).toBe("jane@shop.co.uk");
    expect(
      (
        await edit(manager.token, jane.id, {
          first_name: "Janet",
          last_name: "Smith",
          email: "jane@shop.co.uk",
        })
      ).status,
    ).toBe(200);
    const taken = await edit(manager.token, ravi.id, {
      first_name: "Ravi",
      last_name: "Kumar",
      email: "jane@shop.co.uk",
    });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe("Another employee already has this e-mail address.");
    const cleared = await edit(manager.token, jane.id, {
      first_name: "Janet",
      last_name: "Smith",
      email: "",
    });
    expect((cleared.body.employee as Employee).email).toBeNull();
    const renames = (await auditRowsFor(jane.id)).filter((row) => row.action === "renamed");
    expect(renames.map((row) => JSON.parse(row.afterJson ?? "{}").email ?? null)).toEqual([
      "jane@shop.co.uk",
      "jane@shop.co.uk",
      "jane@shop.co.uk",
      null,
    ]);
  });
});
