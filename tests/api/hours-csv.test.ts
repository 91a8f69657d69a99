import { describe, expect, it } from "vitest";
import { parseCsv } from "../../worker/domain/csv";
import { localDateOf } from "../../worker/domain/time-zone";
import { createManager } from "../support/api";
import { download, insertSession } from "../support/hours";
import { addEmployee, addLocation, JANE } from "../support/kiosk";

const BOM = [0xef, 0xbb, 0xbf];
const HEADER = [
  "Date",
  "Employee",
  "Username",
  "In",
  "Out",
  "Worked",
  "Break",
  "Overtime",
  "Notes",
  "Changes",
  "Planned",
  "Actual",
  "Variance",
];
const today = () => localDateOf(Date.now(), "Europe/London");

async function shop(plan: "starter" | "pro" | "business") {
  const manager = await createManager({ plan });
  const locationId = await addLocation(manager, "Camden High Street");
  const jane = await addEmployee(manager, locationId, JANE);
  const mallory = await addEmployee(manager, locationId, {
    first_name: '=HYPERLINK("http://evil.example","Click")',
    last_name: "+1",
    pin: "9999",
  });
  await insertSession(locationId, jane.id, "2025-10-20T08:00:00Z", "2025-10-20T16:30:00Z");
  await insertSession(locationId, mallory.id, "2025-10-21T08:00:00Z", "2025-10-21T12:00:00Z");
  return { manager, locationId, jane, mallory };
}

describe("the all-employees CSV", () => {
  it("is a UTF-8 CSV download with a BOM, named after the location, the period and today", async () => {
    const { manager, locationId } = await shop("pro");
    const file = await download(
      manager,
      `/api/manager/staff-hours/${locationId}/all-employees-csv?period=month_2025_10`,
    );
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toBe(
      `attachment; filename="clocked-camden-high-street-month_2025_10-${today()}.csv"`,
    );
    expect([...file.bytes.slice(0, 3)]).toEqual(BOM);
    expect(file.text).toContain("\r\n");
    const rows = parseCsv(file.text);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toContainEqual([
      "20/10/2025",
      "Jane Smith",
      "janes",
      "09:00",
      "17:30",
      "8:00",
      "0:30",
      "0:00",
      "Break assumed",
      "",
      "",
      "",
      "",
    ]);
    expect(rows.at(-1)).toEqual(["Grand total", "", "", "", "", "12:00", "0:30", "0:00", "", "", "", "", ""]);
  });

  it("neutralises an employee named like a formula, end to end", async () => {
    const { manager, locationId, mallory } = await shop("business");
    const file = await download(
      manager,
      `/api/manager/staff-hours/${locationId}/all-employees-csv?period=month_2025_10`,
    );
    const names = parseCsv(file.text).map((row) => row[1]);
    expect(names).toContain(`'=HYPERLINK("http://evil.example","Click") +1`);
    expect(names.some((name) => name?.startsWith("="))).toBe(false);
    expect(file.text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"") +1"`);

    const one = await download(
      manager,
      `/api/manager/staff-hours/${locationId}/employee/${mallory.id}/csv?period=month_2025_10`,
    );
    expect(one.headers.get("Content-Disposition")).toBe(
      `attachment; filename="clocked-camden-high-street-hyperlink-http-evil-example-click-1-month_2025_10-${today()}.csv"`,
    );
    const rows = parseCsv(one.text);
    expect(rows.map((row) => row[1]).filter(Boolean)).toEqual([
      "Employee",
      `'=HYPERLINK("http://evil.example","Click") +1`,
      `'=HYPERLINK("http://evil.example","Click") +1`,
    ]);
  });

  it("answers Starter with a 403 that says which plans have it", async () => {
    const { manager, locationId, jane } = await shop("starter");
    for (const path of [
      `/api/manager/staff-hours/${locationId}/all-employees-csv`,
      `/api/manager/staff-hours/${locationId}/employee/${jane.id}/csv`,
    ]) {
      const file = await download(manager, path);
      expect(file.status).toBe(403);
      expect(JSON.parse(file.text).detail).toContain("requires Pro or Business plan");
    }
  });

  it("answers 404 for another account's location or employee, and 400 for an unknown period", async () => {
    const { manager, locationId, jane } = await shop("pro");
    const other = await shop("pro");
    expect(
      (await download(other.manager, `/api/manager/staff-hours/${locationId}/all-employees-csv`)).status,
    ).toBe(404);
    expect(
      (await download(manager, `/api/manager/staff-hours/${locationId}/employee/${other.jane.id}/csv`))
        .status,
    ).toBe(404);
    expect(
      (
        await download(
          manager,
          `/api/manager/staff-hours/${locationId}/employee/${jane.id}/csv?period=month_1999_1`,
        )
      ).status,
    ).toBe(400);
  });
});
