import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { acceptedBody, fieldsOf, oddText, textContractRefuses } from "./support/contracts";
import { rightfulAuthorization } from "./support/credentials";
import { type Call, isErrorBody, summary } from "./support/http";
import { fillPath, paramsOf, ROUTES, routeName } from "./support/routes";
import { sendChangingNothing } from "./support/snapshot";
import { type Tenant, tenant } from "./support/tenant";

// Every route whose path names something validates it by its contract (params()): each is attacked with
// values that contract refuses, one parameter at a time, the others the owner's real ids, as the route's
// rightful caller with a body it accepts. The contract answers first: a 400 with a detail, nothing written.
const SEED = 20_260_011;
const RUNS_PER_ROUTE = 15;

const routes = ROUTES.flatMap((route) =>
  route.paramContract ? [{ route, contract: route.paramContract }] : [],
);

describe("a route given a path parameter it must refuse", () => {
  let owner: Tenant;
  beforeAll(async () => {
    owner = await tenant({ plan: "business" });
  });

  /** The owner's real ids, by parameter name: what the contract accepts. */
  const realParams = (path: string) =>
    Object.fromEntries(paramsOf(path).map((p) => [p.name, owner.ids[p.kind] ?? crypto.randomUUID()]));

  for (const { route, contract } of routes) {
    it(`${routeName(route)}: too long, wrong characters, hostile characters and random text`, async () => {
      const base = realParams(route.path);
      const fields = fieldsOf(contract);
      const body = route.contract
        ? acceptedBody(route.contract.schema, { location_id: owner.ids.location })
        : undefined;
      const authorization = await rightfulAuthorization(route, owner);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...fields), oddText, async (field, value) => {
          fc.pre(textContractRefuses(contract, { ...base, [field]: value }));
          const call: Call = {
            method: route.method,
            path: fillPath(route.path, owner.ids, { ...base, [field]: value }),
            authorization,
            raw: body === undefined ? undefined : JSON.stringify(body),
            contentType: body === undefined ? undefined : "application/json",
          };
          const answer = await sendChangingNothing(call, `${field} = ${JSON.stringify(value.slice(0, 40))}`);
          const refused = answer.status === 400 && isErrorBody(answer.json);
          expect(refused, JSON.stringify({ field, ...summary(call, answer) })).toBe(true);
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED },
      );
    });
  }
});
