import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { HOSTILE_CHARACTERS } from "./support/contracts";
import { rightfulAuthorization } from "./support/credentials";
import { type Call, isErrorBody, send, summary } from "./support/http";
import { fillPath, ROUTES, routeName } from "./support/routes";
import { snapshot } from "./support/snapshot";
import { type Tenant, tenant } from "./support/tenant";

// Every GET route, as its rightful caller at real ids, with odd query strings: reading never fails
// with a 5xx, a refusal is a 4xx with a detail, and nothing is written.
const SEED = 20_260_010;
const RUNS_PER_ROUTE = 15;

// The WebSocket upgrade has its own tests (tests/durable/live-socket.test.ts).
const routes = ROUTES.filter((route) => route.method === "GET" && !route.path.startsWith("/api/live/"));

const KEYS = [
  "period",
  "search",
  "month",
  "year",
  "from",
  "to",
  "date",
  "page",
  "limit",
  "format",
  "email",
  "session_id",
];
const VALUES = [
  "",
  "this_week",
  "month_2025_13",
  "month_0_0",
  "month_9999_12",
  "month_2025_9_extra",
  "ytd",
  "-1",
  "NaN",
  "1e309",
  "99999999999999999999",
  "../../etc/passwd",
  "' OR 1=1 --",
  "%",
  "_",
  "*",
  "2026-02-30",
  "👩🏽‍🍳",
  "x".repeat(5000),
];

/** Already percent-encoded: bytes that are not UTF-8 at all, or not even valid escapes. */
const RAW_VALUES = ["%ED%A0%80", "%FF%FE", "%C0%AF", "%", "%%", "%0", "%00", "%E2%80%AE", "a+b", "a%20b"];

/** Percent-encodes text, a lone surrogate as the bytes a careless client would send for it (%ED%A0%80…). */
const encode = (text: string) =>
  [...text]
    .map((char) => {
      const unit = char.charCodeAt(0);
      if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join("");
      }
      return encodeURIComponent(char);
    })
    .join("");

const oddValue = fc.oneof(
  fc.constantFrom(...VALUES).map(encode),
  fc.constantFrom(...HOSTILE_CHARACTERS).map((c) => encode(`a${c}b`)),
  fc.string({ maxLength: 30 }).map(encode),
  fc.constantFrom(...RAW_VALUES),
);
const queryString = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.string({ minLength: 1, maxLength: 8 })), oddValue), {
    minLength: 1,
    maxLength: 4,
  })
  .map((pairs) => pairs.map(([key, value]) => `${encode(key)}=${value}`).join("&"));

describe("a GET route given an odd query string", () => {
  let owner: Tenant;
  beforeAll(async () => {
    owner = await tenant({ plan: "business" });
  });

  for (const route of routes) {
    it(`${routeName(route)} answers without a 5xx and writes nothing`, async () => {
      const authorization = await rightfulAuthorization(route, owner);
      await fc.assert(
        fc.asyncProperty(queryString, async (query) => {
          const call: Call = {
            method: "GET",
            path: `${fillPath(route.path, owner.ids)}?${query}`,
            authorization,
          };
          const before = await snapshot();
          const answer = await send(call);
          const fine = answer.status < 400 || (answer.status < 500 && isErrorBody(answer.json));
          expect(fine, JSON.stringify(summary(call, answer))).toBe(true);
          expect(await snapshot()).toEqual(before);
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED },
      );
    });
  }
});
