import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AutomatedReport, WeeklyReportStatus } from "../../worker/contracts/hours";
import { weeklyReports } from "../../worker/db/schema";
import { parseCsv } from "../../worker/domain/csv";
import worker from "../../worker/index";
import { newId } from "../../worker/lib/crypto";
import { api, createManager } from "../support/api";
import { backdateLocation, download, get, insertSession } from "../support/hours";
import { addEmployee, addLocation, db, JANE, type Manager } from "../support/kiosk";

// Monday 16 November 2026, 07:30 in London (GMT): the week before is 9 to 15 November.
const MONDAY_RUN = Date.parse("2026-11-16T07:30:00Z");

async function runCron(scheduledTime: number, cron = "0 7 * * 1") {
  const controller = createScheduledController({ scheduledTime, cron });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

const reportsOf = (locationId: string) =>
  db().select().from(weeklyReports).where(eq(weeklyReports.locationId, locationId));

async function outbox(email: string) {
  const { body } = await api("GET", `/api/dev/outbox?email=${encodeURIComponent(email)}`);
  return body.messages as { subject: string; body: string }[];
}

async function shopWithAWeek(plan: "starter" | "pro") {
  const manager = await createManager({ plan });
  const locationId = await addLocation(manager, plan === "pro" ? "Leith Deli" : "Whitby Fish Bar");
  await backdateLocation(locationId);
  const jane = await addEmployee(manager, locationId, JANE);
  await insertSession(locationId, jane.id, "2026-11-10T09:00:00Z", "2026-11-10T17:30:00Z");
  await insertSession(locationId, jane.id, "2026-11-11T09:00:00Z", "2026-11-11T13:00:00Z");
  return { manager, locationId, jane };
}

let starter: Awaited<ReturnType<typeof shopWithAWeek>>;
let pro: Awaited<ReturnType<typeof shopWithAWeek>>;

beforeAll(async () => {
  starter = await shopWithAWeek("starter");
  pro = await shopWithAWeek("pro");
});

describe("the Monday job", () => {
  it("does nothing outside Monday 07:00–07:59 in London", async () => {
    await runCron(Date.parse("2026-11-16T06:30:00Z"), "0 6 * * 1"); // 06:30 GMT
    await runCron(Date.parse("2026-11-17T07:30:00Z")); // Tuesday
    expect(await reportsOf(starter.locationId)).toEqual([]);
    expect(await outbox(starter.manager.email)).toEqual([]);
  });

  it("makes last week's report once, however often it runs: file in R2, row in D1, one e-mail", async () => {
    await runCron(MONDAY_RUN);
    await runCron(MONDAY_RUN + 60_000);
    await Promise.all([runCron(MONDAY_RUN), runCron(MONDAY_RUN)]);

    const rows = await reportsOf(starter.locationId);
    expect(rows).toHaveLength(1);
    const [report] = rows;
    expect(report).toMatchObject({
      kind: "7_days",
      period: "week_2026_11_09",
      startDate: "2026-11-09",
      endDate: "2026-11-15",
      createdAt: MONDAY_RUN,
    });
    expect(report?.r2Key).toMatch(new RegExp(`^reports/${starter.locationId}/week_2026_11_09-`));

    const file = await env.LOGOS.get(report?.r2Key ?? "");
    expect(file).not.toBeNull();
    const bytes = new Uint8Array((await file?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect(bytes.byteLength).toBe(report?.size);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = parseCsv(new TextDecoder().decode(bytes));
    expect(csv[0]?.[0]).toBe("Date");
    expect(csv).toContainEqual(["Grand total", "", "", "", "", "12:00", "0:30", "0:00"]);
    const listed = await env.LOGOS.list({ prefix: `reports/${starter.locationId}/` });
    expect(listed.objects).toHaveLength(1); // the racing runs removed their own copies

    const mail = await outbox(starter.manager.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe("Hours report for Whitby Fish Bar: Week 09/11/2026 – 15/11/2026");
    expect(mail[0]?.body).toContain("1 staff, 12h 0m worked");
    expect(mail[0]?.body).toContain("http://localhost:5173/manager-dashboard");
  });

  it("makes the 14-day and monthly reports too on Pro, each once", async () => {
    const kinds = (await reportsOf(pro.locationId)).map((r) => [r.kind, r.period]).sort();
    expect(kinds).toEqual([
      ["14_days", "fortnight_2026_10_26"],
      ["7_days", "week_2026_11_09"],
      ["monthly", "month_2026_10"],
    ]);
    expect(await outbox(pro.manager.email)).toHaveLength(1);
    await runCron(Date.parse("2026-11-23T07:30:00Z"));
    const next = (await reportsOf(pro.locationId)).map((r) => r.period).sort();
    expect(next).toEqual([
      "fortnight_2026_10_26",
      "fortnight_2026_11_09",
      "month_2026_10",
      "week_2026_11_09",
      "week_2026_11_16",
    ]);
  });
});

describe("the reports on the dashboard", () => {
  const list = async (manager: Manager, locationId: string) =>
    (await get(manager, `/api/manager/automated-reports/list/${locationId}`)).body
      .reports as AutomatedReport[];

  it("say when the last one was made and when the next run is", async () => {
    const status = (await get(starter.manager, `/api/manager/weekly-reports/status/${starter.locationId}`))
      .body as WeeklyReportStatus;
    expect(status).toMatchObject({
      enabled: true,
      last_generated_at: "2026-11-23T07:30:00.000Z",
      report_kinds: ["7_days"],
    });
    const next = Date.parse(status.next_run_at);
    expect(next).toBeGreaterThan(Date.now());
    expect(next - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600_000);
  });

  it("list the kinds the plan includes, newest first, and download them", async () => {
    const reports = await list(pro.manager, pro.locationId);
    expect(reports.map((r) => r.period)).toEqual([
      "week_2026_11_16",
      "fortnight_2026_11_09",
      "week_2026_11_09",
      "fortnight_2026_10_26",
      "month_2026_10",
    ]);
    expect(reports[0]).toMatchObject({ kind: "7_days", period_name: "Week 16/11/2026 – 22/11/2026" });
    const week = reports.find((r) => r.period === "week_2026_11_09");
    const file = await download(
      pro.manager,
      `/api/manager/automated-reports/${pro.locationId}/${week?.id}/download`,
    );
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toBe(
      'attachment; filename="clocked-leith-deli-week_2026_11_09-2026-11-16.csv"',
    );
    expect(file.bytes.byteLength).toBe(week?.size);
  });

  it("keep other kinds from Starter, and every report from other accounts", async () => {
    const hidden = newId();
    await db().insert(weeklyReports).values({
      id: hidden,
      locationId: starter.locationId,
      kind: "monthly",
      period: "month_2026_10",
      startDate: "2026-10-01",
      endDate: "2026-10-31",
      r2Key: "reports/none.csv",
      size: 0,
      createdAt: MONDAY_RUN,
    });
    expect((await list(starter.manager, starter.locationId)).map((r) => r.kind)).toEqual([
      "7_days",
      "7_days",
    ]);
    const refused = await download(
      starter.manager,
      `/api/manager/automated-reports/${starter.locationId}/${hidden}/download`,
    );
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text).detail).toBe(
      "Monthly reports are available on the Pro and Business plans. Upgrade to see them.",
    );

    const [proReport] = await list(pro.manager, pro.locationId);
    expect(
      (
        await download(
          starter.manager,
          `/api/manager/automated-reports/${pro.locationId}/${proReport?.id}/download`,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await download(
          starter.manager,
          `/api/manager/automated-reports/${starter.locationId}/${proReport?.id}/download`,
        )
      ).status,
    ).toBe(404);
    expect((await get(starter.manager, `/api/manager/automated-reports/list/${pro.locationId}`)).status).toBe(
      404,
    );
    expect((await get(starter.manager, `/api/manager/weekly-reports/status/${pro.locationId}`)).status).toBe(
      404,
    );
  });
});
