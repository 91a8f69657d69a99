import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { aiQueries } from "../../worker/db/schema";
import { newId } from "../../worker/lib/crypto";
import { answerManagerOffline, MANAGER_HELP } from "../../worker/services/ai/manager-analyst";
import { managerData } from "../../worker/services/ai/manager-data";
import { api, createManager } from "../support/api";
import { insertStatusPeriod, setCurrentStatus } from "../support/hours";
import { checkIn, db, hubStub, JANE, RAVI, shopWith } from "../support/kiosk";

// The built-in analyst (no OpenAI key in the test env), answering from a known week of data.
// "Now" is Wednesday 11 March 2026, 15:00 in London (GMT): this week is Mon 9 – Sun 15 March.

const NOW = Date.UTC(2026, 2, 11, 15, 0);
const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 2, day, hour, minute);
const AMIRA = { first_name: "Amira", last_name: "Khan", pin: "1111" };
const BEN = { first_name: "Ben", last_name: "Clarke", pin: "2222" };
const CHLOE = { first_name: "Chloe", last_name: "Davies", pin: "3333" };

let ask: (question: string) => Promise<string>;

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
    session(chloe, at(2, 8), at(2, 18)),
  ]);
  const created = Date.UTC(2026, 0, 1);
  await insertStatusPeriod(chloe ?? "", "sick_leave", "2026-02-02", "2026-02-04", created);
  await insertStatusPeriod(ben ?? "", "holiday", "2026-03-02", "2026-03-06", created);
  await setCurrentStatus(chloe ?? "", "sick_leave");
  const data = managerData(env, db(), shop.manager.id, NOW);
  ask = (question) => answerManagerOffline(question, data);
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
      "Nobody has worked over 45 hours this week at Camden High Street.",
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
      "Late this week at Camden High Street (workday starts 09:00): Ben Clarke on 09/03 at 09:20 (20 min late), Ben Clarke on 11/03 at 09:05 (5 min late).",
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
