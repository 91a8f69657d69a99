import { describe, expect, it } from "vitest";
import type {
  EntryHistoryResponse,
  TimesheetEntry,
  TimesheetResponse,
} from "../../worker/contracts/timesheets";
import { parseCsv } from "../../worker/domain/csv";
import { localDateOfDayNumber, weekdayOf, zoneCalendar } from "../../worker/domain/time-zone";
import { PERIOD_LOCKED } from "../../worker/durable/hub-approvals";
import { api } from "../support/api";
import { download } from "../support/hours";
import { auditRowsFor, JANE, type Manager, shopWith } from "../support/kiosk";
import { approve, LAST_PERIOD, setPay, shopWithAWeek } from "../support/payroll";
import { publishShift, setPayToRota } from "../support/rota";

// The plan against the timesheet (docs/rota.md): pay to the rota in every file that pays, without touching
// what was recorded, and the overtime a manager approves on an entry.

const LONDON = zoneCalendar("Europe/London");
const HOUR = 3_600_000;
const today = LONDON.dayOf(Date.now());
const lastMonday = today - (weekdayOf(localDateOfDayNumber(today)) - 1) - 7;
/** Last week's day (0: Monday) at a local hour, as ISO 8601. */
const lastWeek = (day: number, hours: number) =>
  new Date(LONDON.startOf(lastMonday + day) + hours * HOUR).toISOString();

async function sheet(manager: Manager, locationId: string) {
  const response = await api("GET", `/api/manager/timesheets/${locationId}?period=${LAST_PERIOD}`, {
    token: manager.token,
  });
  expect(response.status).toBe(200);
  return response.body as unknown as TimesheetResponse;
}

const entriesOf = (timesheet: TimesheetResponse, employeeId: string) => {
  const seen = new Map<string, TimesheetEntry>();
  for (const day of timesheet.employees.find((e) => e.employee_id === employeeId)?.days ?? []) {
    for (const entry of day.entries) seen.set(entry.id, entry);
  }
  return [...seen.values()];
};

const overtime = (manager: Manager, locationId: string, entryId: string, approved: boolean) =>
  api("POST", `/api/manager/timesheets/${locationId}/entries/${entryId}/overtime`, {
    token: manager.token,
    body: { approved },
  });

/** Each of the five payroll files, read down to [who, hours] for basic and overtime. */
async function fiveFiles(manager: Manager, locationId: string) {
  const file = async (format: string) => {
    const got = await download(
      manager,
      `/api/manager/payroll-export/${locationId}?period=${LAST_PERIOD}&format=${format}`,
    );
    expect(got.status, format).toBe(200);
    return parseCsv(got.text);
  };
  const xeroDays = (await file("xero")).slice(1).map((row) => [row[0], row[2], row[3]]);
  return {
    brightpay: (await file("brightpay")).slice(1).map((row) => [row[0], ...row.slice(3)]),
    sage50: (await file("sage50")).map((row) => [row[1], row[2], row[5]]),
    xero: xeroDays,
    staffology: (await file("staffology")).slice(1).map((row) => [row[0], row[1], row[3]?.split(",")[0]]),
    csv: (await file("csv")).slice(1).map((row) => [row[0], row[4], row[6]]),
  };
}

/**
 * Last week: Jane worked Monday 08:00–18:00 against a published shift of 09:00–17:00, Ravi Tuesday 09:00–15:00
 * to his shift; both have a payroll ID and a rate, and overtime is paid after 8 hours a day.
 */
async function shopOnTheRota() {
  const shop = await shopWithAWeek();
  await setPay(shop.manager, shop.locationId, shop.jane, "1042", 12.21);
  await setPay(shop.manager, shop.locationId, shop.ravi, "1043", 11.44);
  await publishShift(shop.locationId, shop.jane, lastWeek(0, 9), lastWeek(0, 17));
  await publishShift(shop.locationId, shop.ravi, lastWeek(1, 9), lastWeek(1, 15));
  return shop;
}

describe("pay to the rota", () => {
  it("is off by default: the plan changes nothing in pay", async () => {
    const { manager, locationId } = await shopOnTheRota();
    expect((await approve(manager, locationId)).status).toBe(200);
    const files = await fiveFiles(manager, locationId);
    expect(files.brightpay).toEqual([
      ["1042", "8.00", "2.00"],
      ["1043", "6.00", "0.00"],
    ]);
    expect(files.csv).toEqual([
      ["1042", "basic", "8.00"],
      ["1042", "overtime", "2.00"],
      ["1043", "basic", "6.00"],
    ]);
  });

  it("pays the shift, not the early start and the late finish, in all five payroll files", async () => {
    const { manager, locationId } = await shopOnTheRota();
    await setPayToRota(locationId, true);
    expect((await approve(manager, locationId)).status).toBe(200);
    const files = await fiveFiles(manager, locationId);
    expect(files.brightpay).toEqual([
      ["1042", "8.00"],
      ["1043", "6.00"],
    ]);
    expect(files.sage50).toEqual([
      ["1042", "1", "8.00"],
      ["1043", "1", "6.00"],
    ]);
    expect(files.xero).toEqual([
      ["Jane Smith", "8.00", "Ordinary Hours"],
      ["Ravi Kumar", "6.00", "Ordinary Hours"],
    ]);
    expect(files.staffology).toEqual([
      ["1042", "BASIC", "8.00 h × £12.21"],
      ["1043", "BASIC", "6.00 h × £11.44"],
    ]);
    expect(files.csv).toEqual([
      ["1042", "basic", "8.00"],
      ["1043", "basic", "6.00"],
    ]);
  });

  it("never changes the recorded punch: the entry, its history and its times stay as the kiosk had them", async () => {
    const { manager, locationId, jane } = await shopOnTheRota();
    await setPayToRota(locationId, true);
    const timesheet = await sheet(manager, locationId);
    const [entry] = entriesOf(timesheet, jane);
    expect(entry).toMatchObject({
      check_in_at: lastWeek(0, 8),
      check_out_at: lastWeek(0, 18),
      planned: { start_at: lastWeek(0, 9), end_at: lastWeek(0, 17), break_minutes: 0 },
      variance: { unplanned: false, started_early_minutes: 60, over_minutes: 60, late_minutes: 0 },
      paid: { from: lastWeek(0, 9), to: lastWeek(0, 17) },
      overtime_approved: null,
    });
    // The day's figures are the paid ones, like every other report of hours.
    const monday = timesheet.employees.find((e) => e.employee_id === jane)?.days[0];
    expect(monday?.worked_minutes).toBe(8 * 60);
    const history = await api("GET", `/api/manager/timesheets/${locationId}/entries/${entry?.id}/history`, {
      token: manager.token,
    });
    const versions = (history.body as unknown as EntryHistoryResponse).history;
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      action: "recorded",
      check_in_at: lastWeek(0, 8),
      check_out_at: lastWeek(0, 18),
    });
  });

  it("pays an entry's approved overtime to its check-out, in all five payroll files, audited", async () => {
    const { manager, locationId, jane } = await shopOnTheRota();
    await setPayToRota(locationId, true);
    const [entry] = entriesOf(await sheet(manager, locationId), jane);
    const approved = await overtime(manager, locationId, entry?.id ?? "", true);
    expect(approved).toMatchObject({
      status: 200,
      body: { entry_id: entry?.id, overtime_approved: { by: expect.any(String) } },
    });
    const [after] = entriesOf(await sheet(manager, locationId), jane);
    // The time before the shift is still not paid; the time after it now is.
    expect(after?.paid).toEqual({ from: lastWeek(0, 9), to: null });
    expect(after?.overtime_approved).toMatchObject({ by: expect.any(String) });
    expect(await auditRowsFor(entry?.id ?? "")).toContainEqual(
      expect.objectContaining({ entity: "timesheet_entry", action: "overtime_approved" }),
    );
    expect((await approve(manager, locationId)).status).toBe(200);
    const files = await fiveFiles(manager, locationId);
    expect(files.brightpay).toEqual([
      ["1042", "8.00", "1.00"],
      ["1043", "6.00", "0.00"],
    ]);
    expect(files.sage50).toEqual([
      ["1042", "1", "8.00"],
      ["1042", "2", "1.00"],
      ["1043", "1", "6.00"],
    ]);
    expect(files.xero).toEqual([
      ["Jane Smith", "8.00", "Ordinary Hours"],
      ["Jane Smith", "1.00", "Overtime Hours"],
      ["Ravi Kumar", "6.00", "Ordinary Hours"],
    ]);
    expect(files.staffology).toEqual([
      ["1042", "BASIC", "8.00 h × £12.21"],
      ["1042", "OVERTIME", "1.00 h × £18.315"],
      ["1043", "BASIC", "6.00 h × £11.44"],
    ]);
    expect(files.csv).toEqual([
      ["1042", "basic", "8.00"],
      ["1042", "overtime", "1.00"],
      ["1043", "basic", "6.00"],
    ]);
  });

  it("refuses overtime on a locked entry (409), and another tenant's entry or location (404)", async () => {
    const { manager, locationId, jane } = await shopOnTheRota();
    const [entry] = entriesOf(await sheet(manager, locationId), jane);
    const entryId = entry?.id ?? "";
    const other = await shopWith([JANE], { plan: "pro" });
    expect((await overtime(other.manager, locationId, entryId, true)).status).toBe(404);
    expect((await overtime(other.manager, other.locationId, entryId, true)).status).toBe(404);
    expect((await approve(manager, locationId)).status).toBe(200);
    expect(await overtime(manager, locationId, entryId, true)).toMatchObject({
      status: 409,
      body: { detail: PERIOD_LOCKED },
    });
    expect(
      (
        await api("POST", `/api/manager/timesheets/${locationId}/entries/${entryId}/overtime`, {
          token: manager.token,
          body: { approved: "yes" },
        })
      ).status,
    ).toBe(400);
  });
});
