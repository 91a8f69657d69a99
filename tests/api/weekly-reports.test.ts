import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { AutomatedReport, WeeklyReportStatus } from "../../worker/contracts/hours";
import { locations, weeklyReports } from "../../worker/db/schema";
import { parseCsv } from "../../worker/domain/csv";
import { reportDelaySeconds } from "../../worker/domain/report-schedule";
import worker from "../../worker/index";
import { REPORTS_PAGE_SIZE, type ReportMessage } from "../../worker/jobs/weekly-reports";
import { newId } from "../../worker/lib/crypto";
import { api, createManager } from "../support/api";
import { backdateLocation, download, get, insertSession } from "../support/hours";
import { addEmployee, addLocation, db, JANE, type Manager } from "../support/kiosk";
import { publishShift } from "../support/rota";

// Monday 16 November 2026, 07:30 in London (GMT): the week before is 9 to 15 November.
const MONDAY_RUN = Date.parse("2026-11-16T07:30:00Z");
const NEXT_MONDAY_RUN = Date.parse("2026-11-23T07:30:00Z");

async function runCron(scheduledTime: number, cron = "0 7 * * 1", cronEnv: Env = env) {
  const controller = createScheduledController({ scheduledTime, cron });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, cronEnv, ctx);
  await waitOnExecutionContext(ctx);
}

/** Hands the consumer a batch as the queue would, and answers what it acknowledged and retried. */
async function deliver(messages: unknown[], attempts = 1, consumerEnv: Env = env) {
  const batch = createMessageBatch(
    "clocked-reports",
    messages.map((body, i) => ({ id: `message-${i}`, timestamp: new Date(), attempts, body })),
  );
  const ctx = createExecutionContext();
  await (worker as ExportedHandler<Env>).queue?.(batch, consumerEnv, ctx);
  return getQueueResult(batch, ctx);
}

const forLocation = (locationId: string, runAt = MONDAY_RUN): ReportMessage => ({
  type: "location",
  runAt,
  locationId,
});

/** The REPORTS binding replaced by a list, so a test reads what was sent instead of the queue delivering it. */
function capturedQueue() {
  const sent: { body: ReportMessage; delaySeconds?: number }[] = [];
  const REPORTS = {
    send: async (body: ReportMessage, options?: QueueSendOptions) => {
      sent.push({ body, delaySeconds: options?.delaySeconds });
    },
    sendBatch: async (messages: Iterable<MessageSendRequest<ReportMessage>>) => {
      for (const message of messages) sent.push({ body: message.body, delaySeconds: message.delaySeconds });
    },
  } as unknown as Queue;
  return { sent, env: { ...env, REPORTS } as Env };
}

/** The real R2 bucket, except that writing a file for one location fails, as an outage would. */
function r2FailingFor(locationId: string): Env {
  const FILES = new Proxy(env.FILES, {
    get(bucket, property) {
      if (property === "put") {
        return (
          key: string,
          ...rest: Parameters<R2Bucket["put"]> extends [string, ...infer R] ? R : never
        ) =>
          key.includes(locationId)
            ? Promise.reject(new Error("R2 is unavailable"))
            : bucket.put(key, ...rest);
      }
      const value = Reflect.get(bucket, property);
      return typeof value === "function" ? value.bind(bucket) : value;
    },
  });
  return { ...env, FILES } as Env;
}

const reportsOf = (locationId: string) =>
  db().select().from(weeklyReports).where(eq(weeklyReports.locationId, locationId));

async function outbox(email: string) {
  const { body } = await api("GET", `/api/dev/outbox?email=${encodeURIComponent(email)}`);
  return body.messages as { subject: string; body: string }[];
}

async function shopWithAWeek(
  plan: "starter" | "pro",
  name = plan === "pro" ? "Leith Deli" : "Whitby Fish Bar",
) {
  const manager = await createManager({ plan });
  const locationId = await addLocation(manager, name);
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
  it("queues nothing outside Monday 07:00–07:59 in London", async () => {
    const queue = capturedQueue();
    await runCron(Date.parse("2026-11-16T06:30:00Z"), "0 6 * * 1", queue.env); // 06:30 GMT
    await runCron(Date.parse("2026-11-17T07:30:00Z"), "0 7 * * 1", queue.env); // Tuesday
    expect(queue.sent).toEqual([]);
    await runCron(MONDAY_RUN, "0 7 * * 1", queue.env);
    expect(queue.sent).toEqual([{ body: { type: "page", runAt: MONDAY_RUN, after: "" } }]);
  });

  it("reaches every location through the queue: last week's file in R2, a row in D1, one e-mail", async () => {
    await runCron(MONDAY_RUN); // the real queue: the page message, then one message per location
    await vi.waitFor(
      async () => {
        expect(await reportsOf(starter.locationId)).toHaveLength(1);
        expect(await reportsOf(pro.locationId)).toHaveLength(3);
        expect(await outbox(pro.manager.email)).toHaveLength(1);
      },
      { timeout: 25_000, interval: 250 },
    );

    const [report] = await reportsOf(starter.locationId);
    expect(report).toMatchObject({
      kind: "7_days",
      period: "week_2026_11_09",
      startDate: "2026-11-09",
      endDate: "2026-11-15",
      createdAt: MONDAY_RUN,
    });
    expect(report?.r2Key).toMatch(new RegExp(`^reports/${starter.locationId}/week_2026_11_09-`));

    const file = await env.FILES.get(report?.r2Key ?? "");
    expect(file).not.toBeNull();
    const bytes = new Uint8Array((await file?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect(bytes.byteLength).toBe(report?.size);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = parseCsv(new TextDecoder().decode(bytes));
    expect(csv[0]?.[0]).toBe("Date");
    expect(csv).toContainEqual(["Grand total", "", "", "", "", "12:00", "0:30", "0:00", "", "", "", "", ""]);

    const mail = await outbox(starter.manager.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe("Hours report for Whitby Fish Bar: Week 09/11/2026 – 15/11/2026");
    expect(mail[0]?.body).toContain("1 staff, 12h 0m worked");
    expect(mail[0]?.body).toContain("http://localhost:5173/manager-dashboard");
    // Starter does not approve pay periods; Pro is told last week's is waiting, with a link to it.
    expect(mail[0]?.body).not.toContain("waiting for your approval");
    const [proMail] = await outbox(pro.manager.email);
    expect(proMail?.body).toContain(
      "Pay period 09/11/2026 – 15/11/2026 is waiting for your approval: http://localhost:5173/manager-dashboard?timesheets=pay_2026-11-09",
    );
  });

  it("makes each report once however often its message comes, together or one after another", async () => {
    const results = await Promise.all([
      deliver([forLocation(starter.locationId), forLocation(starter.locationId)]),
      deliver([forLocation(starter.locationId)]),
    ]);
    await deliver([forLocation(starter.locationId)], 2);
    expect(results.flatMap((result) => result.explicitAcks)).toHaveLength(3);
    expect(results.flatMap((result) => result.retryMessages)).toEqual([]);
    expect(await reportsOf(starter.locationId)).toHaveLength(1);
    const listed = await env.FILES.list({ prefix: `reports/${starter.locationId}/` });
    expect(listed.objects).toHaveLength(1); // a racing delivery removes its own copy
    expect(await outbox(starter.manager.email)).toHaveLength(1);
  });

  it("retries a location that failed without holding up the others", async () => {
    const broken = await shopWithAWeek("starter", "Broken Oven Bakery");
    const fine = await shopWithAWeek("starter", "Steady Café");
    const first = await deliver(
      [forLocation(broken.locationId), forLocation(fine.locationId)],
      1,
      r2FailingFor(broken.locationId),
    );
    expect(first.retryMessages).toEqual([{ msgId: "message-0" }]); // after retryDelaySeconds(1)
    expect(first.explicitAcks).toEqual(["message-1"]);
    expect(await reportsOf(broken.locationId)).toEqual([]); // no row without its file
    expect(await outbox(broken.manager.email)).toEqual([]);
    expect(await reportsOf(fine.locationId)).toHaveLength(1);

    const second = await deliver([forLocation(broken.locationId)], 2, r2FailingFor(broken.locationId));
    expect(second.retryMessages).toEqual([{ msgId: "message-0" }]);

    const third = await deliver([forLocation(broken.locationId)], 3); // R2 is back
    expect(third.explicitAcks).toEqual(["message-0"]);
    expect(await reportsOf(broken.locationId)).toHaveLength(1);
    expect(await outbox(broken.manager.email)).toHaveLength(1);
  });

  it("fans out a page of locations at a time, each held back to its own slot in the hour", async () => {
    const manager = await createManager({ plan: "business" });
    await addLocation(manager, "Head Office");
    const archived = await addLocation(manager, "Closed Branch");
    await api("DELETE", `/api/manager/locations/${archived}`, { token: manager.token });
    const many = Array.from({ length: REPORTS_PAGE_SIZE + 20 }, (_, i) => ({
      id: `zz-${String(i).padStart(3, "0")}-${newId()}`,
      userId: manager.id,
      name: `Branch ${i}`,
    }));
    for (let i = 0; i < many.length; i += 10)
      await db()
        .insert(locations)
        .values(many.slice(i, i + 10));
    const runAt = Date.now();

    const queue = capturedQueue();
    expect((await deliver([{ type: "page", runAt, after: "" }], 1, queue.env)).explicitAcks).toHaveLength(1);
    const pages = [queue.sent.filter((m) => m.body.type === "location")];
    const next = queue.sent.find((m) => m.body.type === "page");
    expect(pages[0]).toHaveLength(REPORTS_PAGE_SIZE);
    expect(next?.body).toMatchObject({ type: "page", runAt });

    const rest = capturedQueue();
    await deliver([next?.body], 1, rest.env);
    pages.push(rest.sent.filter((m) => m.body.type === "location"));
    expect(rest.sent.some((m) => m.body.type === "page")).toBe(false); // the last page ends the run

    const queued = pages.flat();
    const ids = queued.map((m) => (m.body.type === "location" ? m.body.locationId : ""));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([starter.locationId, pro.locationId, ...many.map((l) => l.id)]),
    );
    expect(ids).not.toContain(archived);
    for (const message of queued) {
      expect(message.body.runAt).toBe(runAt);
      expect(message.delaySeconds).toBeGreaterThanOrEqual(0);
      expect(message.delaySeconds).toBeLessThanOrEqual(50 * 60);
    }
    const own = queued.find((m) => m.body.type === "location" && m.body.locationId === pro.locationId);
    expect(own?.delaySeconds).toBe(reportDelaySeconds(pro.locationId, runAt, runAt));
  });

  it("drops a message it cannot read instead of retrying it for ever, and skips an archived location", async () => {
    const manager = await createManager({ plan: "pro" });
    await addLocation(manager, "Open Kiosk");
    const archived = await addLocation(manager, "Shut Kiosk");
    await backdateLocation(archived);
    await api("DELETE", `/api/manager/locations/${archived}`, { token: manager.token });
    const result = await deliver([{ type: "everything" }, forLocation(archived)]);
    expect(result.explicitAcks).toEqual(["message-0", "message-1"]);
    expect(await reportsOf(archived)).toEqual([]);
  });

  it("gives planned hours, actual hours and the variance per employee where the week had a published rota", async () => {
    const shop = await shopWithAWeek("starter", "Rota Café");
    // Tuesday 09:00–17:30 with a 30-minute break, and Wednesday 09:00–17:00: 16 hours planned; 12 worked.
    await publishShift(shop.locationId, shop.jane.id, "2026-11-10T09:00:00Z", "2026-11-10T17:30:00Z", {
      breakMinutes: 30,
    });
    await publishShift(shop.locationId, shop.jane.id, "2026-11-11T09:00:00Z", "2026-11-11T17:00:00Z");
    await deliver([forLocation(shop.locationId)]);
    const [report] = await reportsOf(shop.locationId);
    const file = await env.FILES.get(report?.r2Key ?? "");
    const csv = parseCsv(new TextDecoder().decode(await file?.arrayBuffer()));
    expect(csv[0]?.slice(-3)).toEqual(["Planned", "Actual", "Variance"]);
    expect(csv.find((row) => row[0] === "Total")?.slice(-3)).toEqual(["16:00", "12:00", "-4:00"]);
    expect(csv.at(-1)?.slice(-3)).toEqual(["16:00", "12:00", "-4:00"]);
    // A row of a session says nothing of the plan: the figures are the employee's.
    expect(csv[1]?.slice(-3)).toEqual(["", "", ""]);
    const [mail] = await outbox(shop.manager.email);
    expect(mail?.body).toContain("Planned against actual (the rota):");
    expect(mail?.body).toContain("Jane Smith: 16h 0m planned, 12h 0m worked (-4h 0m)");
    // Without a rota the e-mail says nothing of one.
    const [plain] = await outbox(starter.manager.email);
    expect(plain?.body).not.toContain("Planned against actual");
  });

  it("makes the 14-day and monthly reports too on Pro, each once", async () => {
    const kinds = (await reportsOf(pro.locationId)).map((r) => [r.kind, r.period]).sort();
    expect(kinds).toEqual([
      ["14_days", "fortnight_2026_10_26"],
      ["7_days", "week_2026_11_09"],
      ["monthly", "month_2026_10"],
    ]);
    expect(await outbox(pro.manager.email)).toHaveLength(1);
    await deliver([
      forLocation(pro.locationId, NEXT_MONDAY_RUN),
      forLocation(starter.locationId, NEXT_MONDAY_RUN),
    ]);
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
