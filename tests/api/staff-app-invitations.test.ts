import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import { api, uniqueEmail } from "../support/api";
import { JANE, RAVI, shopWith } from "../support/kiosk";
import { addMember } from "../support/team";

// Managers invite staff to the staff app from the Employees tab (docs/staff-app.md, "Invitations").

const MIA = { first_name: "Mia", last_name: "Jones", pin: "2468" };

async function shopWithAddresses() {
  const shop = await shopWith([JANE, RAVI, MIA]);
  const [jane, ravi, mia] = shop.employees as [Employee, Employee, Employee];
  const janeEmail = uniqueEmail("jane");
  const raviEmail = uniqueEmail("ravi");
  for (const [person, email] of [
    [jane, janeEmail],
    [ravi, raviEmail],
  ] as const) {
    await api("PUT", `/api/manager/employees/${person.id}/name`, {
      token: shop.manager.token,
      body: { first_name: person.first_name, last_name: person.last_name, email },
    });
  }
  return { ...shop, jane, ravi, mia, janeEmail, raviEmail };
}

const invite = (token: string, locationId: string, employee_ids: string[]) =>
  api("POST", `/api/manager/employees/${locationId}/staff-app-invitations`, {
    token,
    body: { employee_ids },
  });

async function outbox(email: string) {
  const { body } = await api("GET", `/api/dev/outbox?email=${encodeURIComponent(email)}`);
  return body.messages as { subject: string; body: string }[];
}

describe("inviting staff to the staff app", () => {
  it("e-mails each one with an address a link to /me and how to sign in, and names those without one", async () => {
    const { manager, locationId, jane, ravi, mia, janeEmail, raviEmail } = await shopWithAddresses();
    const sent = await invite(manager.token, locationId, [jane.id, ravi.id, mia.id]);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      invited: expect.arrayContaining([jane.id, ravi.id]),
      without_email: ["Mia Jones"],
      recently_invited: [],
    });
    expect(sent.body.invited).toHaveLength(2);
    const [message] = await outbox(janeEmail);
    expect(message?.subject).toBe("Camden High Street invites you to the Clocked staff app");
    expect(message?.body).toContain("http://localhost:5173/me on your phone");
    expect(message?.body).toContain(janeEmail);
    // No token in the link: the code e-mailed at sign-in is the proof.
    expect(message?.body).not.toMatch(/\/me[?#/]/);
    expect(await outbox(raviEmail)).toHaveLength(1);
  });

  it("records when each was invited, for the Employees list", async () => {
    const { manager, locationId, jane, mia } = await shopWithAddresses();
    const before = Date.now();
    await invite(manager.token, locationId, [jane.id]);
    const listed = await api("GET", `/api/manager/employees/${locationId}`, { token: manager.token });
    const byId = new Map((listed.body.employees as Employee[]).map((e) => [e.id, e]));
    expect(byId.get(jane.id)?.staff_app_invited_at).toBeGreaterThanOrEqual(before);
    expect(byId.get(mia.id)?.staff_app_invited_at).toBeNull();
  });

  it("sends one invitation per employee in ten minutes: a repeat is not sent, and not an error", async () => {
    const { manager, locationId, jane, janeEmail } = await shopWithAddresses();
    await invite(manager.token, locationId, [jane.id]);
    const again = await invite(manager.token, locationId, [jane.id, jane.id]);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ invited: [], without_email: [], recently_invited: ["Jane Smith"] });
    expect(await outbox(janeEmail)).toHaveLength(1);
  });

  it("answers 404, and sends nothing, for an archived employee, another location's or another account's", async () => {
    const { manager, locationId, jane, ravi, janeEmail } = await shopWithAddresses();
    const other = await shopWith([JANE]);
    const stranger = other.employees[0]?.id ?? "";
    await api("DELETE", `/api/manager/employees/${ravi.id}`, { token: manager.token });
    for (const ids of [[jane.id, ravi.id], [jane.id, stranger], ["no-such-employee"]]) {
      const refused = await invite(manager.token, locationId, ids);
      expect(refused.status).toBe(404);
      expect(refused.body.detail).toBe("Employee not found");
    }
    expect((await invite(manager.token, other.locationId, [jane.id])).status).toBe(404);
    expect(await outbox(janeEmail)).toHaveLength(0);
  });

  it("refuses an empty list, and more than 500 ids", async () => {
    const { manager, locationId } = await shopWithAddresses();
    const empty = await invite(manager.token, locationId, []);
    expect(empty.status).toBe(400);
    const many = await invite(
      manager.token,
      locationId,
      Array.from({ length: 501 }, (_, i) => `employee-${i}`),
    );
    expect(many.status).toBe(400);
    expect(many.body.detail).toContain("500");
  });

  it("needs permission to edit employees", async () => {
    const { manager, locationId, jane } = await shopWithAddresses();
    const payroll = await addMember(manager.id, { role: "payroll" });
    expect((await invite(payroll.token, locationId, [jane.id])).status).toBe(403);
  });
});
