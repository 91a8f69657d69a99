import { exports } from "cloudflare:workers";
import { PDFDocument } from "@pdfme/pdf-lib";
import { expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import { api, randomAddress } from "../support/api";
import { JANE, RAVI, shopWith } from "../support/kiosk";

// The rota's PDF for the staff-room wall, as the API serves it; tests/node/rota-pdf.test.ts reads its text.

it("serves the week as one landscape A4 page", async () => {
  const { manager, locationId, employees } = await shopWith([JANE, RAVI]);
  const [jane, ravi] = employees as [Employee, Employee];
  const add = (employee_id: string | null, start_at: string, end_at: string) =>
    api("POST", `/api/manager/rota/${locationId}/shifts`, {
      token: manager.token,
      body: { employee_id, start_at, end_at, break_minutes: 30, role: "Barista" },
    });
  expect((await add(jane.id, "2027-03-01T09:00:00Z", "2027-03-01T17:00:00Z")).status).toBe(201);
  expect((await add(ravi.id, "2027-03-02T12:00:00Z", "2027-03-02T20:00:00Z")).status).toBe(201);
  expect((await add(null, "2027-03-06T08:00:00Z", "2027-03-06T12:00:00Z")).status).toBe(201);

  const answer = await fetchPdf(manager.token, locationId, "2027-03-01");
  expect(answer.headers.get("Content-Type")).toBe("application/pdf");
  expect(answer.headers.get("Content-Disposition")).toBe('attachment; filename="rota-2027-03-01.pdf"');
  const bytes = new Uint8Array(await answer.arrayBuffer());
  expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBe(1);
  const { width, height } = pdf.getPage(0).getSize();
  expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
  expect(pdf.getTitle()).toBe("Rota: Camden High Street, Week of 01/03/2027 to 07/03/2027 · Draft");

  const wrongDay = await api("GET", `/api/manager/rota/${locationId}/pdf?week=2027-03-02`, {
    token: manager.token,
  });
  expect(wrongDay.status).toBe(400);
});

async function fetchPdf(token: string, locationId: string, week: string) {
  const answer = await exports.default.fetch(
    `http://clocked.test/api/manager/rota/${locationId}/pdf?week=${week}`,
    {
      headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": randomAddress() },
    },
  );
  expect(answer.status).toBe(200);
  return answer;
}
