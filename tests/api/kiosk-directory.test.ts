import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import { api } from "../support/api";
import { checkIn, checkOut, JANE, shopWith } from "../support/kiosk";

// The location's hub keeps its employees between punches (one D1 write per punch instead of a read and
// a write); a manager's change must reach the kiosk at once all the same.
describe("the hub's employee directory", () => {
  it("takes a new PIN at once, and refuses the old one", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const jane = employees[0] as Employee;
    expect((await checkIn(locationId, jane.username, JANE.pin)).status).toBe(200);
    const changed = await api("PUT", `/api/manager/employees/${jane.id}/pin`, {
      token: manager.token,
      body: { pin: "9090" },
    });
    expect(changed.status).toBe(200);
    expect((await checkOut(locationId, jane.username, JANE.pin)).status).toBe(401);
    expect((await checkOut(locationId, jane.username, "9090")).status).toBe(200);
  });

  it("refuses a deactivated employee at once, and knows a renamed one by the new name", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const jane = employees[0] as Employee;
    expect((await checkIn(locationId, jane.username, JANE.pin)).status).toBe(200);
    await api("PUT", `/api/manager/employees/${jane.id}`, { token: manager.token, body: { active: false } });
    expect((await checkIn(locationId, jane.username, JANE.pin)).status).toBe(400);

    await api("PUT", `/api/manager/employees/${jane.id}`, { token: manager.token, body: { active: true } });
    await api("PUT", `/api/manager/employees/${jane.id}/name`, {
      token: manager.token,
      body: { first_name: "Janet", last_name: "Smythe" },
    });
    const byNewName = await api("POST", `/api/kiosk/submit/${locationId}`, {
      body: {
        location_id: locationId,
        first_name: "janet",
        last_name: "SMYTHE",
        pin: JANE.pin,
        action: "check_in",
      },
    });
    expect(byNewName.status).toBe(200);
  });
});
