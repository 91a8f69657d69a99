import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  acceptedBody,
  fieldsOf,
  HOSTILE_CHARACTERS,
  oddText,
  refusesSomeText,
  textContractRefuses,
} from "./support/contracts";
import { rightfulAuthorization } from "./support/credentials";
import { type Call, isErrorBody, percentEncode, summary } from "./support/http";
import { fillPath, type Ids, ROUTES, type Route, routeName } from "./support/routes";
import { sendChangingNothing, sendRecordingAtMostAnExport } from "./support/snapshot";
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

const encode = percentEncode;

const oddValue = fc.oneof(
  fc.constantFrom(...VALUES).map(encode),
  fc.constantFrom(...HOSTILE_CHARACTERS).map((c) => encode(`a${c}b`)),
  fc.string({ maxLength: 30 }).map(encode),
  fc.constantFrom(...RAW_VALUES),
);
/** GET at these ids with this (already encoded) query string. */
const withQuery = (route: Route, ids: Ids, query: string, authorization: string | undefined): Call => ({
  method: "GET",
  path: `${fillPath(route.path, ids)}?${query}`,
  authorization,
});

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
    it(`${routeName(route)} answers without a 5xx and writes nothing but the record of an export`, async () => {
      const authorization = await rightfulAuthorization(route, owner);
      await fc.assert(
        fc.asyncProperty(queryString, async (query) => {
          const call = withQuery(route, owner.ids, query, authorization);
          const answer = await sendRecordingAtMostAnExport(call);
          const fine = answer.status < 400 || (answer.status < 500 && isErrorBody(answer.json));
          expect(fine, JSON.stringify(summary(call, answer))).toBe(true);
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED },
      );
    });
  }
});

// Every route with a query contract (query()) whose fields it can refuse, attacked one field at a time with
// values that contract refuses, the other fields ones it accepts: the contract answers, a 400 with a detail,
// before anything is read or written.
const contracted = ROUTES.flatMap((route) => {
  const contract = route.queryContract;
  if (!contract) return [];
  const base = (acceptedBody(contract) ?? {}) as Record<string, string>;
  return refusesSomeText(contract, base) ? [{ route, contract, base }] : [];
});

describe("a route given a query value its contract refuses", () => {
  let owner: Tenant;
  beforeAll(async () => {
    owner = await tenant({ plan: "business" });
  });

  it("has query contracts to attack", () => {
    expect(contracted.map(({ route }) => routeName(route))).toEqual(
      expect.arrayContaining([
        "GET /api/manager/staff-hours/:locationId",
        "GET /api/manager/leave-analytics/:locationId",
        "GET /api/super-admin/users",
      ]),
    );
  });

  for (const { route, contract, base } of contracted) {
    it(`${routeName(route)}: too long or wrong values for ${fieldsOf(contract).join(", ")}`, async () => {
      const authorization = await rightfulAuthorization(route, owner);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...fieldsOf(contract)), oddText, async (field, value) => {
          const values = { ...base, [field]: value };
          fc.pre(textContractRefuses(contract, values));
          const query = Object.entries(values)
            .map(([key, text]) => `${percentEncode(key)}=${percentEncode(text)}`)
            .join("&");
          const call = withQuery(route, owner.ids, query, authorization);
          const answer = await sendChangingNothing(call);
          const refused = answer.status === 400 && isErrorBody(answer.json);
          expect(refused, JSON.stringify({ field, ...summary(call, answer) })).toBe(true);
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED },
      );
    });
  }
});
