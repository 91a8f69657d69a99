import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import { api } from "../support/api";
import {
  addEmployee,
  checkIn,
  checkOut,
  JANE,
  openSessionsOf,
  punch,
  RAVI,
  sessionsOf,
  shopWith,
} from "../support/kiosk";

describe("the kiosk's listings (variant A)", () => {
  it("names the location, and answers an unknown one with 404", async () => {
    const { locationId } = await shopWith([]);
    expect(await api("GET", `/api/locations/${locationId}`)).toMatchObject({
      status: 200,
      body: { id: locationId, name: "Camden High Street" },
    });
    for (const path of [
      "/api/locations/nope",
      "/api/employees/initials/nope",
      "/api/employees/by-initial/nope/J",
    ]) {
      expect(await api("GET", path)).toMatchObject({ status: 404, body: { detail: "Location not found" } });
    }
  });

  it("lists sorted, unique initials of active staff, then the staff for one initial", async () => {
    const { manager, locationId, employees } = await shopWith([
      RAVI,
      JANE,
      { first_name: "james", last_name: "Okafor", pin: "2222" },
      { first_name: "Émile", last_name: "Durand", pin: "3333" },
      { first_name: "Zed", last_name: "Inactive", pin: "4444" },
    ]);
    const zed = employees[4] as Employee;
    await api("PUT", `/api/manager/employees/${zed.id}`, { token: manager.token, body: { active: false } });
    expect((await api("GET", `/api/employees/initials/${locationId}`)).body).toEqual({
      initials: ["É", "J", "R"],
    });

    const js = await api("GET", `/api/employees/by-initial/${locationId}/j`);
    expect(js.body.employees).toEqual([
      { id: employees[2]?.id, first_name: "james", last_name: "Okafor", username: "jameso" },
      { id: employees[1]?.id, first_name: "Jane", last_name: "Smith", username: "janes" },
    ]);
    expect(
      (await api("GET", `/api/employees/by-initial/${locationId}/${encodeURIComponent("É")}`)).body.employees,
    ).toHaveLength(1);
    expect((await api("GET", `/api/employees/by-initial/${locationId}/Z`)).body).toEqual({ employees: [] });
    expect(await api("GET", `/api/employees/by-initial/${locationId}/JA`)).toMatchObject({
      status: 400,
      body: { detail: "Initial must be a single letter" },
    });
  });

  it("has nothing to list at an empty location", async () => {
    const { locationId } = await shopWith([]);
    expect((await api("GET", `/api/employees/initials/${locationId}`)).body).toEqual({ initials: [] });
  });
});

describe("checking in and out", () => {
  it("accepts the overlay payload {username, pin, action}", async () => {
    const { locationId, employees } = await shopWith([JANE]);
    const checkedIn = await checkIn(locationId, "janes", JANE.pin);
    expect(checkedIn.status).toBe(200);
    expect(checkedIn.body).toEqual({
      success: true,
      message: expect.stringMatching(/^Checked in at \d{2}:\d{2}$/),
    });
    const checkedOut = await checkOut(locationId, "JaneS", JANE.pin);
    expect(checkedOut.body).toEqual({
      success: true,
      message: expect.stringMatching(/^Checked out at \d{2}:\d{2} — worked 0h 0m$/),
    });
    expect(await sessionsOf(employees[0]?.id ?? "")).toMatchObject([
      { closedBy: "kiosk", checkOutAt: expect.any(Number) },
    ]);
  });

  it("accepts the kiosk page payload {location_id, first_name, last_name, pin, action}", async () => {
    const { locationId, employees } = await shopWith([JANE]);
    const body = {
      location_id: locationId,
      first_name: "jane",
      last_name: "SMITH",
      pin: JANE.pin,
      action: "check_in",
    };
    expect((await punch(locationId, body)).status).toBe(200);
    expect(await openSessionsOf(employees[0]?.id ?? "")).toHaveLength(1);
    expect(await punch(locationId, { ...body, location_id: "another" })).toMatchObject({
      status: 400,
      body: { detail: "location_id does not match this kiosk's location" },
    });
  });

  it("answers as the kiosk's error catalogue expects", async () => {
    const { manager, locationId } = await shopWith([JANE, RAVI]);
    const inactive = await addEmployee(manager, locationId, {
      first_name: "Ina",
      last_name: "Active",
      pin: "5555",
    });
    await api("PUT", `/api/manager/employees/${inactive.id}`, {
      token: manager.token,
      body: { active: false },
    });

    expect(await checkOut(locationId, "janes", JANE.pin)).toMatchObject({
      status: 400,
      body: { detail: "Not checked in — please check in first" },
    });
    await checkIn(locationId, "janes", JANE.pin);
    expect((await checkIn(locationId, "janes", JANE.pin)).body.detail).toMatch(
      /^Already checked in since \d{2}:\d{2}$/,
    );
    expect(await checkIn(locationId, "ravik", "0000")).toMatchObject({
      status: 401,
      body: { detail: "Incorrect PIN" },
    });
    expect(await checkIn(locationId, "nobody", "1234")).toMatchObject({
      status: 400,
      body: { detail: "Employee not found at this location" },
    });
    expect(await checkIn(locationId, "inaa", "5555")).toMatchObject({
      status: 400,
      body: { detail: "This employee is inactive. Please speak to your manager." },
    });
    expect(await checkIn(locationId, "ravik", "12")).toMatchObject({
      status: 400,
      body: { detail: "PIN must be exactly 4 digits" },
    });
    expect((await punch(locationId, { username: "ravik", pin: "1357", action: "lunch" })).body.detail).toBe(
      "Action must be check_in, check_out, break_start or break_end",
    );
    expect((await punch(locationId, { pin: "1357", action: "check_in" })).body.detail).toBe(
      "Please choose your name",
    );
    expect((await punch("nope", { username: "ravik", pin: "1357", action: "check_in" })).status).toBe(404);
  });

  it("asks namesakes to use the list rather than guessing which one is punching", async () => {
    const { locationId } = await shopWith([JANE, { ...JANE, pin: "9999" }]);
    const byName = {
      location_id: locationId,
      first_name: "Jane",
      last_name: "Smith",
      pin: "9999",
      action: "check_in",
    };
    expect((await punch(locationId, byName)).body.detail).toBe(
      "More than one employee is called Jane Smith. Please choose your name from the list.",
    );
    expect((await checkIn(locationId, "janes2", "9999")).status).toBe(200);
  });

  it("refuses a malformed Idempotency-Key", async () => {
    const { locationId } = await shopWith([JANE]);
    const response = await checkIn(locationId, "janes", JANE.pin, { "Idempotency-Key": "a b" });
    expect(response).toMatchObject({
      status: 400,
      body: { detail: expect.stringMatching(/^Idempotency-Key must be/) },
    });
  });
});
