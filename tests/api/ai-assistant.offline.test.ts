import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { aiQueries } from "../../worker/db/schema";
import { newId } from "../../worker/lib/crypto";
import { answerManagerOffline, MANAGER_HELP } from "../../worker/services/ai/manager-analyst";
import { managerData } from "../../worker/services/ai/manager-data";
import { api, createManager } from "../support/api";
import { insertStatusPeriod, setCurrentStatus } from "../support/hours";
import { checkIn, db, hubStub, JANE, RAVI, shopWith } from "../support/kiosk";
import { publishShift } from "../support/rota";

// The built-in analyst (no OpenAI key in the test env), answering from a known week of data.
// "Now" is Wednesday 11 March 2026, 15:00 in London (GMT): this week is Mon 9 – Sun 15 March.

const NOW = Date.UTC(2026, 2, 11, 15, 0);
const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 2, day, hour, minute);
const AMIRA = { first_name: "Amira", last_name: "Khan", pin: "1111" };
const BEN = { first_name: "Ben", last_name: "Clarke", pin: "2222" };
const CHLOE = { first_name: "Chloe", last_name: "Davies", pin: "3333" };

let ask: (question: string) => Promise<string>;
let token = "";

beforeAll(async () => {
  const shop = await shopWith([AMIRA, BEN, CHLOE], { plan: "pro" });
  const [amira, ben, chloe] = shop.employees.map((e) => e.id);
  const session = (employeeId: string | undefined, checkIn: number, checkOut: number) => ({
    id: newId(),
    employeeId: employeeId ?? "",
    checkIn,
    checkOut,
    closedBy: "kiosk" as const,
    createdAt: checkIn,
  });
  await hubStub(shop.locationId).importSessions([
    session(amira, at(9, 8), at(9, 18)),
    session(amira, at(10, 8), at(10, 18)),
    session(amira, at(11, 8), at(11, 13)),
    session(ben, at(9, 9, 20), at(9, 17)),
    session(ben, at(11, 9, 5), at(11, 12, 5)),
    session(chloe, at(11, 8, 55), at(11, 12)),
    // Last week (2–8 March): Chloe's five long days, 47h 30m after the day's break; Ben was on holiday.
    ...[2, 3, 4, 5, 6].map((day) => session(chloe, at(day, 8), at(day, 18))),
  ]);
  const created = Date.UTC(2026, 0, 1);
  await insertStatusPeriod(chloe ?? "", "sick_leave", "2026-02-02", "2026-02-04", created);
  await insertStatusPeriod(ben ?? "", "holiday", "2026-03-02", "2026-03-06", created);
  await setCurrentStatus(chloe ?? "", "sick_leave");
  const data = managerData(env, db(), shop.manager.id, NOW);
  ask = (question) => answerManagerOffline(question, data);
  token = shop.manager.token;
});

describe("the offline analyst", () => {
  it("names who worked over N hours this week, and this month", async () => {
    expect(await ask("Who worked over 20 hours this week?")).toMatch(
      /^Worked over 20 hours this week at Camden High Street: Amira Khan \(\d+h \d+m\)\.$/,
    );
    const month = await ask("who worked more than 12 hours this month?");
    expect(month).toContain("Amira Khan");
    expect(month).toContain("Chloe Davies");
    expect(month).not.toContain("Ben Clarke");
    expect(await ask("Who worked over 45 hours this week?")).toBe(
      "Nobody worked over 45 hours this week at Camden High Street.",
    );
  });

  it("counts sick days this year, and other leave types and periods", async () => {
    expect(await ask("How many sick days this year?")).toBe(
      "Sick Leave so far this year at Camden High Street: 3 days.",
    );
    expect(await ask("How many holiday days this month?")).toBe(
      "Holiday this month at Camden High Street: 5 days.",
    );
    expect(await ask("how many sick days this month?")).toBe(
      "Sick Leave this month at Camden High Street: 0 days.",
    );
    expect(await ask("How many leave days this year?")).toBe(
      "Leave so far this year at Camden High Street: 8 days (Holiday 5, Sick Leave 3).",
    );
  });

  it("lists late arrivals against the 09:00 workday start, today and this week", async () => {
    expect(await ask("Who was late today?")).toBe(
      "Late today at Camden High Street (workday starts 09:00): Ben Clarke at 09:05 (5 min late).",
    );
    expect(await ask("who was late this week?")).toBe(
      [
        "Late this week at Camden High Street (workday starts 09:00):",
        "- Ben Clarke on 09/03 at 09:20 (20 min late)",
        "- Ben Clarke on 11/03 at 09:05 (5 min late)",
      ].join("\n"),
    );
    expect(await ask("Was anyone late last week?")).toBe(
      "Nobody was late last week at Camden High Street (workday starts 09:00).",
    );
  });

  it("counts employees and says who is on leave", async () => {
    expect(await ask("How many employees do I have?")).toBe(
      "Camden High Street has 3 employees (3 active, 0 inactive).",
    );
    expect(await ask("Who is on leave?")).toBe(
      "On leave at Camden High Street now: Chloe Davies (Sick Leave).",
    );
  });

  it("says plainly what it can answer, and never claims to be a language model", async () => {
    const help = await ask("Write me a poem about rotas");
    expect(help).toBe(MANAGER_HELP);
    expect(help).toContain("not an AI language model");
    expect(help).toContain("Who is in right now?");
  });
});

describe("the offline analyst against the published rota", () => {
  let askRota: (question: string) => Promise<string>;
  let data: ReturnType<typeof managerData>;

  beforeAll(async () => {
    const shop = await shopWith(
      [
        { first_name: "Dee", last_name: "Evans", pin: "4444" },
        { first_name: "Eli", last_name: "Ford", pin: "5555" },
      ],
      { plan: "pro" },
    );
    const [dee, eli] = shop.employees.map((e) => e.id ?? "");
    const iso = (instant: number) => new Date(instant).toISOString();
    for (const employee of [dee, eli]) {
      for (const day of [9, 10]) {
        await publishShift(shop.locationId, employee ?? "", iso(at(day, 9)), iso(at(day, 17)));
      }
    }
    const session = (employeeId: string | undefined, checkIn: number, checkOut: number) => ({
      id: newId(),
      employeeId: employeeId ?? "",
      checkIn,
      checkOut,
      closedBy: "kiosk" as const,
      createdAt: checkIn,
    });
    // Dee: 20 and 10 minutes late; Eli: 5 minutes late on Monday, and never came on Tuesday.
    await hubStub(shop.locationId).importSessions([
      session(dee, at(9, 9, 20), at(9, 17)),
      session(dee, at(10, 9, 10), at(10, 17)),
      session(eli, at(9, 9, 5), at(9, 17)),
    ]);
    data = managerData(env, db(), shop.manager.id, NOW);
    askRota = (question) => answerManagerOffline(question, data);
  });

  it("answers who was late most this month from the shifts' starts, most first", async () => {
    expect(await askRota("Who was late most this month?")).toBe(
      [
        "Late against the rota this month at Camden High Street, most first:",
        "- Dee Evans: late 2 times, 30 min in all",
        "- Eli Ford: late 1 time, 5 min in all",
      ].join("\n"),
    );
    expect(await askRota("Who had no-shows this month?")).toBe(
      "No-shows this month at Camden High Street, most first: Eli Ford: 1 no-show.",
    );
  });

  it("gives the tool's figures per employee: planned, worked, lateness, no-shows", async () => {
    const [section] = (await data.plannedAgainstActual("this_week")) as Exclude<
      Awaited<ReturnType<typeof data.plannedAgainstActual>>,
      { error: string }
    >;
    expect(section?.has_rota).toBe(true);
    expect(section?.employees).toEqual([
      expect.objectContaining({
        name: "Dee Evans",
        planned_minutes: 16 * 60,
        times_late: 2,
        minutes_late: 30,
        no_shows: 0,
        unplanned_shifts: 0,
      }),
      expect.objectContaining({ name: "Eli Ford", planned: "16h 0m", times_late: 1, no_shows: 1 }),
    ]);
  });

  it("falls back to the workday start at a location without a rota", async () => {
    expect(await ask("Who was late most this week?")).toMatch(
      /^Late this week at Camden High Street \(workday starts 09:00\):\n- Ben Clarke on 09\/03/,
    );
  });
});

describe("POST /api/ai-assistant/chat (offline)", () => {
  it("answers who is in right now from the kiosk's check-ins, and records the question", async () => {
    const shop = await shopWith([JANE, RAVI], { plan: "pro" });
    await checkIn(shop.locationId, shop.employees[0]?.username ?? "", JANE.pin);
    const response = await api("POST", "/api/ai-assistant/chat", {
      token: shop.manager.token,
      body: { message: "  Who is in right now?  " },
    });
    expect(response.status).toBe(200);
    expect(response.body.response).toMatch(
      /^Checked in right now at Camden High Street \(1\): Jane Smith \(since \d\d:\d\d\)\.$/,
    );
    const recorded = await db().select().from(aiQueries).where(eq(aiQueries.userId, shop.manager.id));
    expect(recorded.map((row) => row.query)).toEqual(["Who is in right now?"]);
  });

  it("refuses Starter with the exact text, and lets a VIP on Starter in", async () => {
    const starter = await createManager({ plan: "starter" });
    const refused = await api("POST", "/api/ai-assistant/chat", {
      token: starter.token,
      body: { message: "Hi" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      detail:
        "AI Assistant is only available for Pro and Business plan users. Upgrade your plan to access this feature.",
    });
    const vip = await createManager({ plan: "starter", isVip: true });
    const allowed = await api("POST", "/api/ai-assistant/chat", {
      token: vip.token,
      body: { message: "Hi" },
    });
    expect(allowed.status).toBe(200);
  });

  it("rejects blank, missing and over-long messages with a 400, and no session with a 401", async () => {
    const manager = await createManager({ plan: "business" });
    const send = (body: unknown) => api("POST", "/api/ai-assistant/chat", { token: manager.token, body });
    expect((await send({ message: "   \n " })).status).toBe(400);
    expect((await send({})).status).toBe(400);
    expect((await send({ message: 42 })).status).toBe(400);
    const long = await send({ message: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.detail).toBe("Questions can be at most 2,000 characters");
    expect((await api("POST", "/api/ai-assistant/chat", { body: { message: "Hi" } })).status).toBe(401);
  });
});

describe("POST /api/ai-assistant/chat (offline), on Wednesday 11 March 2026 at 15:00 London", () => {
  // The route reads the clock itself: the test sets it.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  const chat = async (message: string) => {
    const response = await api("POST", "/api/ai-assistant/chat", { token, body: { message } });
    expect(response.status).toBe(200);
    return response.body.response as string;
  };

  it("answers who worked the most hours last week from last week, not this week", async () => {
    expect(await chat("Who worked the most hours last week?")).toBe(
      "Chloe Davies worked the most hours last week at Camden High Street: 47h 30m.",
    );
    expect(await chat("who worked the most hours this week?")).toBe(
      "Amira Khan worked the most hours this week at Camden High Street: 24h 0m.",
    );
  });

  it("finds who worked over 40 hours last week, and nobody this week", async () => {
    expect(await chat("Who worked over 40 hours last week?")).toBe(
      "Worked over 40 hours last week at Camden High Street: Chloe Davies (47h 30m).",
    );
    expect(await chat("Who worked over 40 hours this week?")).toBe(
      "Nobody worked over 40 hours this week at Camden High Street.",
    );
  });

  it("lists everyone's hours one line each, most first", async () => {
    expect(await chat("Hours worked this week")).toBe(
      [
        "Hours worked this week at Camden High Street:",
        "- Amira Khan: 24h 0m",
        "- Ben Clarke: 10h 10m",
        "- Chloe Davies: 3h 5m",
      ].join("\n"),
    );
  });

  it("says who is on sick leave, and whether a named employee is", async () => {
    expect(await chat("Who is on sick leave?")).toBe("Sick Leave at Camden High Street now: Chloe Davies.");
    expect(await chat("Who is on holiday?")).toBe("Nobody is on holiday at Camden High Street right now.");
    expect(await chat("Is Ben off sick?")).toBe("Ben Clarke is not on leave at Camden High Street (active).");
  });

  it("answers about an employee named by first name, for the period asked", async () => {
    expect(await chat("How many hours did Chloe work last week?")).toBe(
      "Chloe Davies worked 47h 30m last week at Camden High Street.",
    );
    expect(await chat("how many hours did chloe work this week")).toBe(
      "Chloe Davies worked 3h 5m this week at Camden High Street.",
    );
    expect(await chat("How many hours did Amira work yesterday?")).toBe(
      "Amira Khan worked 9h 30m yesterday at Camden High Street.",
    );
    expect(await chat("How many hours did Chloe work in February?")).toBe(
      "Chloe Davies worked 0h 0m in February 2026 at Camden High Street.",
    );
    expect(await chat("How many hours did Chloe work last month?")).toBe(
      "Chloe Davies worked 0h 0m last month at Camden High Street.",
    );
  });

  it("lists what it can answer when it does not understand the question", async () => {
    const help = await chat("What's the weather like in Camden?");
    expect(help).toBe(MANAGER_HELP);
    const examples = help.split("\n").filter((line) => line.startsWith("- "));
    expect(examples.length).toBeGreaterThanOrEqual(6);
    expect(help).toContain("Who worked the most hours last week?");
    expect(help).toContain("Who is on sick leave?");
  });
});
