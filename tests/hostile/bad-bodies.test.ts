import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type Attack, acceptedBody, attacks, contractRefuses, hostileTextAttacks } from "./support/contracts";
import { rightfulAuthorization } from "./support/credentials";
import { type Answer, type Call, isErrorBody, send, summary } from "./support/http";
import { fillPath, ROUTES, type Route, routeName } from "./support/routes";
import { snapshot } from "./support/snapshot";
import { type Tenant, tenant } from "./support/tenant";

// Every route whose handlers include a body contract (jsonBody, optionalJsonBody, noBody) is attacked
// with bodies derived from that contract, as its rightful caller, at real ids.
const SEED = 20_260_009;
const RUNS_PER_ROUTE = 25;

const routes = ROUTES.flatMap((route) => (route.contract ? [{ route, contract: route.contract }] : []));

describe("a route given a body it must refuse", () => {
  let owner: Tenant;
  beforeAll(async () => {
    // Business, so no plan limit answers first and hides what validation would have let through.
    owner = await tenant({ plan: "business" });
  });

  const presetIds = () => ({
    location_id: owner.ids.location,
    employee_id: owner.ids.employee,
    device_id: owner.ids.device,
  });

  const callFor = async (route: Route, attack: Attack): Promise<Call> => ({
    method: route.method,
    path: fillPath(route.path, owner.ids),
    authorization: await rightfulAuthorization(route, owner),
    raw: attack.raw,
    contentType: attack.contentType,
  });

  const expectRefusal = (call: Call, attack: Attack, answer: Answer) => {
    const refused = answer.status >= 400 && answer.status < 500 && isErrorBody(answer.json);
    expect(refused, JSON.stringify({ attack: attack.label, ...summary(call, answer) })).toBe(true);
  };

  for (const { route, contract } of routes) {
    it(`${routeName(route)}: wrong types, missing and extra fields, nulls, huge and odd values, non-JSON`, async () => {
      const accepted = acceptedBody(contract.schema, presetIds());
      await fc.assert(
        fc.asyncProperty(attacks(contract, accepted), async (attack) => {
          if (attack.policy === "contract") fc.pre(contractRefuses(contract, attack.raw));
          const call = await callFor(route, attack);
          const before = await snapshot();
          expectRefusal(call, attack, await send(call));
          expect(await snapshot(), `${attack.label} changed rows`).toEqual(before);
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED },
      );
    });

    it(`${routeName(route)}: lone surrogates, control, bidi-override and invisible characters in any field`, async () => {
      const sweep = hostileTextAttacks(contract, acceptedBody(contract.schema, presetIds()));
      const calls = await Promise.all(sweep.map((attack) => callFor(route, attack)));
      const before = await snapshot();
      const answers = await Promise.all(calls.map(send));
      for (const [i, attack] of sweep.entries()) {
        expectRefusal(calls[i] as Call, attack, answers[i] as Answer);
      }
      expect(await snapshot()).toEqual(before);
    });
  }
});
